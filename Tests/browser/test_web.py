"""Journeys through the web client at 375×812 and 1280×800 (screenshots in artifacts/screenshots/)."""
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import login, make_driver, shoot, visible, wait

TABS = [
    ("/", "首页", "关注一些人，回这里看看有什么惊喜"),
    ("/messages", "消息", "登录后，别人评论你的微博"),
    ("/discover", "发现", "登录后，最新、最热微博尽在掌握"),
    ("/me", "我", "登录后，你的微博、相册、个人资料会显示在这里"),
]


def card_ids(driver):
    return [int(c.get_attribute("data-id")) for c in driver.find_elements(By.CSS_SELECTOR, "#cards > .card")]


def test_visitor_views_on_every_tab(driver, server):
    for path, title, text in TABS:
        driver.get(server.url(path))

        assert driver.find_element(By.CSS_SELECTOR, ".navbar h1").text == title
        assert text in driver.find_element(By.CSS_SELECTOR, ".visitor-text").text
        assert driver.find_element(By.ID, "nav-login").text == "登录"
        assert driver.find_element(By.ID, "nav-signup").text == "注册"
        assert driver.find_element(By.ID, "visitor-login").is_displayed()
        selected = driver.find_element(By.CSS_SELECTOR, ".tabbar .tab.selected").text
        assert selected == title
        shoot(driver, "visitor" + path.replace("/", "-").rstrip("-"))

    driver.get(server.url("/"))
    wheel = driver.find_element(By.ID, "wheel")
    assert wheel.value_of_css_property("animation-name") == "spin"
    first = wheel.value_of_css_property("transform")
    time.sleep(0.6)
    assert wheel.value_of_css_property("transform") != first, "the wheel keeps rotating"


def test_login_shows_welcome_then_timeline(driver, server):
    driver.get(server.url("/"))
    driver.find_element(By.ID, "visitor-login").click()
    wait(driver, EC.url_contains("/oauth2/authorize"))
    assert "client_id=sparrow-web" in driver.current_url
    shoot(driver, "authorize")
    visible(driver, "#fill").click()
    assert driver.find_element(By.ID, "userId").get_attribute("value") == "sparrow"

    driver.find_element(By.ID, "authorize").click()

    wait(driver, EC.url_contains("/welcome"))
    text = visible(driver, ".welcome-text", timeout=3)
    assert text.text == "欢迎回来"
    assert "/welcome" in driver.current_url
    shoot(driver, "welcome")
    wait(driver, lambda d: d.current_url.rstrip("/") == server.base, 15)
    visible(driver, "#cards > .card")
    assert len(card_ids(driver)) == 20
    cookie = next(c for c in driver.get_cookies() if c["name"] == "sparrow_web")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Lax"
    shoot(driver, "home")

    driver.get(server.url("/"))
    assert len(card_ids(driver)) == 20, "a returning visitor goes straight to the timeline"
    assert not driver.find_elements(By.CSS_SELECTOR, ".visitor")


def test_cards_show_what_the_notes_lay_out(signed_in, server):
    driver = signed_in
    card = driver.find_element(By.CSS_SELECTOR, "#cards > .card")
    assert card.find_element(By.CSS_SELECTOR, ".avatar img").get_attribute("src")
    assert card.find_element(By.CSS_SELECTOR, ".name").text
    assert card.find_element(By.CSS_SELECTOR, ".time").text
    tools = [t.text for t in card.find_elements(By.CSS_SELECTOR, ".toolbar .tool")]
    assert len(tools) == 3
    assert driver.find_elements(By.CSS_SELECTOR, ".pics .pic img"), "the demo timeline has pictures"
    for box in driver.find_elements(By.CSS_SELECTOR, ".pics .pic")[:6]:
        assert box.size["height"] > 20, "picture boxes are reserved before the pictures load"
    assert "<script" not in driver.page_source.split("<body", 1)[1].replace('<script src="/static/', "")
    # Load older pages until a repost shows up, then look at it.
    for _ in range(5):
        if driver.find_elements(By.CSS_SELECTOR, "#cards .retweet"):
            break
        count = len(card_ids(driver))
        driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
        wait(driver, lambda d: len(card_ids(d)) > count, 15)
    retweet = driver.find_element(By.CSS_SELECTOR, "#cards .retweet")
    assert retweet.find_element(By.CSS_SELECTOR, ".retweet-text").text.startswith("@")
    assert retweet.value_of_css_property("background-color") != "rgba(255, 255, 255, 1)"
    driver.execute_script("arguments[0].closest('.card').scrollIntoView()", retweet)
    shoot(driver, "card-repost")


