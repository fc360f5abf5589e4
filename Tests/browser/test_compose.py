"""The composer (＋): text, emoticons, pictures, pickers, the counter, drafts and errors."""
import json
import tempfile
import time
from pathlib import Path

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import ROOT, console_errors, shoot, visible, wait, write_png


def text_value(driver):
    return driver.find_element(By.ID, "compose-text").get_attribute("value")


def open_composer(driver):
    driver.find_element(By.ID, "tab-compose").click()
    return visible(driver, "#compose-text")


def chosen_pictures(driver):
    return [t.get_attribute("data-pic") for t in driver.find_elements(By.CSS_SELECTOR, "#compose-pics .compose-pic[data-pic]")]


def test_compose_with_two_emoticons_and_two_pictures(signed_in, server):
    driver = signed_in
    box = open_composer(driver)
    assert box.get_attribute("placeholder") == "分享新鲜事..."
    assert not driver.find_element(By.ID, "compose-send").is_enabled(), "发送 waits for text"
    words = f"网页版的图片微博 {int(time.time())} "
    box.send_keys(words)
    driver.find_element(By.ID, "emoticon-toggle").click()
    visible(driver, '.emoticon-pack[data-pack="default"] .emoticon-key[data-insert="[微笑]"]').click()
    driver.find_element(By.CSS_SELECTOR, '.emoticon-pack[data-pack="default"] .emoticon-key[data-insert="[哈哈]"]').click()
    assert text_value(driver) == words + "[微笑][哈哈]"
    # The delete key takes a whole [phrase].
    driver.find_element(By.CSS_SELECTOR, '.emoticon-pack[data-pack="default"] .emoticon-delete').click()
    assert text_value(driver) == words + "[微笑]"
    driver.find_element(By.CSS_SELECTOR, '.emoticon-pack[data-pack="default"] .emoticon-key[data-insert="[哈哈]"]').click()

    folder = Path(tempfile.mkdtemp())
    red = write_png(folder / "red.png", 640, 480, (230, 60, 50))
    blue = write_png(folder / "blue.png", 480, 640, (40, 90, 220))
    driver.find_element(By.ID, "compose-file").send_keys(red + "\n" + blue)
    wait(driver, lambda d: len(chosen_pictures(d)) == 2, 20)
    first, second = chosen_pictures(driver)
    # Reorder: the second moves in front.
    driver.find_elements(By.CSS_SELECTOR, "#compose-pics .compose-pic")[1].find_element(By.CSS_SELECTOR, ".compose-pic-left").click()
    assert chosen_pictures(driver) == [second, first]
    # 8 Chinese characters (16 halves), 12 ASCII halves and two [phrase]s of 6 halves each: 20 counted.
    assert driver.find_element(By.ID, "compose-count").text == "120"
    shoot(driver, "compose-pictures")

    driver.find_element(By.ID, "compose-send").click()

    wait(driver, lambda d: d.current_url.rstrip("/") == server.base, 15)
    card = visible(driver, "#cards > .card")
    assert words.strip() in card.text
    assert [e.get_attribute("alt") for e in card.find_elements(By.CSS_SELECTOR, ".text .emoticon")] == ["[微笑]", "[哈哈]"]
    grid = card.find_element(By.CSS_SELECTOR, ".pics")
    assert grid.get_attribute("data-count") == "2"
    assert "pics-nine" in grid.get_attribute("class"), "two pictures sit in a row of three"
    sources = [i.get_attribute("src") for i in grid.find_elements(By.CSS_SELECTOR, "img")]
    assert second in sources[0] and first in sources[1], "the order chosen is the order shown"
    wait(driver, lambda d: all(i.get_attribute("naturalWidth") not in (None, "0")
                               for i in d.find_elements(By.CSS_SELECTOR, "#cards > .card:first-child .pics img")))
    shoot(driver, "compose-posted")

    grid.find_element(By.CSS_SELECTOR, ".pic").click()
    viewer = visible(driver, "#viewer")
    assert viewer.find_element(By.CSS_SELECTOR, ".viewer-count").text == "1/2"
    viewer.click()
    wait(driver, lambda d: not d.find_elements(By.ID, "viewer"))
    assert console_errors(driver) == [], "the composer, the emoticon keyboard and the picture browser ran cleanly"


