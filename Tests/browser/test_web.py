"""Journeys through the web client at 375×812 and 1280×800 (screenshots in artifacts/screenshots/)."""
import json
import time
import urllib.error

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC

from conftest import ROOT, console_errors, login, make_driver, shoot, visible, wait

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
    assert "<script" not in driver.page_source.split("<body", 1)[1]
    # The script is one entry module and the feature modules it imports, all under the page's asset version,
    # run under the strict Content-Security-Policy with nothing in the console.
    loaded = driver.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name).filter(n => n.endsWith('.js'))")
    # The picture browser and the fetch helpers are the platform's, served among the client's modules.
    modules = sorted([p.name for p in (ROOT / "Apps" / "Weibo" / "WeiboWeb" / "Public" / "js").glob("*.js")] + ["pictures.js", "net.js"])
    assert sorted(url.rsplit("/", 1)[1] for url in loaded) == modules
    assert len({url.rsplit("/", 1)[0] for url in loaded}) == 1, loaded
    assert driver.execute_script("return typeof window.sparrow.refresh") == "function"
    assert console_errors(driver) == []
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

    # On to the end: every status of the feed once, newest first, then 没有更多了.
    mine = server.token("sparrow")
    total = server.api("statuses/home_timeline.json?count=1", mine["access_token"])["total_number"]
    for _ in range(total // 20 + 2):
        if driver.find_elements(By.CSS_SELECTOR, "#cards .more-end"):
            break
        count = len(card_ids(driver))
        driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
        wait(driver, lambda d: len(card_ids(d)) > count or d.find_elements(By.CSS_SELECTOR, "#cards .more-end"), 15)
    ids = card_ids(driver)
    assert driver.find_element(By.CSS_SELECTOR, "#cards .more-end").text == "没有更多了"
    assert len(ids) == total and ids == sorted(ids, reverse=True) and len(set(ids)) == total
    shoot(driver, "home-end")


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
    wait(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, "#banner.show"), 5)

    # The polled badge: a new status shows on the 首页 tab; tapping 首页 refreshes and clears it.
    server.api("statuses/update.json", theirs["access_token"], {"status": f"角标轮询 {time.time():.0f}"})
    driver.execute_script("return window.sparrow.pollUnread()")
    wait(driver, lambda d: d.find_element(By.ID, "badge-home").text == "1")
    shoot(driver, "home-badge")
    driver.find_element(By.ID, "tab-home").click()
    banner = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#banner.show"))
    assert banner.get_attribute("textContent") == "1条新微博"
    assert not driver.find_elements(By.ID, "badge-home")
    driver.execute_script("return window.sparrow.pollUnread()")
    time.sleep(0.5)
    assert not driver.find_elements(By.ID, "badge-home"), "seen on the server too"


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


def compose_and_send(driver, text):
    """Types into the open composer and sends it."""
    box = visible(driver, "#compose-text")
    box.send_keys(text)
    wait(driver, lambda d: d.find_element(By.ID, "compose-send").is_enabled())
    driver.find_element(By.ID, "compose-send").click()


