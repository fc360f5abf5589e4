"""Journeys through 打卡's web client at /daka at a phone width (screenshots in artifacts/screenshots/daka-*):
checking in with pictures, finding by search, the detail, editing, deleting, privacy between two people, the
足迹 map, the export."""
import io
import json
import time
import urllib.error
import urllib.request
import zipfile

from PIL import Image
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC

from conftest import SHOTS, console_errors, make_driver, reload_by, set_viewport, visible, wait

PHONE, DESKTOP = (375, 812), (1280, 800)


def shoot(driver, name):
    """Saves the page at the phone and desktop widths, then returns to the phone."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in (PHONE, DESKTOP):
        set_viewport(driver, width, height)
        time.sleep(0.6)  # the rows' scale-in animation
        driver.save_screenshot(str(SHOTS / f"daka-{name}-{width}x{height}.png"))
    set_viewport(driver, *PHONE)
    time.sleep(0.2)


def photo(path, colour, gps=None, taken=None):
    """A JPEG of one colour; `gps` (lat, lng) and `taken` ("YYYY:MM:DD HH:MM:SS") go into its EXIF."""
    image = Image.new("RGB", (640, 480), colour)
    exif = Image.Exif()
    if taken:
        exif.get_ifd(0x8769)[0x9003] = taken
    if gps:
        def dms(value):
            degrees = int(value)
            minutes = int((value - degrees) * 60)
            return (float(degrees), float(minutes), round((value - degrees - minutes / 60) * 3600, 2))
        ifd = exif.get_ifd(0x8825)
        ifd[1], ifd[2], ifd[3], ifd[4] = "N", dms(gps[0]), "E", dms(gps[1])
    image.save(path, "JPEG", exif=exif.tobytes() if (gps or taken) else b"")
    return str(path)


def sign_in(driver, server, next="/daka/me", user=None):
    """Through the platform's sign-in: the demo account by 填充, or `user` typed (password sparrow123)."""
    driver.get(server.url("/web/login?next=" + next))
    wait(driver, EC.url_contains("/oauth2/authorize"))
    if user:
        visible(driver, "#userId").send_keys(user)
        driver.find_element(By.ID, "passwd").send_keys("sparrow123")
    else:
        visible(driver, "#fill").click()
    driver.find_element(By.ID, "authorize").click()
    wait(driver, lambda d: d.current_url.startswith(server.url(next)), 15)


def press(driver, element_id):
    """Clicks a control after scrolling it to the middle, clear of the fixed bars."""
    element = driver.find_element(By.ID, element_id)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def check_in(driver, server, spot, location="杭州西湖", pictures=(), public=True, thoughts="湖面有雾\n很美"):
    driver.get(server.url("/daka/new"))
    visible(driver, "#spot")
    driver.find_element(By.ID, "location").send_keys(location)
    driver.find_element(By.ID, "spot").send_keys(spot)
    driver.find_element(By.ID, "thoughts").send_keys(thoughts)
    if pictures:
        driver.find_element(By.ID, "pic-input").send_keys("\n".join(pictures))
        wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".pic-tile.new")) == len(pictures))
    if public:
        driver.find_element(By.ID, "visibility-public").click()
    reload_by(driver, lambda: press(driver, "submit"))
    visible(driver, "#detail")
    return driver.current_url


def search(driver, server, words):
    driver.get(server.url("/daka"))
    box = visible(driver, "#search-input")
    box.send_keys(words)
    reload_by(driver, lambda: driver.find_element(By.CSS_SELECTOR, ".search-button").click())


def assert_in_view(driver, css):
    """The element is on screen and clear of the sticky bar and the tabs, once the page has settled."""
    time.sleep(0.8)
    top, bottom, bar, tabs = driver.execute_script(
        "var r = document.querySelector(arguments[0]).getBoundingClientRect();"
        "return [r.top, r.bottom, document.querySelector('.bar').getBoundingClientRect().bottom,"
        " document.querySelector('.tabs').getBoundingClientRect().top];", css)
    assert bar <= top and bottom <= tabs, f"{css} at {top}–{bottom}, between the bar ({bar}) and the tabs ({tabs})"


