"""HTTP-level checks against the real server, through raw sockets: what a browser or SDK never sends."""
import json
import socket
import urllib.parse

import pytest


def raw(server, request: bytes, close_write=True) -> tuple[int, dict]:
    """Sends `request` as is and returns the status and the JSON body of the answer."""
    host, port = server.base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as s:
        s.sendall(request)
        if close_write:
            s.shutdown(socket.SHUT_WR)
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    status = int(head.split(b" ")[1])
    return status, json.loads(body) if body.startswith(b"{") else {}


def post(server, token, body: bytes, extra=b"", length=None) -> bytes:
    length = len(body) if length is None else length
    return (b"POST /2/statuses/update.json HTTP/1.1\r\nHost: sparrow\r\nAuthorization: OAuth2 " + token.encode()
            + b"\r\nContent-Type: application/x-www-form-urlencoded\r\n" + extra
            + (b"Content-Length: %d\r\n" % length if length >= 0 else b"") + b"\r\n" + body)


def my_texts(server, token):
    return [s["text"] for s in server.api("statuses/user_timeline.json?count=50", token)["statuses"]]


def test_cut_short_and_broken_bodies_are_client_errors_and_change_nothing(server):
    token = server.token("sparrow")["access_token"]
    before = my_texts(server, token)

    # A body that ends before its Content-Length.
    status, body = raw(server, post(server, token, b"status=wire-short", length=100))
    assert status == 400 and body["error_code"] == 10008
    # A chunked body whose chunk size is not hex.
    status, body = raw(server, post(server, token, b"zz\r\nstatus=wire-chunked\r\n0\r\n\r\n",
                                    extra=b"Transfer-Encoding: chunked\r\n", length=-1))
    assert status == 400 and body["error_code"] == 10008
    # A NUL, and a percent-escape that is not UTF-8 (a lone surrogate): refused, naming the parameter.
    for text in [b"wire%00nul", b"wire%ED%A0%80", b"wire%zz"]:
        status, body = raw(server, post(server, token, b"status=" + text))
        assert status == 400 and body["error_code"] == 10017 and "(status)" in body["error"], text

    assert my_texts(server, token) == before


def raw_answer(server, request: bytes) -> tuple[int, dict, bytes]:
    """Sends `request` as is; the status, the headers (lower-case names) and the body of the answer."""
    host, port = server.base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as s:
        s.sendall(request)
        s.shutdown(socket.SHUT_WR)
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    assert int(headers.get("content-length", len(body))) == len(body)
    return int(lines[0].split(" ")[1]), headers, body


@pytest.mark.parametrize("path, kind", [
    ("/2/statuses/home_timeline.json?count=1", "weibo"), ("/daka/api/checkins", "weibo"),
    ("/oauth2/access_token", "weibo"), ("/v1/deal/find_deals?city=1", "deals"), ("/tuan", "page"), ("/", "page"),
])
def test_requests_http_cannot_read_get_their_apps_format(server, path, kind):
    """What the HTTP parser itself refuses (a header line without a colon; headers past the size limit) is
    answered in the format of the app the path belongs to, never with an empty 400."""
    for request, status in [
        (f"GET {path} HTTP/1.1\r\nHost: sparrow\r\nBroken header line\r\n\r\n".encode(), 400),
        (f"GET {path} HTTP/1.1\r\nHost: sparrow\r\nX-Big: ".encode() + b"a" * 200_000 + b"\r\n\r\n", 431),
    ]:
        got, headers, body = raw_answer(server, request)
        assert got == status, (path, got, body[:200])
        assert headers["connection"] == "close" and headers["x-content-type-options"] == "nosniff"
        if kind == "weibo":
            envelope = json.loads(body)
            assert envelope["error_code"] == 10008 and envelope["request"] == path.split("?")[0], envelope
        elif kind == "deals":
            envelope = json.loads(body)
            assert envelope["status"] == "ERROR" and envelope["error"]["errorCode"] == 10002, envelope
        else:
            assert headers["content-type"].startswith("text/html") and "请求" in body.decode(), body