def test_detail_comment_reply_like_repost_and_favourite(signed_in, server):
    driver = signed_in
    tool = next(t for t in driver.find_elements(By.CSS_SELECTOR, "#cards .tool-comment") if t.text != "评论")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", tool)
    tool.click()
    wait(driver, EC.url_contains("/status/"))
    status_id = driver.current_url.split("/status/")[1].split("?")[0]
    labels = [t.text for t in driver.find_elements(By.CSS_SELECTOR, ".list-tab")]
    assert [label.split(" ")[0] for label in labels] == ["转发", "评论", "赞"]
    assert "selected" in driver.find_element(By.ID, "tab-comments").get_attribute("class")
    assert driver.find_elements(By.CSS_SELECTOR, "#list .row")
    shoot(driver, "detail-comments")

    # 评论 opens the composer with the status quoted.
    driver.find_element(By.ID, "comment-button").click()
    wait(driver, EC.url_contains(f"/compose?comment={status_id}"))
    assert driver.find_element(By.ID, "compose-quote").is_displayed()
    assert driver.find_element(By.ID, "compose-text").get_attribute("placeholder") == "写评论..."
    compose_and_send(driver, "说得好 [哈哈]")
    wait(driver, lambda d: "tab=comments" in d.current_url and "说得好" in d.find_element(By.CSS_SELECTOR, "#list .row").text)
    assert driver.find_element(By.CSS_SELECTOR, "#list .row .emoticon").get_attribute("alt") == "[哈哈]"

    # 回复 on a comment answers it: the text starts with 回复@author:.
    driver.find_element(By.CSS_SELECTOR, "#list .row .row-reply").click()
    wait(driver, EC.url_contains("reply="))
    assert driver.find_element(By.ID, "compose-text").get_attribute("placeholder") == "回复@sparrow:"
    shoot(driver, "compose-reply")
    compose_and_send(driver, "谢谢支持")
    wait(driver, lambda d: "回复@sparrow:谢谢支持" in d.find_element(By.CSS_SELECTOR, "#list .row").text.replace(" ", ""))

    # 赞 in the bottom bar toggles in place.
    like = driver.find_element(By.CSS_SELECTOR, ".bottom-bar .tool-like")
    was = like.get_attribute("aria-pressed")
    like.click()
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".bottom-bar .tool-like").get_attribute("aria-pressed") != was)

    # 收藏 in the navigation bar, then the status is in 我的收藏.
    favorite = driver.find_element(By.ID, "favorite-button")
    if favorite.text == "已收藏":
        favorite.click()
        wait(driver, lambda d: d.find_element(By.ID, "favorite-button").text == "收藏")
    driver.find_element(By.ID, "favorite-button").click()
    wait(driver, lambda d: d.find_element(By.ID, "favorite-button").text == "已收藏")
    driver.get(server.url("/me/favorites"))
    assert status_id in [c.get_attribute("data-id") for c in driver.find_elements(By.CSS_SELECTOR, "#cards > .card")]
    shoot(driver, "favorites")

    # 转发 with a comment to the author.
    driver.get(server.url(f"/status/{status_id}"))
    driver.find_element(By.ID, "repost-button").click()
    wait(driver, EC.url_contains(f"/compose?repost={status_id}"))
    driver.find_element(By.ID, "compose-option").click()
    shoot(driver, "compose-repost")
    compose_and_send(driver, "转给大家看看")
    wait(driver, EC.url_contains("tab=reposts"))
    assert "转给大家看看" in driver.find_element(By.CSS_SELECTOR, "#list .row").text
    shoot(driver, "detail-reposts")
    driver.find_element(By.ID, "tab-comments").click()
    wait(driver, lambda d: "转给大家看看" in d.find_element(By.CSS_SELECTOR, "#list .row").text)


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


def follow_button(driver):
    return driver.find_element(By.CSS_SELECTOR, "#profile .follow-button")


def test_follow_a_user_from_a_mention(signed_in, server):
    driver = signed_in
    mine = server.token("sparrow")
    friends = {u["screen_name"] for u in server.api(f"friendships/friends.json?uid={mine['uid']}&count=200", mine["access_token"])["users"]}
    # Someone sparrow does not follow, mentioned in a status on the timeline.
    followers = server.api(f"friendships/followers.json?uid={mine['uid']}&count=50", mine["access_token"])["users"]
    stranger = next(u for u in followers if u["screen_name"] not in friends)
    theirs = server.token(sorted(friends)[0])
    server.api("statuses/update.json", theirs["access_token"], {"status": f"大家关注一下 @{stranger['screen_name']} 吧 {time.time():.0f}"})
    driver.refresh()
    mention = wait(driver, lambda d: next((m for m in d.find_elements(By.CSS_SELECTOR, "#cards .card .mention")
                                          if m.text == "@" + stranger["screen_name"]), None))
    driver.execute_script("arguments[0].click()", mention)
    wait(driver, EC.url_contains("/n/"))
    assert driver.find_element(By.CSS_SELECTOR, ".profile-name .name").text == stranger["screen_name"]
    counts = driver.find_element(By.ID, "counts").text
    assert "微博" in counts and "关注" in counts and "粉丝" in counts
    assert follow_button(driver).text == "+ 关注"
    followers_count = int(driver.find_element(By.ID, "followers-count").text)
    shoot(driver, "user")

    follow_button(driver).click()

    wait(driver, lambda d: follow_button(d).text == "相互关注")
    assert int(driver.find_element(By.ID, "followers-count").text) == followers_count + 1
    # 特别关注: marked on their page, then their statuses are the 特别关注 group.
    driver.find_element(By.CSS_SELECTOR, "#profile .special-button").click()
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#profile .special-button").get_attribute("aria-pressed") == "true")
    shoot(driver, "user-followed")
    driver.get(server.url("/?feed=special"))
    names = {n.text for n in driver.find_elements(By.CSS_SELECTOR, "#cards > .card .card-head .name")}
    assert names <= {stranger["screen_name"]}
    driver.get(server.url("/n/" + stranger["screen_name"]))
    driver.refresh()
    assert follow_button(driver).text == "相互关注"
    follow_button(driver).click()
    wait(driver, lambda d: follow_button(d).text == "+ 关注")