def briefs(driver):
    return [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#rows .row-brief")]


def test_check_in_find_open_edit_and_delete(driver, server, tmp_path):
    sign_in(driver, server)
    # The first picture says where and when it was taken: the form offers both.
    first = photo(tmp_path / "first.jpg", (200, 60, 60), gps=(30.6598, 104.0633), taken="2024:05:01 09:30:00")
    second = photo(tmp_path / "second.jpg", (60, 90, 200))
    driver.get(server.url("/daka/new"))
    # Today where the browser is, by default.
    today = driver.execute_script(
        "var d = new Date(); return d.getFullYear() + '-' + String(d.getMonth() + 1).padStart(2, '0') + '-'"
        " + String(d.getDate()).padStart(2, '0');")
    assert driver.find_element(By.ID, "date").get_attribute("value") == today
    # The place suggestions work from the keyboard: ↓ into them, ↓ to the next, Enter picks.
    place = driver.find_element(By.ID, "location")
    place.send_keys("hz")
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#location-suggestions button")) >= 2)
    suggested = [b.find_element(By.TAG_NAME, "span").text
                 for b in driver.find_elements(By.CSS_SELECTOR, "#location-suggestions button")]
    place.send_keys(Keys.ARROW_DOWN)
    driver.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    assert place.get_attribute("value") == suggested[1], (place.get_attribute("value"), suggested)
    assert not driver.find_element(By.ID, "location-suggestions").is_displayed()
    place.clear()
    assert driver.find_element(By.ID, "visibility-private").is_selected(), "private by default"
    driver.find_element(By.ID, "pic-input").send_keys(first + "\n" + second)
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".pic-tile.new")) == 2)
    hint = visible(driver, "#photo-hint")
    assert "2024-05-01" in hint.text and "成都" in hint.text, hint.text
    # The add button follows the pictures; a picture can be taken back before sending.
    tiles = driver.find_elements(By.CSS_SELECTOR, "#pic-tiles > li")
    assert tiles[-1].get_attribute("id") == "pic-add"
    assert driver.find_element(By.ID, "pic-add").is_displayed()
    driver.find_element(By.ID, "use-photo").click()
    assert driver.find_element(By.ID, "date").get_attribute("value") == "2024-05-01"
    location = driver.find_element(By.ID, "location").get_attribute("value")
    assert location.startswith("成都"), location
    # A missing spot is said at once, and the chosen pictures stay.
    press(driver, "submit")
    assert visible(driver, "#form-error").text == "请填写景点"
    assert driver.find_element(By.ID, "spot").get_attribute("aria-invalid") == "true"
    assert len(driver.find_elements(By.CSS_SELECTOR, ".pic-tile.new")) == 2
    driver.find_element(By.ID, "spot").send_keys("宽窄巷子测试")
    driver.find_element(By.ID, "thoughts").send_keys("第一行\n第二行")
    driver.find_element(By.ID, "visibility-public").click()
    shoot(driver, "form")
    reload_by(driver, lambda: press(driver, "submit"))

    assert driver.find_element(By.ID, "detail-date").text == "2024-05-01"
    assert driver.find_element(By.ID, "detail-where").text == "宽窄巷子测试 · " + location
    assert driver.find_element(By.ID, "detail-thoughts").text == "第一行\n第二行"
    assert len(driver.find_elements(By.CSS_SELECTOR, "#detail-pics .pic")) == 2
    detail = driver.current_url
    shoot(driver, "detail")
    # 分享到微博: the composer opens with the brief, the link back and the pictures.
    reload_by(driver, lambda: press(driver, "share"))
    text = visible(driver, "#compose-text").get_attribute("value")
    assert text.startswith("#打卡# 2024-05-01 " + location + " 宽窄巷子测试 "), text
    assert text.endswith(detail.split("?")[0].replace(server.base, "")), text
    assert len(driver.find_elements(By.CSS_SELECTOR, ".compose-pic")) == 2
    shoot(driver, "share")
    driver.get(detail)
    driver.find_elements(By.CSS_SELECTOR, "#detail-pics .pic")[1].click()
    visible(driver, "#viewer")
    assert "/pics/large/" in driver.find_element(By.CSS_SELECTOR, "#viewer img").get_attribute("data-large")
    driver.find_element(By.ID, "viewer").click()
    wait(driver, lambda d: not d.find_elements(By.ID, "viewer"))

    # Found by 汉字 (marked, the first match highlighted), and by the place's pinyin.
    search(driver, server, "宽窄巷子测试")
    found = visible(driver, "#found")
    assert found.find_element(By.CSS_SELECTOR, "mark").text == "宽窄巷子测试"
    assert_in_view(driver, "#found")
    shoot(driver, "search")
    # By pinyin: the first match in 成都 is marked; 下一条 walks the matches until it is this one.
    search(driver, server, "chengdu")
    for _ in range(30):
        if "宽窄巷子测试" in visible(driver, "#found").text:
            break
        reload_by(driver, lambda: press(driver, "next-match"))
    assert "宽窄巷子测试" in visible(driver, "#found").text
    assert_in_view(driver, "#found")
    # Nothing found: said, and the list stays as it was.
    search(driver, server, "没有这个地方呀")
    assert visible(driver, "#not-found").text == "未找到"
    assert briefs(driver) and not driver.find_elements(By.ID, "found")

    # Edit: new spot, one picture removed, kept what was typed.
    driver.get(detail)
    reload_by(driver, lambda: driver.find_element(By.ID, "edit").click())
    assert driver.find_element(By.ID, "spot").get_attribute("value") == "宽窄巷子测试"
    assert len(driver.find_elements(By.CSS_SELECTOR, ".pic-tile.kept")) == 2
    spot = driver.find_element(By.ID, "spot")
    spot.clear()
    spot.send_keys("锦里测试")
    driver.find_elements(By.CSS_SELECTOR, ".pic-tile.kept .pic-remove")[0].click()
    shoot(driver, "edit")
    reload_by(driver, lambda: press(driver, "submit"))
    assert driver.find_element(By.ID, "detail-where").text == "锦里测试 · " + location
    assert len(driver.find_elements(By.CSS_SELECTOR, "#detail-pics .pic")) == 1

    assert not console_errors(driver)

    # Delete, after saying yes.
    driver.find_element(By.ID, "delete").click()
    confirm = visible(driver, "#delete-yes")
    shoot(driver, "delete")
    reload_by(driver, confirm.click)
    assert visible(driver, "#deleted").text == "已删除"
    driver.get(detail)
    assert "这条打卡不存在" in driver.find_element(By.ID, "message").text
    search(driver, server, "锦里测试")
    assert visible(driver, "#not-found").is_displayed()