def test_a_later_request_on_a_kept_connection_gets_its_own_apps_format(server):
    host, port = server.base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as s:
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: sparrow\r\n\r\n")
        assert s.recv(65536).startswith(b"HTTP/1.1 200")
        s.sendall(b"GET /v1/deal/find_deals HTTP/1.1\r\nHost: sparrow\r\nBroken header line\r\n\r\n")
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 400") and b'"status":"ERROR"' in answer, answer


@pytest.mark.parametrize("method", ["PUT", "DELETE", "PATCH", "TRACE"])
def test_other_methods_get_the_envelope(server, method):
    status, body = raw(server, f"{method} /2/statuses/show.json?id=1 HTTP/1.1\r\nHost: sparrow\r\n\r\n".encode())
    assert status == 400 and body["error_code"] == 10021


def test_a_proper_post_still_works(server):
    token = server.token("sparrow")["access_token"]
    text = "wire 正常的一条"
    status, body = raw(server, post(server, token, b"status=" + urllib.parse.quote(text).encode()))
    assert status == 200 and body["text"] == text
    assert text in my_texts(server, token)


@pytest.fixture
def tight_server():
    """A server of its own with a 1-second idle timeout and room for two connections."""
    import os, shutil, subprocess, tempfile, time, urllib.request
    from conftest import ROOT, free_port
    binary = os.environ.get("SPARROW_BIN", str(ROOT / ".build" / "debug" / "sparrow"))
    data = tempfile.mkdtemp(prefix="sparrow-wire-")
    port = free_port()
    process = subprocess.Popen([binary, "serve", "--port", str(port), "--data", data, "--idle-timeout", "1",
                                "--max-connections", "2"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2):
                    break
            except OSError:
                time.sleep(0.2)
        time.sleep(1.5)  # the probe's connection times out and frees its place
        yield port
    finally:
        process.terminate()
        process.wait(timeout=10)
        shutil.rmtree(data, ignore_errors=True)


def test_a_half_sent_request_is_closed_when_it_goes_quiet(tight_server):
    with socket.create_connection(("127.0.0.1", tight_server), timeout=10) as s:
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: spa")  # and then nothing
        started = __import__("time").time()
        assert s.recv(1024) == b""  # closed by the server, not by our timeout
        assert __import__("time").time() - started < 5


def test_connections_past_the_limit_wait_their_turn(tight_server):
    import time
    quiet = [socket.create_connection(("127.0.0.1", tight_server), timeout=10) for _ in range(2)]
    time.sleep(0.3)
    third = socket.create_connection(("127.0.0.1", tight_server), timeout=10)
    third.sendall(b"GET /healthz HTTP/1.1\r\nHost: sparrow\r\nConnection: close\r\n\r\n")
    third.settimeout(0.5)
    with pytest.raises(socket.timeout):
        third.recv(1024)  # not served while two are open
    for s in quiet:
        s.close()
    third.settimeout(10)
    assert third.recv(1024).startswith(b"HTTP/1.1 200")
    third.close()


def test_acknowledged_writes_survive_sigkill():
    """Posts from several clients at once; SIGKILL mid-burst; every acknowledged post is there after a restart,
    and the counters agree with the rows."""
    import os, re, shutil, signal, subprocess, tempfile, threading, time, urllib.error, urllib.request
    from conftest import ROOT, Server, free_port
    binary = os.environ.get("SPARROW_BIN", str(ROOT / ".build" / "debug" / "sparrow"))
    data = tempfile.mkdtemp(prefix="sparrow-kill-")
    port = free_port()
    base = f"http://127.0.0.1:{port}"

    def start():
        log = open(os.path.join(data, "server.log"), "a+")
        process = subprocess.Popen([binary, "serve", "--demo", "--port", str(port), "--data", data,
                                    "--user-limit", "0", "--post-limit", "0"], stdout=log, stderr=subprocess.STDOUT)
        deadline = time.time() + 120
        while time.time() < deadline:
            try:
                with urllib.request.urlopen(base + "/healthz", timeout=2):
                    return process, log
            except OSError:
                time.sleep(0.2)
        raise AssertionError("sparrow did not start")

    process, log = start()
    try:
        log.seek(0)
        client_id, secret = re.search(r"client_id (\S+), client_secret (\S+)", log.read()).groups()
        server = Server(base, client_id, secret)
        token = server.token("sparrow")["access_token"]
        acknowledged, lock, stop = [], threading.Lock(), threading.Event()

        def writer(n):
            i = 0
            while not stop.is_set():
                i += 1
                try:
                    status = server.api("statuses/update.json", token, {"status": f"kill test {n}-{i}"})
                except (urllib.error.URLError, ConnectionError, OSError):
                    return  # the server is gone: this one was not acknowledged
                with lock:
                    acknowledged.append(status["idstr"])

        threads = [threading.Thread(target=writer, args=(n,)) for n in range(4)]
        for t in threads:
            t.start()
        time.sleep(1.5)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
        stop.set()
        for t in threads:
            t.join(timeout=15)
        assert len(acknowledged) > 10, "the burst was too short to mean anything"

        process, log = start()
        token = server.token("sparrow")["access_token"]
        for idstr in acknowledged:
            shown = server.api(f"statuses/show.json?id={idstr}", token)
            assert shown["idstr"] == idstr
        me = server.api("users/show.json?screen_name=sparrow", token)
        timeline = server.api("statuses/user_timeline.json?count=1", token)
        assert me["statuses_count"] == timeline["total_number"]
    finally:
        process.kill()
        process.wait(timeout=10)
        shutil.rmtree(data, ignore_errors=True)


def test_sigterm_finishes_the_request_in_flight_then_exits_cleanly():
    """A post half sent when SIGTERM arrives is still answered (and kept); new connections are refused; the
    process exits 0 once it is done. Logs are JSON lines with the request's route, status, time and id."""
    import os, re, shutil, signal, subprocess, tempfile, time, urllib.request
    from conftest import ROOT, Server, free_port
    binary = os.environ.get("SPARROW_BIN", str(ROOT / ".build" / "debug" / "sparrow"))
    data = tempfile.mkdtemp(prefix="sparrow-term-")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    out, err = open(os.path.join(data, "out.log"), "w+"), open(os.path.join(data, "err.log"), "w+")
    process = subprocess.Popen([binary, "serve", "--demo", "--port", str(port), "--data", data, "--log-format", "json"],
                               stdout=out, stderr=err)
    try:
        deadline = time.time() + 120
        while True:
            try:
                with urllib.request.urlopen(base + "/healthz", timeout=2):
                    break
            except OSError:
                assert time.time() < deadline, "sparrow did not start"
                time.sleep(0.2)
        out.seek(0)
        client_id, secret = re.search(r"client_id (\S+), client_secret (\S+)", out.read()).groups()
        token = Server(base, client_id, secret).token("sparrow")["access_token"]
        body = b"status=" + urllib.parse.quote("关机前的最后一条").encode()
        with socket.create_connection(("127.0.0.1", port), timeout=20) as s:
            s.sendall(post(None, token, body)[:-10])  # the head and most of the body
            time.sleep(0.3)
            process.send_signal(signal.SIGTERM)
            time.sleep(0.5)
            with pytest.raises(OSError):
                socket.create_connection(("127.0.0.1", port), timeout=2).close()  # no longer accepting
            s.sendall(body[-10:])
            answer = b""
            while b"\r\n\r\n" not in answer or not answer.rstrip().endswith(b"}"):
                chunk = s.recv(65536)
                if not chunk:
                    break
                answer += chunk
        assert answer.startswith(b"HTTP/1.1 200"), answer[:300]
        posted = json.loads(answer.partition(b"\r\n\r\n")[2])
        assert posted["text"] == "关机前的最后一条"
        assert process.wait(timeout=20) == 0
        out.seek(0)
        assert "Sparrow stopped." in out.read()
        err.seek(0)
        logged = err.read()
        lines = [json.loads(line) for line in logged.splitlines() if line.startswith("{")]
        updates = [line for line in lines if line.get("route") == "/2/statuses/update.json"]
        assert updates and updates[-1]["status"] == "200" and float(updates[-1]["ms"]) > 0
        # The id the client saw. (Hummingbird's ids are hex without leading zeros in their first half: 17–32 digits.)
        sent = re.search(rb"(?i)x-request-id: ([0-9a-f]+)", answer).group(1).decode()
        assert updates[-1]["request_id"] == sent and re.fullmatch(r"[0-9a-f]{17,32}", sent)
        assert token not in logged, "no token reaches the logs"
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=10)
        out.close()
        err.close()
        shutil.rmtree(data, ignore_errors=True)