def test_follower_and_following_lists(signed_in, server):
    driver = signed_in
    driver.find_element(By.ID, "tab-me").click()
    visible(driver, "#count-followers").click()
    wait(driver, EC.url_contains("/followers"))
    rows = driver.find_elements(By.CSS_SELECTOR, "#people .person")
    mine = server.token("sparrow")
    me = server.api(f"users/show.json?uid={mine['uid']}", mine["access_token"])
    assert len(rows) == min(me["followers_count"], 20)
    assert all(r.find_elements(By.CSS_SELECTOR, ".follow-button") for r in rows)
    shoot(driver, "followers")
    driver.back()
    visible(driver, "#count-friends").click()
    wait(driver, EC.url_contains("/friends"))
    labels = {b.text for b in driver.find_elements(By.CSS_SELECTOR, "#people .follow-button")}
    assert labels and labels <= {"已关注", "相互关注"}, "everyone in 关注 is followed"


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
        comment = driver.find_element(By.CSS_SELECTOR, '#cards .tool-comment[href^="/status/"]')
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
    assert [a.text for a in popover.find_elements(By.CSS_SELECTOR, "a")] == ["全部微博", "好友圈", "我的微博", "特别关注"]
    shoot(driver, "home-popover")
    # A tap on the dimmed cover closes it.
    visible(driver, "#cover").click()
    wait(driver, lambda d: not d.find_element(By.ID, "popover").is_displayed() and not d.find_elements(By.ID, "cover"))
    driver.find_element(By.ID, "title-button").click()
    popover = visible(driver, "#popover")

    popover.find_element(By.LINK_TEXT, "好友圈").click()

    wait(driver, EC.url_contains("feed=bilateral"))
    assert driver.find_element(By.CSS_SELECTOR, "#popover .selected").get_attribute("textContent") == "好友圈"
    driver.find_element(By.ID, "title-button").click()
    visible(driver, "#popover").find_element(By.LINK_TEXT, "我的微博").click()
    wait(driver, EC.url_contains("feed=mine"))
    names = {n.text for n in driver.find_elements(By.CSS_SELECTOR, "#cards > .card .card-head .name")}
    assert names == {"sparrow"}, "我的微博 lists only the viewer's own statuses"


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
    wait(driver, EC.url_contains("/me"))
    assert driver.find_element(By.CSS_SELECTOR, ".profile-name .name").text == "sparrow"
    assert "selected" in driver.find_element(By.ID, "tab-me").get_attribute("class")
    assert [a.text for a in driver.find_elements(By.CSS_SELECTOR, "#me-menu a")] == ["我的收藏", "设置"]
    assert driver.find_elements(By.CSS_SELECTOR, "#cards > .card"), "我 lists my statuses"
    shoot(driver, "me")
    driver.find_element(By.ID, "me-settings").click()
    wait(driver, EC.url_contains("/settings"))
    cells = driver.find_elements(By.CSS_SELECTOR, "#settings .cell")
    assert cells[-1].text == "退出登录", "退出登录 is at the bottom of 设置"
    shoot(driver, "settings")

    logout = driver.find_element(By.ID, "logout")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", logout)
    logout.click()

    visible(driver, ".visitor-text")
    driver.get(server.url("/"))
    assert driver.find_elements(By.CSS_SELECTOR, ".visitor"), "the session has ended"