def test_scrolling_to_the_bottom_loads_older_statuses(signed_in, server):
    driver = signed_in
    before = card_ids(driver)

    driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")

    wait(driver, lambda d: len(card_ids(d)) > 20, 15)
    after = card_ids(driver)
    assert after[:20] == before
    assert after == sorted(after, reverse=True) and len(set(after)) == len(after)
    shoot(driver, "home-more")


def test_refresh_shows_the_new_status_banner(signed_in, server):
    driver = signed_in
    mine = server.token("sparrow")
    friend = server.api(f"friendships/friends.json?uid={mine['uid']}&count=5", mine["access_token"])["users"][0]
    theirs = server.token(friend["screen_name"])
    text = f"浏览器测试的新微博 {time.time():.0f} #测试# @sparrow [哈哈]"
    server.api("statuses/update.json", theirs["access_token"], {"status": text})

    driver.find_element(By.ID, "refresh").click()

    banner = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#banner.show"))
    assert banner.get_attribute("textContent") == "1条新微博"
    first = driver.find_element(By.CSS_SELECTOR, "#cards > .card")
    assert "浏览器测试的新微博" in first.text
    assert first.find_elements(By.CSS_SELECTOR, ".mention") and first.find_elements(By.CSS_SELECTOR, ".topic")
    shoot(driver, "home-banner")
    wait(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, "#banner.show"), 5)

    driver.find_element(By.ID, "refresh").click()
    banner = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#banner.show"))
    assert banner.get_attribute("textContent") == "没有新微博"


def test_like_toggles_in_place(signed_in, server):
    driver = signed_in
    card = driver.find_elements(By.CSS_SELECTOR, "#cards > .card")[1]
    status_id = card.get_attribute("data-id")
    selector = f'.card[data-id="{status_id}"] .tool-like'
    button = driver.find_element(By.CSS_SELECTOR, selector)
    was_liked = button.get_attribute("aria-pressed") == "true"
    url = driver.current_url

    button.click()

    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, selector).get_attribute("aria-pressed")
         == ("false" if was_liked else "true"))
    assert driver.current_url == url, "liking does not leave the page"
    shoot(driver, "home-liked")
    driver.refresh()
    assert driver.find_element(By.CSS_SELECTOR, selector).get_attribute("aria-pressed") == ("false" if was_liked else "true")
    driver.find_element(By.CSS_SELECTOR, selector).click()
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, selector).get_attribute("aria-pressed")
         == ("true" if was_liked else "false"))


def test_detail_page_lists_comments_and_takes_a_new_one(signed_in, server):
    driver = signed_in
    tool = next(t for t in driver.find_elements(By.CSS_SELECTOR, "#cards .tool-comment") if t.text != "评论")
    tool.click()
    wait(driver, EC.url_contains("/status/"))
    labels = [t.text for t in driver.find_elements(By.CSS_SELECTOR, ".list-tab")]
    assert [label.split(" ")[0] for label in labels] == ["转发", "评论", "赞"]
    assert "selected" in driver.find_element(By.ID, "tab-comments").get_attribute("class")
    assert driver.find_elements(By.CSS_SELECTOR, "#list .row")
    shoot(driver, "detail-comments")

    driver.find_element(By.ID, "comment-input").send_keys("说得好 [哈哈]")
    driver.find_element(By.ID, "comment-send").click()

    wait(driver, lambda d: "说得好" in d.find_element(By.CSS_SELECTOR, "#list .row").text)
    assert driver.find_element(By.CSS_SELECTOR, "#list .row .emoticon").get_attribute("alt") == "[哈哈]"

    driver.find_element(By.ID, "tab-likes").click()
    wait(driver, lambda d: "selected" in d.find_element(By.ID, "tab-likes").get_attribute("class"))
    shoot(driver, "detail-likes")

    driver.find_element(By.ID, "comment-input").send_keys("转给大家看看")
    driver.find_element(By.ID, "repost-send").click()

    wait(driver, EC.url_contains("tab=reposts"))
    assert "转给大家看看" in driver.find_element(By.CSS_SELECTOR, "#list .row").text
    shoot(driver, "detail-reposts")