def test_discover_rows_and_tabs_keep_their_pages(driver, server):
    driver.get(server.url("/daka"))
    rows = driver.find_elements(By.CSS_SELECTOR, "#rows .row")
    assert len(rows) >= 2
    shaded = [r.value_of_css_property("background-color") for r in rows[:2]]
    assert shaded[0] != shaded[1], "alternate rows are shaded"
    assert rows[0].value_of_css_property("border-top-left-radius") != "0px"
    for control in driver.find_elements(By.CSS_SELECTOR, "a, button"):
        if not control.text.strip():
            assert control.get_attribute("aria-label"), control.get_attribute("outerHTML")[:120]
    loaded = driver.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    assert loaded and all(url.startswith(server.base) for url in loaded), "everything comes from Sparrow itself"
    shoot(driver, "discover")
    # 发现 → a detail; 我的; 发现 again comes back to the detail, and the browser's back works.
    reload_by(driver, lambda: rows[0].find_element(By.TAG_NAME, "a").click())
    detail = driver.current_url
    reload_by(driver, lambda: driver.find_element(By.ID, "tab-me").click())
    assert driver.current_url.endswith("/daka/me")
    assert "登录" in driver.find_element(By.ID, "signin").text
    shoot(driver, "me-signed-out")
    reload_by(driver, lambda: driver.find_element(By.ID, "tab-find").click())
    assert driver.current_url == detail
    reload_by(driver, lambda: driver.find_element(By.ID, "back").click())
    assert driver.current_url.endswith("/daka")
    assert not console_errors(driver)