def test_authorizations_page_lists_apps_and_revokes_them(signed_in, server):
    driver = signed_in
    token = server.token("sparrow")["access_token"]
    assert server.api("account/get_uid.json", token)["uid"]
    driver.get(server.url("/settings"))
    driver.find_element(By.ID, "authorizations-link").click()
    wait(driver, EC.url_contains("/account/apps"))
    grants = driver.find_elements(By.CSS_SELECTOR, ".grant")
    names = [g.find_element(By.CSS_SELECTOR, ".app-name").text for g in grants]
    assert names == ["Sparrow 终端"], "only the app the test signed in with holds a token"
    wb = grants[0]
    lines = [li.text for li in wb.find_elements(By.CSS_SELECTOR, ".scope li")]
    assert "分享内容到你的微博" in lines and "查看你的打卡记录（包括仅自己可见的）" in lines, lines
    shoot(driver, "authorizations")
    wb.find_element(By.CSS_SELECTOR, "button.revoke").click()
    visible(driver, "#no-grants")
    try:
        server.api("account/get_uid.json", token)
        raise AssertionError("the revoked token still works")
    except urllib.error.HTTPError as refused:
        assert json.loads(refused.read())["error_code"] == 21332
    driver.find_element(By.LINK_TEXT, "返回").click()
    wait(driver, EC.url_contains("/settings"))


def press(driver, element_id):
    """Clicks a button once it is in the middle of the screen, clear of the fixed bars."""
    try:
        button = visible(driver, "#" + element_id)
    except Exception as error:
        raise AssertionError(f"no #{element_id} on {driver.current_url}: {driver.page_source[:6000]}") from error
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()


def test_blocking_and_muting_from_a_profile(signed_in, server):
    """拉黑 from someone's page: the page says so and offers no follow, their statuses leave the public timeline;
    解除拉黑 and 屏蔽 / 取消屏蔽 from the same place. Everything is undone for the journeys after."""
    driver = signed_in
    token = server.token("sparrow")["access_token"]
    followed = set(server.api("friendships/friends/ids.json?count=5000", token)["ids"])
    authors = [s["user"] for s in server.api("statuses/public_timeline.json?count=200", token)["statuses"]]
    stranger = next(a["id"] for a in authors if a["screen_name"] != "sparrow" and a["id"] not in followed)

    driver.get(server.url(f"/u/{stranger}"))
    press(driver, "block-button")
    note = visible(driver, "#block-note")
    assert "你已拉黑" in note.text
    assert not driver.find_elements(By.CSS_SELECTOR, ".follow-form"), "no follow on a blocked person's page"
    assert driver.find_element(By.ID, "block-button").text == "解除拉黑"
    shoot(driver, "profile-blocked")
    seen = [s["user"]["id"] for s in server.api("statuses/public_timeline.json?count=200", token)["statuses"]]
    assert stranger not in seen
    assert server.api("blocks/blocking/ids.json", token)["ids"] == [stranger]

    press(driver, "block-button")
    wait(driver, lambda d: not d.find_elements(By.ID, "block-note"))
    assert server.api("blocks/blocking/ids.json", token)["ids"] == []
    press(driver, "mute-button")
    wait(driver, lambda d: d.find_element(By.ID, "mute-button").text == "取消屏蔽")
    assert server.api("mutes/muting/ids.json", token)["ids"] == [stranger]
    press(driver, "mute-button")
    wait(driver, lambda d: d.find_element(By.ID, "mute-button").text == "屏蔽")
    assert server.api("mutes/muting/ids.json", token)["ids"] == []
    assert not console_errors(driver)