def test_detail_lists_load_more_until_the_end(signed_in, server):
    driver = signed_in
    mine = server.token("sparrow")
    status = server.api("statuses/update.json", mine["access_token"], {"status": f"评论翻页 {time.time():.0f}"})
    for n in range(23):
        server.api("comments/create.json", mine["access_token"], {"id": status["id"], "comment": f"第{n + 1}条评论"})

    driver.get(server.url(f"/status/{status['id']}"))
    assert len(driver.find_elements(By.CSS_SELECTOR, "#list .row")) == 20
    driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")

    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#list .row")) == 23)
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#list .more-end"))
    assert "第1条评论" in driver.find_elements(By.CSS_SELECTOR, "#list .row")[-1].text


def test_follow_from_a_user_page(signed_in, server):
    driver = signed_in
    mine = server.token("sparrow")
    followers = server.api(f"friendships/followers.json?uid={mine['uid']}&count=50", mine["access_token"])["users"]
    stranger = next(u for u in followers if not u["following"])
    driver.get(server.url("/n/" + stranger["screen_name"]))
    counts = driver.find_element(By.ID, "counts").text
    assert "微博" in counts and "关注" in counts and "粉丝" in counts
    button = driver.find_element(By.ID, "follow-button")
    assert button.text == "+ 关注"
    followers = int(driver.find_element(By.ID, "followers-count").text)
    shoot(driver, "user")

    button.click()

    wait(driver, lambda d: d.find_element(By.ID, "follow-button").text == "相互关注")
    assert int(driver.find_element(By.ID, "followers-count").text) == followers + 1
    shoot(driver, "user-followed")
    driver.refresh()
    assert driver.find_element(By.ID, "follow-button").text == "相互关注"
    driver.find_element(By.ID, "follow-button").click()
    wait(driver, lambda d: d.find_element(By.ID, "follow-button").text == "+ 关注")


def test_mentions_open_user_pages(signed_in, server):
    driver = signed_in
    mention = driver.find_element(By.CSS_SELECTOR, "#cards .card .mention")
    name = mention.text.lstrip("@")
    driver.execute_script("arguments[0].click()", mention)
    wait(driver, EC.url_contains("/n/"))
    assert driver.find_element(By.CSS_SELECTOR, ".profile-name .name").text.lower() == name.lower()


def test_compose_from_the_centre_button(signed_in, server):
    driver = signed_in
    driver.find_element(By.ID, "tab-compose").click()
    visible(driver, "#compose-text").send_keys("用网页版发的第一条微博 ")
    driver.find_element(By.ID, "emoticon-toggle").click()
    visible(driver, '.emoticon-pack[data-pack="default"] .emoticon-key[data-insert="[微笑]"]').click()
    assert driver.find_element(By.ID, "compose-text").get_attribute("value") == "用网页版发的第一条微博 [微笑]"
    driver.find_element(By.CSS_SELECTOR, '.emoticon-pack[data-pack="default"] .emoticon-delete').click()
    assert driver.find_element(By.ID, "compose-text").get_attribute("value") == "用网页版发的第一条微博 "
    driver.find_element(By.CSS_SELECTOR, '.emoticon-pack[data-pack="default"] .emoticon-key[data-insert="[微笑]"]').click()
    shoot(driver, "compose")

    driver.find_element(By.ID, "compose-send").click()

    wait(driver, lambda d: d.current_url.rstrip("/") == server.base)
    first = visible(driver, "#cards > .card")
    assert "用网页版发的第一条微博" in first.text
    assert first.find_element(By.CSS_SELECTOR, ".emoticon").get_attribute("alt") == "[微笑]"


def test_reading_works_without_javascript(server):
    driver = make_driver(javascript=False)
    try:
        login(driver, server, autofill=False)
        assert len(card_ids(driver)) == 20
        more = driver.find_element(By.CSS_SELECTOR, ".more[data-next]")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", more)

        more.click()

        wait(driver, EC.url_contains("max_id="))
        assert len(card_ids(driver)) == 20
        comment = driver.find_element(By.CSS_SELECTOR, "#cards .tool-comment")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", comment)
        comment.click()
        wait(driver, EC.url_contains("/status/"))
        assert driver.find_elements(By.CSS_SELECTOR, ".list-tab")
        shoot(driver, "no-js-detail")
    finally:
        driver.quit()