def test_a_private_entry_is_seen_by_no_one_else(driver, server, tmp_path):
    sign_in(driver, server)
    url = check_in(driver, server, "私房小院", public=False,
                   pictures=[photo(tmp_path / "a.jpg", (10, 120, 60))])
    assert "仅自己可见" in driver.find_element(By.ID, "detail").text
    search(driver, server, "私房小院")
    assert visible(driver, "#found").is_displayed()

    other = json.loads(urllib.request.urlopen(server.url("/daka/api/checkins?count=50")).read())
    name = next(c["user"]["screen_name"] for c in other["checkins"] if c["user"]["screen_name"] != "sparrow")
    second = make_driver()
    try:
        sign_in(second, server, user=name)
        search(second, server, "私房小院")
        assert visible(second, "#not-found").text == "未找到"
        second.get(url)
        assert "这条打卡不存在" in second.find_element(By.ID, "message").text
        second.get(server.url("/daka/me"))
        assert "私房小院" not in second.page_source
    finally:
        second.quit()
    try:
        urllib.request.urlopen(url)
        raise AssertionError("signed out, the private entry was shown")
    except urllib.error.HTTPError as error:
        assert error.code == 404 and "text/html" in error.headers["Content-Type"]


def test_the_map_lights_the_visited_cities_and_the_export_has_everything(driver, server, tmp_path):
    sign_in(driver, server)
    check_in(driver, server, "大雁塔", location="西安雁塔", pictures=[photo(tmp_path / "x.jpg", (180, 150, 40))])
    check_in(driver, server, "华清宫", location="西安临潼")
    check_in(driver, server, "壶口瀑布", location="延安宜川", public=False)
    driver.get(server.url("/daka/me"))
    assert int(driver.find_element(By.CSS_SELECTOR, "#checkin-count b").text) >= 3
    cities = driver.find_element(By.ID, "visited-cities").text
    assert "西安" in cities and "延安" in cities
    reload_by(driver, lambda: driver.find_element(By.LINK_TEXT, next(
        a.text for a in driver.find_elements(By.CSS_SELECTOR, "#footprint nav a") if a.text.startswith("陕西省"))).click())
    lit = {p.get_attribute("data-name") for p in driver.find_elements(By.CSS_SELECTOR, "#footprint-map path.lit")}
    assert {"西安", "延安"} <= lit, lit
    assert len(driver.find_elements(By.CSS_SELECTOR, "#footprint-map path")) > len(lit)
    shoot(driver, "map-province")
    xian = driver.find_element(By.CSS_SELECTOR, "#footprint-map a path[data-name='西安']")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", xian)
    reload_by(driver, xian.click)
    assert driver.find_element(By.ID, "map-title").text == "西安"
    lit = {p.get_attribute("data-name") for p in driver.find_elements(By.CSS_SELECTOR, "#footprint-map path.lit")}
    assert {"雁塔区", "临潼区"} <= lit, lit
    shoot(driver, "map-city")

    cookies = "; ".join(f"{c['name']}={c['value']}" for c in driver.get_cookies())
    request = urllib.request.Request(server.url("/daka/me/export"), headers={"Cookie": cookies})
    with urllib.request.urlopen(request) as response:
        assert response.headers["Content-Type"] == "application/zip"
        archive = zipfile.ZipFile(io.BytesIO(response.read()))
    assert archive.testzip() is None, "every CRC matches"
    entries = json.loads(archive.read("checkins.json"))
    spots = {e["spot"]: e for e in entries}
    assert {"大雁塔", "华清宫", "壶口瀑布"} <= set(spots)
    assert spots["壶口瀑布"]["visibility"] == "private"
    picture = spots["大雁塔"]["pictures"][0]
    assert Image.open(io.BytesIO(archive.read(picture))).size == (640, 480), "at full size"
    assert {"trips.json", "points.gpx", "points.geojson"} <= set(archive.namelist())

    # `sparrow daka import` beside the running server: the journal again, for another person; twice adds nothing.
    exported = tmp_path / "export.zip"
    exported.write_bytes(archive.fp.getvalue())
    server.sparrow("user", "create", "--name", "importer", "--password", "sparrow123")
    first = server.sparrow("daka", "import", "--user", "importer", str(exported))
    assert first.startswith(f"Imported {len(entries)} entries"), first
    again = server.sparrow("daka", "import", "--user", "importer", str(exported))
    assert again.startswith("Imported 0 entries") and f"{len(entries)} entries were there already" in again, again


