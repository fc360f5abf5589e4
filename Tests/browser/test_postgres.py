"""`sparrow` on PostgreSQL (`--database`, `SPARROW_DATABASE_URL`): one-line errors for a database it cannot use,
and a whole journey against a real cluster, surviving a restart. Skipped when PostgreSQL is not installed, unless
SPARROW_TEST_POSTGRES=1 (CI), where a cluster that cannot start fails the test."""
import glob
import os
import pwd
import re
import shutil
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

from conftest import ROOT, Server, free_port

BINARY = os.environ.get("SPARROW_BIN", str(ROOT / ".build" / "debug" / "sparrow"))
PASSWORD = "pg-secret-1"


def pg_bin():
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    return str(Path(versions[-1]).parent) if versions else None


@pytest.fixture(scope="module")
def cluster():
    """A throwaway cluster with password authentication on a loopback port; yields (port, folder)."""
    bin_dir = pg_bin()
    if bin_dir is None:
        if os.environ.get("SPARROW_TEST_POSTGRES") == "1":
            pytest.fail("SPARROW_TEST_POSTGRES=1 but PostgreSQL is not installed")
        pytest.skip("PostgreSQL is not installed")
    folder = tempfile.mkdtemp(prefix="sparrow-pg-e2e-")
    as_user = []
    if os.geteuid() == 0:  # initdb refuses root
        user = "postgres"
        pwd.getpwnam(user)
        shutil.chown(folder, user)
        as_user = ["runuser", "-u", user, "--"]
    Path(folder, "pw").write_text(PASSWORD + "\n")
    if as_user:
        shutil.chown(Path(folder, "pw"), "postgres")
    port = free_port()
    subprocess.run(as_user + [f"{bin_dir}/initdb", "-D", f"{folder}/data", "-U", "sparrow", "--auth=scram-sha-256",
                              f"--pwfile={folder}/pw", "-E", "UTF8", "--locale=C.UTF-8", "-N"],
                   check=True, capture_output=True)
    subprocess.run(as_user + [f"{bin_dir}/pg_ctl", "-D", f"{folder}/data", "-l", f"{folder}/log", "-w", "-o",
                              f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off", "start"],
                   check=True, capture_output=True)
    try:
        yield port
    finally:
        subprocess.run(as_user + [f"{bin_dir}/pg_ctl", "-D", f"{folder}/data", "-m", "immediate", "stop"],
                       capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


def url(port, database="postgres", password=PASSWORD):
    return f"postgres://sparrow:{password}@127.0.0.1:{port}/{database}"


def sparrow(*args, env=None, timeout=60):
    return subprocess.run([BINARY, *args], capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, **(env or {})})


def error_line(result):
    lines = [line for line in result.stderr.splitlines() if line.startswith("Error:")]
    assert result.returncode != 0 and len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr and "Fatal error" not in result.stderr
    return lines[0]


def test_a_database_it_cannot_use_is_one_line_and_a_nonzero_exit(cluster, tmp_path):
    data = str(tmp_path)
    base = ["user", "create", "--name", "nobody1", "--password", "123456", "--data", data]
    assert "must look like postgres://" in error_line(sparrow(*base, "--database", "mysql://x/y"))
    assert "refused" in error_line(sparrow(*base, "--database", url(free_port()))).lower()
    assert "password authentication failed" in error_line(sparrow(*base, "--database", url(cluster, password="wrong")))
    assert 'database "missing" does not exist' in error_line(sparrow(*base, "--database", url(cluster, "missing")))


def start(port, data, env):
    http = free_port()
    log = open(Path(data) / f"server-{http}.log", "w+")
    process = subprocess.Popen([BINARY, "serve", "--demo", "--port", str(http), "--data", data],
                               stdout=log, stderr=subprocess.STDOUT, env={**os.environ, **env})
    base = f"http://127.0.0.1:{http}"
    deadline = time.time() + 120
    while True:
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=2):
                break
        except OSError:
            if process.poll() is not None or time.time() > deadline:
                log.seek(0)
                pytest.fail("sparrow did not start on PostgreSQL:\n" + log.read())
            time.sleep(0.3)
    return process, base, log


def test_a_journey_on_postgres_survives_a_restart(cluster, tmp_path):
    env = {"SPARROW_DATABASE_URL": url(cluster)}
    created = sparrow("app", "create", "--name", "e2e", "--redirect-uri", "http://127.0.0.1/cb", "--first-party",
                      "--data", str(tmp_path), env=env)
    assert created.returncode == 0, created.stderr
    app = re.search(r'"client_id":"(\d+)".*"client_secret":"([0-9a-f]+)"', created.stdout)
    process, base, log = start(cluster, str(tmp_path), env)
    try:
        server = Server(base, app.group(1), app.group(2))
        token = server.token("sparrow")["access_token"]
        posted = server.api("statuses/update.json", token, {"status": "在 PostgreSQL 上 #数据库#"})
        sid = posted["idstr"]
        server.api("comments/create.json", token, {"id": sid, "comment": "第一条评论"})
        server.api("favorites/create.json", token, {"id": sid})
        private = server.api("statuses/update.json", token, {"status": "只有我看得见 PostgreSQL", "visible": "1"})
        shown = server.api(f"statuses/show.json?id={sid}", token)
        assert shown["comments_count"] == 1 and shown["favorited"] is True
        found = [s["idstr"] for s in server.api("search/statuses.json?q=PostgreSQL", token)["statuses"]]
        assert found == [sid], "search finds the public status only"
    finally:
        process.terminate()
        process.wait(timeout=10)
        log.close()
    # Another process on the same database sees everything the first acknowledged.
    process, base, log = start(cluster, str(tmp_path), env)
    try:
        server = Server(base, app.group(1), app.group(2))
        token = server.token("sparrow")["access_token"]
        shown = server.api(f"statuses/show.json?id={sid}", token)
        assert shown["text"] == "在 PostgreSQL 上 #数据库#" and shown["comments_count"] == 1
        mine = [s["idstr"] for s in server.api("statuses/user_timeline.json?count=50", token)["statuses"]]
        assert sid in mine and private["idstr"] in mine
        server.api("statuses/destroy.json", token, {"id": sid})
        assert [s["idstr"] for s in server.api("search/statuses.json?q=PostgreSQL", token)["statuses"]] == []
        assert not (tmp_path / "sparrow.sqlite").exists(), "the data went to PostgreSQL, not a SQLite file"
    finally:
        process.terminate()
        process.wait(timeout=10)
        log.close()