def test_upload_progress_on_a_slow_network(signed_in, server):
    driver = signed_in
    open_composer(driver)
    big = write_png(Path(tempfile.mkdtemp()) / "noise.png", 500, 400, (0, 0, 0), noise=True)  # about 600 KB
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": 20, "downloadThroughput": 4_000_000, "uploadThroughput": 200_000})
    try:
        driver.find_element(By.ID, "compose-text").send_keys("慢网速")
        driver.find_element(By.ID, "compose-file").send_keys(big)
        # Sending waits for the upload, whose bar moves.
        visible(driver, "#compose-pics .uploading .compose-progress")
        assert not driver.find_element(By.ID, "compose-send").is_enabled()
        widths = set()
        deadline = time.time() + 20
        while time.time() < deadline and driver.find_elements(By.CSS_SELECTOR, "#compose-pics .uploading"):
            widths.add(driver.execute_script(
                "var b = document.querySelector('#compose-pics .uploading .compose-progress'); return b ? b.style.width : null"))
            time.sleep(0.1)
        partial = {w for w in widths if w and w not in ("0%", "100%")}
        assert partial, f"the bar showed progress between 0 and 100%: {widths}"
        shoot(driver, "compose-uploaded")
    finally:
        driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    wait(driver, lambda d: len(chosen_pictures(d)) == 1, 20)
    assert driver.find_element(By.ID, "compose-send").is_enabled()


def test_counter_turns_red_and_blocks_sending_over_140(signed_in, server):
    driver = signed_in
    box = open_composer(driver)
    assert driver.find_element(By.ID, "compose-count").text == "140"
    box.send_keys("好" * 139 + "ab")
    wait(driver, lambda d: d.find_element(By.ID, "compose-count").text == "0")
    assert driver.find_element(By.ID, "compose-send").is_enabled()
    box.send_keys("c")
    wait(driver, lambda d: d.find_element(By.ID, "compose-count").text == "-1")
    assert "over" in driver.find_element(By.ID, "compose-count").get_attribute("class")
    assert not driver.find_element(By.ID, "compose-send").is_enabled()
    colour = driver.execute_script("return getComputedStyle(document.getElementById('compose-count')).color")
    assert colour == "rgb(244, 53, 48)"
    shoot(driver, "compose-over-limit")


def test_web_counter_matches_sparrowkit(signed_in, server):
    driver = signed_in
    open_composer(driver)
    cases = json.loads((ROOT / "Tests" / "Fixtures" / "text_length.json").read_text())
    for case in cases:
        assert driver.execute_script("return window.sparrow.textLength(arguments[0])", case["text"]) == case["count"], case


def test_draft_survives_closing_the_page_and_a_failed_send(signed_in, server):
    driver = signed_in
    mine = server.token("sparrow")
    text = f"草稿不会丢 {int(time.time())}"
    server.api("statuses/update.json", mine["access_token"], {"status": text})
    box = open_composer(driver)
    box.send_keys(text)
    driver.get(server.url("/"))
    box = open_composer(driver)
    assert text_value(driver) == text, "the draft came back"

    # Sending the same text again fails: a toast says why and the text stays.
    driver.find_element(By.ID, "compose-send").click()
    toast = visible(driver, "#toast.show")
    assert toast.text == "不能重复发布相同的内容"
    assert "/compose" in driver.current_url and text_value(driver) == text
    shoot(driver, "compose-error-toast")

    # 取消 asks; 不保存 discards the draft.
    driver.find_element(By.ID, "compose-cancel").click()
    sheet = visible(driver, "#sheet")
    assert [b.text for b in sheet.find_elements(By.TAG_NAME, "button")] == ["保存草稿", "不保存", "取消"]
    shoot(driver, "compose-cancel-sheet")
    sheet.find_element(By.XPATH, "//button[text()='不保存']").click()
    wait(driver, lambda d: "/compose" not in d.current_url)
    open_composer(driver)
    assert text_value(driver) == ""