def test_reporting_a_status_and_the_staff_queue(signed_in, server):
    """举报 from a status page (a reason, a note), then the staff page: only once promoted; the report waits in the
    queue with what it is about, and 驳回 with a reason settles it and lands in the audit log."""
    driver = signed_in
    token = server.token("sparrow")["access_token"]
    status = next(s for s in server.api("statuses/public_timeline.json?count=50", token)["statuses"]
                  if s["user"]["screen_name"] != "sparrow")

    driver.get(server.url("/admin"))
    assert "页面不存在" in driver.page_source, "not staff yet: no such page"

    driver.get(server.url(f"/status/{status['idstr']}"))
    press(driver, "report-status")
    visible(driver, "#report-form")
    assert status["text"][:10] in driver.find_element(By.ID, "reported").text
    driver.find_element(By.CSS_SELECTOR, "input[name=reason][value=spam]").click()
    driver.find_element(By.ID, "note").send_keys("一直发广告")
    shoot(driver, "report-form")
    press(driver, "report-submit")
    assert "举报已提交" in visible(driver, "#report-done").text
    driver.find_element(By.ID, "report-back").click()
    wait(driver, EC.url_contains(f"/status/{status['idstr']}"))

    queued = [json.loads(line) for line in server.sparrow("content", "reports").splitlines()]
    assert any(r["target"] == f"status:{status['idstr']}" and r["note"] == "一直发广告" for r in queued)
    server.sparrow("user", "promote", "sparrow", "--role", "moderator", "--reason", "浏览器测试")
    driver.get(server.url("/admin"))
    item = visible(driver, f".report-item[data-target='status:{status['idstr']}']")
    assert "垃圾广告：一直发广告" in item.text
    shoot(driver, "admin-queue")
    item.find_element(By.NAME, "reason").send_keys("不是广告")
    button = item.find_element(By.CSS_SELECTOR, "button.act-dismiss")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    assert "已驳回" in visible(driver, "#admin-done").text
    assert not driver.find_elements(By.CSS_SELECTOR, f".report-item[data-target='status:{status['idstr']}']")
    assert "dismiss status:" in driver.find_element(By.ID, "audit").text
    server.sparrow("user", "promote", "sparrow", "--role", "none", "--reason", "测试结束")
    assert not [e for e in console_errors(driver) if "/admin - " not in e], "nothing but the refused /admin"


def test_an_operator_hides_and_shows_from_the_command_line(server):
    """`sparrow content hide` beside the running server (another process on its SQLite file): within a moment the
    status is gone for everyone but its author, and `content show` brings it back; both are in the audit log."""
    token = server.token("sparrow")["access_token"]
    status = next(s for s in server.api("statuses/public_timeline.json?count=50", token)["statuses"]
                  if s["user"]["screen_name"] != "sparrow")

    def shown():
        try:
            return server.api(f"statuses/show.json?id={status['idstr']}", token)["idstr"] == status["idstr"]
        except urllib.error.HTTPError:
            return False

    def settles(expected):
        deadline = time.time() + 5
        while time.time() < deadline:
            if shown() == expected:
                return True
            time.sleep(0.1)
        return False

    assert shown()
    done = json.loads(server.sparrow("content", "hide", f"status:{status['idstr']}", "--reason", "命令行测试"))
    assert done == {"target": f"status:{status['idstr']}", "hidden": True}
    assert settles(False), "the server dropped its cached rows"
    server.sparrow("content", "show", f"status:{status['idstr']}", "--reason", "恢复")
    assert settles(True)
    audit = server.sparrow("user", "audit", "--limit", "2")
    assert '"action":"show"' in audit and '"action":"hide"' in audit and "命令行测试" in audit


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
    # The grid's picture shows first; the large one replaces it once loaded.
    wait(driver, lambda d: "/pics/large/" in d.find_element(By.CSS_SELECTOR, "#viewer img").get_attribute("src"))
    assert len(viewer.find_elements(By.CSS_SELECTOR, ".viewer-dots i")) == int(grid.get_attribute("data-count"))
    assert viewer.find_elements(By.CSS_SELECTOR, ".viewer-dots i")[1].get_attribute("class") == "on"
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#viewer .viewer-count").text.startswith("1/"))
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