def test_title_popover_switches_to_mutual_follows(signed_in, server):
    driver = signed_in
    driver.find_element(By.ID, "title-button").click()
    popover = visible(driver, "#popover")
    assert [a.text for a in popover.find_elements(By.CSS_SELECTOR, "a")] == ["全部微博", "好友圈"]
    shoot(driver, "home-popover")

    popover.find_element(By.LINK_TEXT, "好友圈").click()

    wait(driver, EC.url_contains("feed=bilateral"))
    assert driver.find_element(By.CSS_SELECTOR, "#popover .selected").get_attribute("textContent") == "好友圈"


def test_signed_in_tabs_and_logout(signed_in, server):
    driver = signed_in
    assert not driver.find_elements(By.ID, "badge-home")
    mine = server.token("sparrow")
    friend = server.api(f"friendships/friends.json?uid={mine['uid']}&count=5", mine["access_token"])["users"][1]
    theirs = server.token(friend["screen_name"])
    server.api("statuses/update.json", theirs["access_token"], {"status": f"未读角标 {time.time():.0f}"})

    driver.find_element(By.ID, "tab-messages").click()

    visible(driver, "#message-tabs")
    assert driver.find_element(By.ID, "badge-home").text == "1", "the 首页 tab counts the unseen status"
    shoot(driver, "messages")
    driver.find_element(By.ID, "tab-discover").click()
    visible(driver, "#search-input")
    driver.find_element(By.ID, "tab-me").click()
    wait(driver, EC.url_contains("/u/"))
    assert driver.find_element(By.CSS_SELECTOR, ".profile-name .name").text == "sparrow"
    assert "selected" in driver.find_element(By.ID, "tab-me").get_attribute("class")
    shoot(driver, "me")

    logout = driver.find_element(By.ID, "logout")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", logout)
    logout.click()

    visible(driver, ".visitor-text")
    driver.get(server.url("/"))
    assert driver.find_elements(By.CSS_SELECTOR, ".visitor"), "the session has ended"


def test_pictures_open_in_the_picture_browser(signed_in, server):
    driver = signed_in
    grid = next(g for g in driver.find_elements(By.CSS_SELECTOR, "#cards .pics") if int(g.get_attribute("data-count")) > 1)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", grid)
    grid.find_element(By.CSS_SELECTOR, ".pic").click()

    viewer = visible(driver, "#viewer")
    wait(driver, lambda d: d.execute_script("return document.querySelector('#viewer img').naturalWidth") > 0)
    assert viewer.find_element(By.CSS_SELECTOR, ".viewer-count").text.startswith("1/")
    viewer.find_element(By.CSS_SELECTOR, ".viewer-next").click()
    assert viewer.find_element(By.CSS_SELECTOR, ".viewer-count").text.startswith("2/")
    assert "/pics/large/" in viewer.find_element(By.TAG_NAME, "img").get_attribute("src")
    shoot(driver, "picture-browser")

    viewer.click()
    wait(driver, lambda d: not d.find_elements(By.ID, "viewer"))


def message_rows(driver):
    return driver.find_elements(By.CSS_SELECTOR, "#list .row")


