"""Settings from the command line, SPARROW_* variables and a --config file, in that order of precedence."""
import json
import os
import subprocess

from conftest import ROOT

BINARY = os.environ.get("SPARROW_BIN", str(ROOT / ".build" / "debug" / "sparrow"))


def sparrow(*args, env=None):
    clean = {k: v for k, v in os.environ.items() if not k.startswith("SPARROW_") or k == "SPARROW_BIN"}
    return subprocess.run([BINARY, *args], capture_output=True, text=True, timeout=60, env={**clean, **(env or {})})


def created_name(result):
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)["screen_name"]


def test_the_command_line_beats_the_environment_beats_the_file(tmp_path):
    settings = tmp_path / "sparrow.conf"
    settings.write_text(f"# one file for every command\ndata = {tmp_path}/data\nname = fromfile\npassword = secret-1\n"
                        "port = 9999   # serve's, no concern of user create\n")
    assert created_name(sparrow("user", "create", "--config", str(settings))) == "fromfile"
    assert created_name(sparrow("user", "create", env={"SPARROW_CONFIG": str(settings), "SPARROW_NAME": "fromenv"})) == "fromenv"
    assert created_name(sparrow("user", "create", "--config", str(settings), "--name", "fromcli",
                                env={"SPARROW_NAME": "fromenv2"})) == "fromcli"
    assert (tmp_path / "data" / "sparrow.sqlite").exists(), "the file's data folder was used"


def test_a_bad_settings_file_is_one_clear_line(tmp_path):
    settings = tmp_path / "bad.conf"
    settings.write_text("port = 8080\nprot = 8081\n")
    result = sparrow("serve", "--config", str(settings))
    assert result.returncode != 0 and f"{settings}:2: no command has --prot" in result.stderr
    settings.write_text("just words\n")
    assert f"{settings}:1: expected `name = value`" in sparrow("serve", "--config", str(settings)).stderr
    assert "not an IP address" in sparrow("serve", "--data", str(tmp_path), env={"SPARROW_TRUSTED_PROXY": "proxy.lan"}).stderr
