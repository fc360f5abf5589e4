"""`serve --demo` on a database that already has people: nothing loaded, one line saying why, no login that fails."""
import os
import subprocess
import urllib.request

from conftest import ROOT, free_port, wait_until_up

BINARY = os.environ.get("SPARROW_BIN", str(ROOT / ".build" / "debug" / "sparrow"))


def test_demo_on_a_database_with_people_loads_nothing_and_prints_no_login(tmp_path):
    clean = {k: v for k, v in os.environ.items() if not k.startswith("SPARROW_") or k == "SPARROW_BIN"}
    data = tmp_path / "data"
    made = subprocess.run([BINARY, "user", "create", "--name", "alice", "--password", "secret-123", "--data", str(data)],
                          capture_output=True, text=True, timeout=60, env=clean)
    assert made.returncode == 0, made.stderr
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with open(tmp_path / "server.log", "w+") as log:
        process = subprocess.Popen([BINARY, "serve", "--demo", "--port", str(port), "--data", str(data)],
                                   stdout=log, stderr=subprocess.STDOUT, env=clean)
        try:
            wait_until_up(process, base, log, seconds=60)
            # The web client's sign-in (its redirect followed to the authorize page) offers no demo login.
            with urllib.request.urlopen(base + "/compose", timeout=10) as response:
                page = response.read().decode()
        finally:
            process.terminate()
            process.wait(timeout=10)
        log.seek(0)
        printed = log.read()
    assert 'id="passwd"' in page, "the sign-in form"
    assert "sparrow123" not in page and 'id="fill"' not in page
    assert "Demo content not loaded: the database already has 1 user." in printed
    assert "Demo login" not in printed and "sparrow123" not in printed and "Loaded demo content" not in printed