def test_messages_tabs_list_the_demo_messages_and_clear_the_badge(signed_in, server):
    driver = signed_in
    mine = server.token("sparrow")
    friend = server.api(f"friendships/friends.json?uid={mine['uid']}&count=5", mine["access_token"])["users"][2]
    theirs = server.token(friend["screen_name"])
    server.api("statuses/update.json", theirs["access_token"], {"status": f"@sparrow 来看看 <b>这个</b> {time.time():.0f}"})
    driver.get(server.url("/"))
    assert int(visible(driver, "#badge-messages").text.rstrip("+")) > 0

    driver.find_element(By.ID, "tab-messages").click()

    wait(driver, EC.url_contains("/messages"))
    assert "selected" in driver.find_element(By.ID, "msg-tab-mentions").get_attribute("class")
    first = message_rows(driver)[0]
    assert "@sparrow 来看看 <b>这个</b>" in first.text, "user text is escaped"
    assert first.find_element(By.CSS_SELECTOR, ".name").text == friend["screen_name"]
    assert not driver.find_elements(By.CSS_SELECTOR, "#msg-tab-mentions .dot-badge")
    shoot(driver, "messages-mentions")

    driver.find_element(By.ID, "msg-tab-comments").click()
    wait(driver, lambda d: "selected" in d.find_element(By.ID, "msg-tab-comments").get_attribute("class"))
    rows = message_rows(driver)
    assert rows, "the demo account has comments"
    assert rows[0].find_elements(By.CSS_SELECTOR, ".row-quote"), "a comment quotes its status"
    shoot(driver, "messages-comments")

    driver.find_element(By.ID, "msg-tab-likes").click()
    wait(driver, lambda d: "selected" in d.find_element(By.ID, "msg-tab-likes").get_attribute("class"))
    rows = message_rows(driver)
    assert rows and "赞了这条微博" in rows[0].text
    assert not driver.find_elements(By.ID, "badge-messages"), "every tab visited: the 消息 badge is gone"
    shoot(driver, "messages-likes")

    # Older pages come as fragments when the footer scrolls into view.
    if driver.find_elements(By.CSS_SELECTOR, "#list .more[data-next]"):
        count = len(message_rows(driver))
        driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
        wait(driver, lambda d: len(message_rows(d)) > count, 15)

    quote = message_rows(driver)[0].find_element(By.CSS_SELECTOR, ".row-quote")
    driver.execute_script("window.scrollTo(0, 0)")
    quote.click()
    wait(driver, EC.url_contains("/status/"))


def test_discover_searches_users_and_statuses(signed_in, server):
    driver = signed_in
    driver.find_element(By.ID, "tab-discover").click()
    wait(driver, EC.url_contains("/discover"))
    assert "selected" in driver.find_element(By.ID, "tab-discover").get_attribute("class")

    box = driver.find_element(By.ID, "search-input")
    box.send_keys("北京美食家")
    driver.find_element(By.ID, "search-button").click()

    wait(driver, EC.url_contains("q="))
    names = [n.text for n in driver.find_elements(By.CSS_SELECTOR, "#users .name")]
    assert "北京美食家" in names
    assert driver.find_element(By.ID, "search-input").get_attribute("value") == "北京美食家"
    shoot(driver, "discover-users")

    driver.find_element(By.ID, "search-input").clear()
    driver.find_element(By.ID, "search-input").send_keys("火锅")
    driver.find_element(By.ID, "search-button").click()
    wait(driver, lambda d: d.find_element(By.ID, "search-input").get_attribute("value") == "火锅"
         and d.find_elements(By.CSS_SELECTOR, "#cards > .card"))
    assert all("火锅" in c.find_element(By.CSS_SELECTOR, ".text").text
               for c in driver.find_elements(By.CSS_SELECTOR, "#cards > .card"))
    shoot(driver, "discover-statuses")

    driver.find_element(By.CSS_SELECTOR, "#users .user-row, #cards .card .name").click()
    wait(driver, EC.url_contains("/u/"))


def test_hot_topic_opens_its_topic_page(signed_in, server):
    driver = signed_in
    driver.get(server.url("/discover"))
    topics = driver.find_elements(By.CSS_SELECTOR, "#topics .topic-row")
    assert topics, "the demo data has topics from the last day"
    assert topics[0].find_element(By.CSS_SELECTOR, ".topic-count").text.endswith("条")
    shoot(driver, "discover")
    name = topics[0].find_element(By.CSS_SELECTOR, ".topic-name").text

    topics[0].click()

    wait(driver, EC.url_contains("/topic/"))
    assert driver.find_element(By.CSS_SELECTOR, ".navbar h1").text == name
    cards = driver.find_elements(By.CSS_SELECTOR, "#cards > .card")
    assert cards and all(name in c.find_element(By.CSS_SELECTOR, ".text").text for c in cards)
    shoot(driver, "topic")

    # A topic inside a card links to its page too.
    link = cards[0].find_element(By.CSS_SELECTOR, ".text a.topic")
    assert link.get_attribute("href").startswith(server.url("/topic/"))