def test_without_script_a_refused_form_keeps_what_was_typed(server, tmp_path):
    driver = make_driver(javascript=False)
    try:
        sign_in(driver, server, next="/daka/new", user="sparrow")
        driver.find_element(By.ID, "location").send_keys("苏州")
        driver.find_element(By.ID, "thoughts").send_keys("园林")
        # A missing field is stopped by the browser itself, before anything (chosen pictures too) is sent.
        press(driver, "submit")
        time.sleep(0.5)
        assert driver.find_elements(By.CSS_SELECTOR, "#spot:invalid")
        assert driver.current_url.endswith("/daka/new") and not driver.find_elements(By.ID, "form-error")
        # What only the server can refuse (a file that is no picture) comes back with what was typed.
        broken = tmp_path / "broken.jpg"
        broken.write_bytes(b"not a picture at all")
        driver.find_element(By.ID, "spot").send_keys("拙政园")
        driver.find_element(By.ID, "pic-input").send_keys(str(broken))
        reload_by(driver, lambda: press(driver, "submit"))
        assert driver.find_element(By.ID, "form-error").text.startswith("第1张图片"), driver.find_element(By.ID, "form-error").text
        assert driver.find_element(By.ID, "location").get_attribute("value") == "苏州"
        assert driver.find_element(By.ID, "spot").get_attribute("value") == "拙政园"
        assert driver.find_element(By.ID, "thoughts").get_attribute("value") == "园林"
        shoot(driver, "form-error")
        reload_by(driver, lambda: press(driver, "submit"))
        assert driver.find_element(By.ID, "detail-where").text == "拙政园 · 苏州"
    finally:
        driver.quit()


def test_the_location_picker_suggests_places_by_pinyin(driver, server):
    sign_in(driver, server, next="/daka/new")
    # What was typed in the 打卡 tab is still there after a visit to another tab.
    visible(driver, "#spot").send_keys("还没写完")
    reload_by(driver, lambda: driver.find_element(By.ID, "tab-find").click())
    reload_by(driver, lambda: driver.find_element(By.ID, "tab-checkin").click())
    assert visible(driver, "#spot").get_attribute("value") == "还没写完"
    field = visible(driver, "#location")
    field.send_keys("xian")
    option = wait(driver, lambda d: next((b for b in d.find_elements(By.CSS_SELECTOR, "#location-suggestions button")
                                         if b.text.startswith("西安")), None))
    shoot(driver, "location-picker")
    option.click()
    assert field.get_attribute("value") == "西安"
    assert not driver.find_element(By.ID, "location-suggestions").is_displayed()
    field.clear()
    field.send_keys("yt")
    wait(driver, lambda d: any(b.text.startswith("西安雁塔") for b in d.find_elements(By.CSS_SELECTOR, "#location-suggestions button")))
    assert not console_errors(driver)


