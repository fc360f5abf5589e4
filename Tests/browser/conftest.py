"""Browser journeys for the web client: one demo server per session, headless Chromium per test."""
import json
import os
import re
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "screenshots"
SIZES = [(375, 812), (1280, 800)]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, base, client_id, client_secret, data=None):
        self.base = base
        self.client_id = client_id
        self.client_secret = client_secret
        self.data = data

    def sparrow(self, *args):
        """Runs a `sparrow` command on the server's data, as an operator would beside it."""
        binary = os.environ.get("SPARROW_BIN", str(ROOT / ".build" / "debug" / "sparrow"))
        result = subprocess.run([binary, *args, "--data", self.data], capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, result.stderr
        return result.stdout

    def url(self, path):
        return self.base + path

    def api(self, path, token, data=None):
        """Calls `/2/…`; a dict `data` is POSTed as a form."""
        url = self.base + "/2/" + path
        body = None
        if data is not None:
            body = urllib.parse.urlencode(data).encode()
        request = urllib.request.Request(url, data=body, headers={"Authorization": "OAuth2 " + token})
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())

    def token(self, username, password="sparrow123"):
        """A password-grant token from the terminal client's first-party app."""
        data = urllib.parse.urlencode({
            "client_id": self.client_id, "client_secret": self.client_secret, "grant_type": "password",
            "username": username, "password": password,
        }).encode()
        with urllib.request.urlopen(self.base + "/oauth2/access_token", data=data, timeout=10) as response:
            return json.loads(response.read())


def wait_until_up(process, base, log, seconds=120):
    """Waits for a started `sparrow serve` to answer /healthz; fails with what it printed (`log`) if it stops first."""
    deadline = time.time() + seconds
    while True:
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            pass
        if process.poll() is not None or time.time() > deadline:
            log.seek(0)
            pytest.fail("sparrow did not start:\n" + log.read())
        time.sleep(0.3)


@pytest.fixture(scope="session")
def server():
    binary = os.environ.get("SPARROW_BIN", str(ROOT / ".build" / "debug" / "sparrow"))
    if not Path(binary).exists():
        pytest.fail(f"{binary} is not built: run swift build first (or set SPARROW_BIN)")
    data = tempfile.mkdtemp(prefix="sparrow-browser-")
    port = free_port()
    log = open(Path(data) / "server.log", "w+")
    process = subprocess.Popen([binary, "serve", "--demo", "--port", str(port), "--data", data],
                               stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(process, base, log)
        log.seek(0)
        match = re.search(r"client_id (\S+), client_secret (\S+)", log.read())
        assert match, "serve --demo did not print the terminal client's credentials"
        yield Server(base, match.group(1), match.group(2), data)
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()
        shutil.rmtree(data, ignore_errors=True)


@pytest.fixture
def driver():
    browser = make_driver()
    yield browser
    browser.quit()


def make_driver(javascript=True):
    """Headless Chromium at the phone size, through the system chromedriver."""
    options = webdriver.ChromeOptions()
    options.add_argument("--headless=new")
    options.add_argument("--no-sandbox")
    options.add_argument("--disable-dev-shm-usage")
    options.add_argument("--window-size=375,812")
    options.add_argument("--lang=zh-CN")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    if binary:
        options.binary_location = binary
    service = None
    chromedriver = shutil.which("chromedriver")
    if chromedriver:
        from selenium.webdriver.chrome.service import Service
        service = Service(chromedriver)
    browser = webdriver.Chrome(options=options, service=service)
    set_viewport(browser, *SIZES[0])
    return browser


def console_errors(driver):
    """The errors the browser logged since the last look: a module that failed to load or link, a script the
    Content-Security-Policy refused, an uncaught exception."""
    return [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]


def wait(driver, condition, timeout=10):
    # Buttons are replaced by the server's fragment while we look: a stale element means "look again".
    return WebDriverWait(driver, timeout, ignored_exceptions=(StaleElementReferenceException,)).until(condition)


def reload_by(driver, action, timeout=15):
    """Runs `action` and waits for the page it loads (the old document gone)."""
    old = driver.find_element(By.TAG_NAME, "html")
    action()

    def gone(_):
        try:
            old.is_enabled()
            return False
        except StaleElementReferenceException:
            return True
        except WebDriverException:  # asked mid-navigation ("node … does not belong to the document"): look again
            return False

    wait(driver, gone, timeout)


def visible(driver, css, timeout=10):
    return wait(driver, EC.visibility_of_element_located((By.CSS_SELECTOR, css)), timeout)


def shoot(driver, name, keep_scroll=False):
    """Saves the page at phone and desktop sizes, then returns to the phone size."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in SIZES:
        set_viewport(driver, width, height)
        time.sleep(0.35)
        driver.save_screenshot(str(SHOTS / f"{name}-{width}x{height}.png"))
    set_viewport(driver, *SIZES[0])
    time.sleep(0.2)


def set_viewport(driver, width, height):
    """Sizes the window so that the page itself (not the window) is width × height."""
    driver.set_window_size(width, height)
    inner = driver.execute_script("return [window.innerWidth, window.innerHeight]")
    if inner != [width, height]:
        driver.set_window_size(width + (width - inner[0]), height + (height - inner[1]))


def login(driver, server, autofill=True):
    """Signs in as the demo account through the authorize page and its 填充 button (or by typing)."""
    driver.get(server.url("/"))
    driver.find_element(By.ID, "nav-login").click()
    wait(driver, EC.url_contains("/oauth2/authorize"))
    if autofill:
        visible(driver, "#fill").click()
    else:
        driver.find_element(By.ID, "userId").send_keys("sparrow")
        driver.find_element(By.ID, "passwd").send_keys("sparrow123")
    driver.find_element(By.ID, "authorize").click()
    wait(driver, lambda d: d.current_url.rstrip("/") == server.base and d.find_elements(By.CSS_SELECTOR, ".card"), 15)


@pytest.fixture
def signed_in(driver, server):
    login(driver, server)
    return driver


def write_png(path, width, height, rgb, noise=False):
    """A plain RGB PNG, so the journeys upload real pictures without an imaging library. `noise` makes it
    incompressible, so it is large enough to watch it upload."""
    import os
    import struct
    import zlib

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    if noise:
        rows = b"".join(b"\x00" + os.urandom(width * 3) for _ in range(height))
    else:
        rows = (b"\x00" + bytes(rgb) * width) * height
    raw = zlib.compress(rows, 9)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    Path(path).write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", raw) + chunk(b"IEND", b""))
    return str(path)