def pick(driver, predicate):
    """Clicks the picker row matching `predicate` once the list answers the query typed (rows are replaced as it loads)."""
    query = driver.find_element(By.ID, "picker-input").get_attribute("value")

    def click(d):
        rows = d.find_elements(By.CSS_SELECTOR, "#picker-list .pick-row")
        if not rows or not all(query.lower() in r.text.lower() for r in rows):
            return False
        row = next((r for r in rows if predicate(r.text)), None)
        if row is None:
            return False
        row.click()
        return True

    wait(driver, click)
    wait(driver, lambda d: not d.find_element(By.ID, "picker").is_displayed())


def test_mention_and_topic_pickers(signed_in, server):
    driver = signed_in
    mine = server.token("sparrow")
    friend = server.api(f"friendships/friends.json?uid={mine['uid']}&count=5", mine["access_token"])["users"][0]
    open_composer(driver)

    driver.find_element(By.ID, "mention-button").click()
    search = visible(driver, "#picker-input")
    assert driver.find_element(By.ID, "picker-title").text == "选择联系人"
    search.send_keys(friend["screen_name"][:3])
    wait(driver, lambda d: any(r.text == friend["screen_name"] for r in d.find_elements(By.CSS_SELECTOR, "#picker-list .pick-row")))
    shoot(driver, "compose-mention-picker")
    pick(driver, lambda text: text == friend["screen_name"])
    assert text_value(driver) == "@" + friend["screen_name"] + " "

    driver.find_element(By.ID, "topic-button").click()
    search = visible(driver, "#picker-input")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#picker-list .pick-row"))
    hot = [r.text for r in driver.find_elements(By.CSS_SELECTOR, "#picker-list .pick-row")]
    assert hot and all(t.startswith("#") for t in hot), "hot topics are offered before typing"
    search.send_keys("网页新话题")
    wait(driver, lambda d: any("#网页新话题#" in r.text for r in d.find_elements(By.CSS_SELECTOR, "#picker-list .pick-row")))
    shoot(driver, "compose-topic-picker")
    pick(driver, lambda text: text.startswith("#网页新话题#") and text.endswith("新话题"))
    assert text_value(driver) == "@" + friend["screen_name"] + " #网页新话题#"


def test_emoticon_keyboard_pages_magnifier_and_recent(signed_in, server):
    driver = signed_in
    open_composer(driver)
    driver.find_element(By.ID, "emoticon-toggle").click()
    pack = visible(driver, '.emoticon-pack[data-pack="default"]')
    pages = pack.find_elements(By.CSS_SELECTOR, ".emoticon-page")
    assert len(pages) > 1
    assert all(len(p.find_elements(By.CSS_SELECTOR, ".emoticon-key:not([data-delete])")) <= 20 for p in pages)
    dots = pack.find_elements(By.CSS_SELECTOR, ".emoticon-dots i")
    assert len(dots) == len(pages) and dots[0].get_attribute("class") == "on"
    # Swipe to the second page: its dot lights up.
    driver.execute_script("var p = arguments[0]; p.scrollLeft = p.clientWidth;", pack.find_element(By.CSS_SELECTOR, ".emoticon-pages"))
    wait(driver, lambda d: pack.find_elements(By.CSS_SELECTOR, ".emoticon-dots i")[1].get_attribute("class") == "on")
    key = next(k for k in pack.find_elements(By.CSS_SELECTOR, ".emoticon-key[data-insert]") if k.is_displayed())
    phrase = key.get_attribute("data-insert")

    # Holding a key shows the magnifier with its name.
    ActionChains(driver).click_and_hold(key).perform()
    lens = visible(driver, "#magnifier")
    assert phrase.strip("[]") in lens.text
    shoot(driver, "compose-magnifier")
    ActionChains(driver).release().perform()
    wait(driver, lambda d: not d.find_element(By.ID, "magnifier").is_displayed())
    assert text_value(driver) == phrase

    # 最近 keeps what was used.
    driver.find_element(By.CSS_SELECTOR, '.emoticon-tab[data-tab="recent"]').click()
    recent = visible(driver, '.emoticon-pack[data-pack="recent"]')
    assert [k.get_attribute("data-insert") for k in recent.find_elements(By.CSS_SELECTOR, ".emoticon-key[data-insert]")] == [phrase]
    driver.find_element(By.CSS_SELECTOR, '.emoticon-tab[data-tab="emoji"]').click()
    assert visible(driver, '.emoticon-pack[data-pack="emoji"]')