def test_a_photo_from_tokyo_is_placed_abroad_and_its_point_stays_the_owners(driver, server, tmp_path):
    """The photo's GPS offers 日本 东京 and its exact point; the entry is placed abroad, the point shown to its
    owner only (a visitor's page has no coordinates); 我的's world map lights both countries and pins the point,
    and a country's level shows it again."""
    sign_in(driver, server)
    check_in(driver, server, "断桥", location="杭州西湖")
    tokyo = photo(tmp_path / "tokyo.jpg", (90, 40, 160), gps=(35.714765, 139.796655), taken="2024:10:01 10:00:00")
    driver.get(server.url("/daka/new"))
    driver.find_element(By.ID, "pic-input").send_keys(tokyo)
    hint = visible(driver, "#photo-hint")
    wait(driver, lambda d: "日本 东京" in d.find_element(By.ID, "photo-hint").text)
    assert "2024-10-01" in hint.text, hint.text
    assert not driver.find_element(By.ID, "point-field").is_displayed()
    press(driver, "use-photo")
    assert driver.find_element(By.ID, "location").get_attribute("value") == "日本 东京"
    # The photo's EXIF keeps seconds to a hundredth: the point comes back within a metre.
    point = visible(driver, "#point-field").text
    assert point.startswith("精确位置\n35.71476") and "139.79665" in point, point
    driver.find_element(By.ID, "spot").send_keys("浅草寺")
    press(driver, "visibility-public")
    shoot(driver, "abroad-form")
    reload_by(driver, lambda: press(driver, "submit"))
    assert driver.find_element(By.CSS_SELECTOR, ".detail-place").text == "日本 · 东京"
    where = driver.find_element(By.ID, "detail-point").text
    assert "35.71476" in where and "139.79665" in where and where.endswith("（仅自己可见）"), where
    shoot(driver, "abroad-detail")
    entry = driver.current_url
    with urllib.request.urlopen(entry) as response:
        page = response.read().decode()
    assert "日本 · 东京" in page and "35.71" not in page and "139.79" not in page, "a visitor sees no coordinates"

    check_in(driver, server, "尖沙咀", location="香港油尖旺区")
    assert driver.find_element(By.CSS_SELECTOR, ".detail-place").text == "中国香港 · 油尖旺区"

    driver.get(server.url("/daka/me"))
    assert driver.find_element(By.ID, "map-title").text == "世界"
    assert driver.find_elements(By.CSS_SELECTOR, "#footprint-map circle.dot.lit[data-name='中国香港']"), "香港 is a dot"
    assert "日本" in driver.find_element(By.ID, "visited-countries").text
    lit = {p.get_attribute("data-name") for p in driver.find_elements(By.CSS_SELECTOR, "#footprint-map path.lit")}
    assert {"中国", "日本"} <= lit, lit
    assert driver.find_elements(By.CSS_SELECTOR, "#footprint-map circle.pin")
    footprint = driver.find_element(By.ID, "footprint")
    driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", footprint)
    shoot(driver, "map-world")
    reload_by(driver, lambda: driver.find_element(By.CSS_SELECTOR, "#map-levels a[href$='country=JP']").click())
    assert driver.find_element(By.ID, "map-title").text == "日本"
    pins = driver.find_elements(By.CSS_SELECTOR, "#footprint-map circle.pin")
    assert len(pins) >= 1
    driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", driver.find_element(By.ID, "footprint"))
    shoot(driver, "map-country")
    reload_by(driver, lambda: press(driver, "map-up"))
    assert driver.find_element(By.ID, "map-title").text == "世界"
    assert not console_errors(driver)


def test_a_trip_of_three_entries_draws_its_route(driver, server, tmp_path):
    """Three entries with their photos' points, grouped into a trip from 我的旅程: the trip page numbers the stops,
    draws the route between them and adds up the days and the distance."""
    sign_in(driver, server)
    made = []
    for spot, gps, colour in (("灵隐寺", (30.2408, 120.1009), (200, 80, 80)), ("平江路", (31.3180, 120.6310), (80, 200, 80)),
                              ("外滩", (31.2400, 121.4900), (80, 80, 200))):
        driver.get(server.url("/daka/new"))
        driver.find_element(By.ID, "pic-input").send_keys(photo(tmp_path / f"{spot}.jpg", colour, gps=gps,
                                                                   taken=f"2024:10:0{len(made) + 1} 10:00:00"))
        visible(driver, "#use-photo")
        press(driver, "use-photo")
        driver.find_element(By.ID, "spot").send_keys(spot)
        press(driver, "visibility-public")
        reload_by(driver, lambda: press(driver, "submit"))
        made.append(driver.current_url.split("/daka/c/")[1].split("?")[0])

    driver.get(server.url("/daka/me"))
    reload_by(driver, lambda: press(driver, "my-trips"))
    reload_by(driver, lambda: press(driver, "new-trip"))
    driver.find_element(By.ID, "trip-name-input").send_keys("江南三日")
    for entry in made:
        box = driver.find_element(By.CSS_SELECTOR, f"input[name=checkin_ids][value='{entry}']")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
        box.click()
    press(driver, "trip-public")
    shoot(driver, "trip-form")
    reload_by(driver, lambda: press(driver, "save-trip"))
    assert driver.find_element(By.ID, "trip-name").text == "江南三日"
    assert driver.find_element(By.ID, "trip-days").text == "3"
    assert driver.find_element(By.ID, "trip-count").text == "3"
    assert 150 < float(driver.find_element(By.ID, "trip-distance").text) < 260
    assert len(driver.find_elements(By.CSS_SELECTOR, "#route-map g.stop")) == 3
    assert driver.find_elements(By.CSS_SELECTOR, "#route-map polyline.route-line")
    assert [e.text.split(" ")[-1] for e in driver.find_elements(By.CSS_SELECTOR, "#trip-rows .row-brief")] == ["灵隐寺", "平江路", "外滩"]
    shoot(driver, "trip")
    trip = driver.current_url
    with urllib.request.urlopen(trip) as response:
        assert "江南三日" in response.read().decode(), "a public trip, to a visitor"
    # Made private, a visitor finds nothing there.
    reload_by(driver, lambda: press(driver, "edit-trip"))
    press(driver, "trip-private")
    reload_by(driver, lambda: press(driver, "save-trip"))
    try:
        urllib.request.urlopen(trip)
        assert False, "a private trip reached a visitor"
    except urllib.error.HTTPError as error:
        assert error.code == 404
    assert not console_errors(driver)


def test_a_point_picked_on_the_map(driver, server):
    """在地图上选点: the map of the place the location names (杭州's districts), a click on it is the entry's point,
    and the detail shows it to its owner."""
    sign_in(driver, server)
    driver.get(server.url("/daka/new"))
    visible(driver, "#location").send_keys("杭州西湖")
    press(driver, "pick-open")
    svg = visible(driver, "#pick-svg")
    assert driver.find_element(By.ID, "pick-title").text == "杭州"
    assert len(driver.find_elements(By.CSS_SELECTOR, "#pick-svg path.shape")) >= 10, "杭州's districts"
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", svg)
    svg.click()  # the middle of 杭州
    latitude = float(driver.find_element(By.ID, "latitude").get_attribute("value"))
    longitude = float(driver.find_element(By.ID, "longitude").get_attribute("value"))
    assert 29.2 < latitude < 30.6 and 118.3 < longitude < 120.8, (latitude, longitude)
    assert visible(driver, "#point-field").is_displayed()
    assert float(driver.find_element(By.ID, "pick-pin").get_attribute("cx")) > 0
    shoot(driver, "pick-map")
    driver.find_element(By.ID, "spot").send_keys("西溪湿地")
    reload_by(driver, lambda: press(driver, "submit"))
    where = driver.find_element(By.ID, "detail-point").text
    assert f"{latitude:.4f}"[:6] in where and where.endswith("（仅自己可见）"), where
    assert not console_errors(driver)
