"""Journeys through 团购's web client at /tuan, at the iPad's two orientations and a phone width
(screenshots in artifacts/screenshots/tuan-*)."""
import re
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import SHOTS, console_errors, reload_by, set_viewport, visible, wait

LANDSCAPE, PORTRAIT, PHONE = (1024, 768), (768, 1024), (390, 844)


def shoot(driver, name, sizes=(LANDSCAPE, PORTRAIT, PHONE)):
    """Saves the page at each size, then returns to the landscape iPad."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in sizes:
        set_viewport(driver, width, height)
        time.sleep(0.35)
        driver.save_screenshot(str(SHOTS / f"tuan-{name}-{width}x{height}.png"))
    set_viewport(driver, *LANDSCAPE)
    time.sleep(0.2)


def columns(driver):
    """How many cards share the first row of the grid."""
    tops = [c.location["y"] for c in driver.find_elements(By.CSS_SELECTOR, "#grid .card")[:4]]
    return sum(1 for t in tops if t == tops[0])


def titles(driver):
    return [t.text for t in driver.find_elements(By.CSS_SELECTOR, "#grid .card-title")]


def prices(driver):
    return [float(p.text.lstrip("¥")) for p in driver.find_elements(By.CSS_SELECTOR, "#grid .card .price")]


def open_menu(driver, name):
    driver.find_element(By.ID, "menu-button-" + name).click()
    return visible(driver, "#menu-" + name)


def choose(driver, link):
    """Follows a link that reloads the page, and waits for the new one."""
    reload_by(driver, link.click)


def sign_in(driver, server):
    driver.get(server.url("/tuan"))
    driver.find_element(By.ID, "dock-more").click()
    visible(driver, "#more-login").click()
    wait(driver, EC.url_contains("/oauth2/authorize"))
    visible(driver, "#fill").click()
    driver.find_element(By.ID, "authorize").click()
    wait(driver, lambda d: d.current_url.startswith(server.url("/tuan")) and d.find_elements(By.CSS_SELECTOR, "#grid .card"), 15)


def test_grid_layout_follows_the_orientation(driver, server):
    set_viewport(driver, *LANDSCAPE)
    driver.get(server.url("/tuan"))
    visible(driver, "#grid .card")
    assert columns(driver) == 3
    set_viewport(driver, *PORTRAIT)
    time.sleep(0.3)
    assert columns(driver) == 2, "the layout recomputes on rotation"
    dock = driver.find_element(By.CSS_SELECTOR, ".dock")
    assert dock.size["width"] < 100 and dock.size["height"] > 900
    set_viewport(driver, *PHONE)
    time.sleep(0.3)
    assert columns(driver) == 1
    assert dock.size["height"] < 70 and dock.location["y"] > 700, "on a phone the dock is a bottom bar"
    set_viewport(driver, *LANDSCAPE)
    # Every icon-only control has a name, struck prices are struck text, honest discounts only.
    for card in driver.find_elements(By.CSS_SELECTOR, "#grid .card"):
        struck = card.find_elements(By.CSS_SELECTOR, "del.list-price")
        discount = card.find_elements(By.CSS_SELECTOR, ".discount")
        price = float(card.find_element(By.CSS_SELECTOR, ".price").text.lstrip("¥"))
        if struck:
            assert float(struck[0].text.lstrip("¥")) > price
        assert bool(discount) == bool(struck)
        assert card.find_element(By.CSS_SELECTOR, ".validity").text.startswith("有效期至")
    assert console_errors(driver) == []
    shoot(driver, "grid")


def test_city_by_initials_then_filter_sort_and_scroll_to_the_end(driver, server):
    set_viewport(driver, *LANDSCAPE)
    driver.get(server.url("/tuan"))
    driver.find_element(By.ID, "dock-city").click()
    search = visible(driver, "#city-search")
    assert driver.find_element(By.CSS_SELECTOR, "#city-sections h3").text == "热门城市"
    shoot(driver, "cities")
    search.send_keys("cs")
    button = visible(driver, "#city-results button[value='430100']")
    assert not driver.find_element(By.ID, "city-sections").is_displayed()
    shoot(driver, "cities-search")
    search.clear()
    search.send_keys("qqq")
    assert visible(driver, "#city-none").text == "没有找到“qqq”"

    search.clear()
    search.send_keys("cs")
    choose(driver, visible(driver, "#city-results button[value='430100']"))

    assert driver.find_element(By.ID, "city-name").text == "长沙"
    driver.find_element(By.ID, "dock-city").click()
    first = visible(driver, "#city-sections .city-section")
    assert first.find_element(By.TAG_NAME, "h3").text == "最近访问"
    assert first.find_element(By.CSS_SELECTOR, "button").text == "长沙"
    driver.find_element(By.CSS_SELECTOR, ".city-index a[data-letter='H']").click()
    top = driver.find_element(By.ID, "city-form").rect["y"]
    wait(driver, lambda d: abs(d.find_element(By.ID, "city-letter-H").rect["y"] - top) < 4, 5)
    driver.find_element(By.CSS_SELECTOR, "[data-close-popover]").click()
    assert not driver.find_element(By.ID, "city-popover").is_displayed()

    # 分类: 美食's list on the right, then 火锅.
    menu = open_menu(driver, "category")
    assert driver.find_element(By.ID, "menu-cover").is_displayed()
    shoot(driver, "menu-category", sizes=(LANDSCAPE, PHONE))
    open_menu(driver, "sort")
    assert not menu.is_displayed(), "only one dropdown at a time"
    driver.find_element(By.ID, "menu-button-sort").click()
    assert not driver.find_element(By.ID, "menu-cover").is_displayed(), "the same button closes it"
    menu = open_menu(driver, "category")
    menu.find_element(By.XPATH, ".//a[span='美食']").click()
    choose(driver, visible(driver, "#menu-category .menu-right a[href*='%E7%81%AB%E9%94%85']"))
    assert driver.find_element(By.CSS_SELECTOR, "#menu-button-category b").text == "美食"
    assert driver.find_element(By.CSS_SELECTOR, "#menu-button-category small").text == "火锅"

    # 商区: 长沙's districts; the first district, all of it.
    menu = open_menu(driver, "district")
    rows = menu.find_elements(By.CSS_SELECTOR, ".menu-left .row")
    assert rows[0].text == "全部商区"
    assert "芙蓉区" in [r.text for r in rows]
    district = next(r for r in rows if r.text == "芙蓉区")
    district.click()
    shoot(driver, "menu-district", sizes=(LANDSCAPE,))
    choose(driver, visible(driver, "#menu-district .menu-right ul:not([hidden]) a"))
    assert driver.find_element(By.CSS_SELECTOR, "#menu-button-district b").text == "芙蓉区"
    # Tapping the cover closes a dropdown.
    open_menu(driver, "sort")
    driver.execute_script("document.getElementById('menu-cover').click()")
    assert not driver.find_element(By.ID, "menu-sort").is_displayed()

    assert titles(driver) or driver.find_element(By.ID, "list-empty").is_displayed()

    # The whole of 美食 in 芙蓉, by 排序's 价格最低.
    menu = open_menu(driver, "category")
    menu.find_element(By.XPATH, ".//a[span='美食']").click()
    choose(driver, visible(driver, "#menu-category .menu-right ul:not([hidden]) a"))
    assert driver.find_element(By.CSS_SELECTOR, "#menu-button-category small").text == "全部"
    open_menu(driver, "sort")
    choose(driver, driver.find_element(By.XPATH, "//div[@id='menu-sort']//a[text()='价格最低']"))
    assert driver.find_element(By.CSS_SELECTOR, "#menu-button-sort small").text == "价格最低"
    shown = prices(driver)
    assert shown and shown == sorted(shown)

    # Back to the whole city and every category, still by price, and scroll to the end.
    open_menu(driver, "district")
    choose(driver, driver.find_element(By.XPATH, "//div[@id='menu-district']//a[span='全部商区']"))
    open_menu(driver, "category")
    choose(driver, driver.find_element(By.XPATH, "//div[@id='menu-category']//a[span='全部分类']"))
    assert driver.find_element(By.CSS_SELECTOR, "#menu-button-sort small").text == "价格最低"
    for _ in range(30):
        if driver.find_elements(By.ID, "list-end"):
            break
        count = len(titles(driver))
        driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
        wait(driver, lambda d: len(titles(d)) > count or d.find_elements(By.ID, "list-end"), 15)
    assert driver.find_element(By.ID, "list-end").text == "没有更多了"
    every = prices(driver)
    assert every == sorted(every) and len(every) > 12
    assert len(set(titles(driver))) <= len(titles(driver))
    shoot(driver, "grid-end", sizes=(LANDSCAPE,))

    driver.get(server.url("/tuan?q=%E6%B2%A1%E6%9C%89%E8%BF%99%E7%A7%8D%E5%9B%A2%E8%B4%AD"))
    assert visible(driver, "#list-empty").text == "没有找到相关团购"
    assert console_errors(driver) == []


def test_detail_collect_recent_order_and_coupons(driver, server):
    set_viewport(driver, *LANDSCAPE)
    sign_in(driver, server)
    # A deal that two can be ordered of: no stock running low, no 限购1份, not sold out.
    card = next(c for c in driver.find_elements(By.CSS_SELECTOR, "#grid a.card")
                if not c.find_elements(By.CSS_SELECTOR, ".left, .flag-sold-out") and "限购1份" not in c.text)
    deal = card.get_attribute("data-deal")
    title = card.find_element(By.CSS_SELECTOR, ".card-title").text
    card.click()
    panel = visible(driver, "#detail-view")
    # Slid in from the right: its right edge at the window's, the grid still beside it.
    right = driver.execute_script("return document.documentElement.clientWidth")
    wait(driver, lambda d: d.find_element(By.ID, "detail").rect["x"] > 300 and
         abs(d.find_element(By.ID, "detail").rect["x"] + d.find_element(By.ID, "detail").rect["width"] - right) < 2)
    assert "/tuan/deal/1-" in driver.current_url
    assert panel.find_element(By.CSS_SELECTOR, ".detail-bar h2").text == title
    assert panel.find_element(By.ID, "buy").text == "立即抢购"
    assert panel.find_element(By.ID, "detail-terms").text
    assert panel.find_element(By.CSS_SELECTOR, ".detail-back").get_attribute("aria-label") == "返回"
    shoot(driver, "detail")
    panel.find_element(By.ID, "tab-button-merchant").click()
    assert visible(driver, "#tab-merchant .merchant-name").text
    assert not driver.find_element(By.ID, "tab-intro").is_displayed()
    assert driver.find_element(By.CSS_SELECTOR, "#tab-merchant .small-map").is_displayed()
    shoot(driver, "detail-merchant", sizes=(LANDSCAPE, PHONE))
    panel.find_element(By.ID, "collect").click()
    wait(driver, lambda d: d.find_element(By.ID, "collect").get_attribute("aria-pressed") == "true")
    assert driver.find_element(By.ID, "collect").text == "已收藏"
    # The cover closes it.
    driver.execute_script("document.getElementById('cover').click()")
    wait(driver, lambda d: not d.find_element(By.ID, "detail").is_displayed())
    assert driver.current_url.rstrip("/").endswith("/tuan")

    driver.find_element(By.ID, "dock-collections").click()
    wait(driver, EC.url_contains("/tuan/collections"))
    assert title in titles(driver)
    shoot(driver, "collections")
    driver.find_element(By.ID, "dock-recent").click()
    wait(driver, EC.url_contains("/tuan/recent"))
    assert titles(driver)[0] == title

    # Order it: two, total follows, 提交订单, then 我的订单 with its券.
    driver.find_element(By.CSS_SELECTOR, f"#grid a.card[data-deal='{deal}']").click()
    choose(driver, visible(driver, "#buy"))
    assert driver.find_element(By.CSS_SELECTOR, ".navbar h1").text == "提交订单"
    unit = float(driver.find_element(By.ID, "total").text)
    driver.find_element(By.CSS_SELECTOR, ".step[data-step='1']").click()
    assert float(driver.find_element(By.ID, "total").text) == round(unit * 2, 2)
    assert "到店付款" in driver.find_element(By.CSS_SELECTOR, ".pay").text
    shoot(driver, "order")
    choose(driver, driver.find_element(By.ID, "submit-order"))
    assert "/tuan/orders" in driver.current_url
    order = driver.find_element(By.CSS_SELECTOR, ".order.placed")
    assert title in order.text
    codes = order.find_elements(By.CSS_SELECTOR, ".coupon .code")
    assert len(codes) == 2 and all(re.fullmatch(r"\d{4} \d{4} \d{4}", c.text) for c in codes)
    assert [s.text for s in order.find_elements(By.CSS_SELECTOR, ".coupon .state")] == ["未消费", "未消费"]
    shoot(driver, "orders")
    assert "退款" not in order.text  # paid at the shop: nothing to refund, an unused 券 is cancelled
    # 订单详情: the 券码 large, the shop; 取消 one, and it says so.
    choose(driver, order.find_element(By.CSS_SELECTOR, ".order-link"))
    assert driver.find_element(By.CSS_SELECTOR, ".navbar h1").text == "订单详情"
    big = driver.find_element(By.CSS_SELECTOR, ".coupons.big .code")
    assert float(big.value_of_css_property("font-size").rstrip("px")) >= 24
    assert driver.find_element(By.CSS_SELECTOR, ".order-merchant .merchant-name").text
    shoot(driver, "order-detail")
    choose(driver, driver.find_element(By.CSS_SELECTOR, ".cancel button"))
    states = [s.text for s in driver.find_elements(By.CSS_SELECTOR, ".coupon .state")]
    assert sorted(states) == ["已取消", "未消费"]
    assert len(driver.find_elements(By.CSS_SELECTOR, ".cancel button")) == 1

    # 更多 reaches 我的订单 too.
    driver.get(server.url("/tuan"))
    driver.find_element(By.ID, "dock-more").click()
    assert visible(driver, "#more").is_displayed()
    shoot(driver, "more", sizes=(LANDSCAPE, PHONE))
    choose(driver, driver.find_element(By.ID, "more-orders"))
    assert driver.find_element(By.CSS_SELECTOR, ".navbar h1").text == "我的订单"

    # Edit mode removes it from 收藏.
    driver.get(server.url("/tuan/collections"))
    choose(driver, driver.find_element(By.ID, "edit"))
    for box in driver.find_elements(By.CSS_SELECTOR, ".card .pick"):
        box.click()
    shoot(driver, "collections-edit", sizes=(LANDSCAPE,))
    choose(driver, driver.find_element(By.ID, "remove"))
    assert titles(driver) == []
    assert console_errors(driver) == []


def test_a_visitors_recently_viewed_lives_in_the_browser(driver, server):
    set_viewport(driver, *PORTRAIT)
    driver.get(server.url("/tuan"))
    cards = driver.find_elements(By.CSS_SELECTOR, "#grid a.card")
    seen = []
    for card in cards[:2]:
        seen.append(card.find_element(By.CSS_SELECTOR, ".card-title").text)
        card.click()
        visible(driver, "#detail-view")
        # Still sliding in, the back button moves under the click (it then lands on the title).
        wait(driver, lambda d: d.execute_script("return document.getElementById('detail').getAnimations().length === 0"))
        driver.find_element(By.CSS_SELECTOR, "#detail-view .detail-back").click()
        wait(driver, lambda d: not d.find_element(By.ID, "detail").is_displayed())
    driver.find_element(By.ID, "dock-recent").click()
    wait(driver, lambda d: len(titles(d)) == 2)
    assert titles(driver) == list(reversed(seen)), "newest first"
    shoot(driver, "recent")
    choose(driver, driver.find_element(By.ID, "edit"))
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".card .pick"))
    driver.find_element(By.CSS_SELECTOR, ".card .pick").click()
    choose(driver, driver.find_element(By.ID, "remove"))
    wait(driver, lambda d: len(titles(d)) == 1)
    assert titles(driver) == [seen[0]]
    # 清除最近浏览 in 更多.
    driver.find_element(By.ID, "dock-more").click()
    choose(driver, visible(driver, "#clear-recent button"))
    driver.get(server.url("/tuan/recent"))
    assert visible(driver, "#list-empty").text == "还没有浏览过团购"
    assert console_errors(driver) == []


def test_a_map_marker_opens_its_deal(driver, server):
    set_viewport(driver, *LANDSCAPE)
    driver.get(server.url("/tuan/map"))
    svg = visible(driver, "#city-map")
    assert driver.find_element(By.CSS_SELECTOR, "#dock-map").get_attribute("aria-current") == "page"
    assert len(driver.find_elements(By.CSS_SELECTOR, ".districts path")) == 16
    before = svg.get_dom_attribute("viewBox")
    driver.find_element(By.ID, "zoom-in").click()
    assert svg.get_dom_attribute("viewBox") != before
    driver.find_element(By.ID, "map-locate").click()
    assert svg.get_dom_attribute("viewBox") == before, "定位 shows the whole city again"
    shoot(driver, "map", sizes=(LANDSCAPE, PORTRAIT, PHONE))
    # A marker nothing covers at the default zoom.
    pin = driver.execute_script("""
      return Array.from(document.querySelectorAll('.pin')).find(function (p) {
        var r = p.getBoundingClientRect();
        var hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return hit && hit.closest('.pin') === p;
      });""")
    deal = pin.get_attribute("data-deal")
    pin.click()
    view = visible(driver, "#detail-view")
    assert view.get_attribute("data-deal") == deal
    assert driver.current_url.endswith("/tuan/deal/" + deal)
    shoot(driver, "map-detail", sizes=(LANDSCAPE,))
    assert console_errors(driver) == []


def test_share_to_weibo_posts_a_status_that_links_back(driver, server):
    set_viewport(driver, *LANDSCAPE)
    sign_in(driver, server)
    link = driver.find_element(By.CSS_SELECTOR, "#grid a.card").get_attribute("href")
    deal = link.rsplit("/", 1)[1]
    driver.get(link)
    title = visible(driver, ".detail-bar h2").text
    # The shop's own page, from 商家详情, lists this deal among its others.
    driver.find_element(By.ID, "tab-button-merchant").click()
    choose(driver, visible(driver, "#merchant-deals"))
    assert "/tuan/business/" in driver.current_url
    assert visible(driver, "#business-info .merchant-name").text
    assert title in titles(driver)
    shoot(driver, "business", sizes=(LANDSCAPE, PHONE))
    driver.get(link)
    # An unsent status saved earlier in this browser: the share neither shows it nor overwrites it.
    driver.execute_script("localStorage.setItem('sparrow.draft.status', JSON.stringify({text: '早先的草稿', pics: []}))")
    share = visible(driver, "#share")
    assert share.get_attribute("aria-label") == "分享到微博"
    choose(driver, share)
    text = visible(driver, "#compose-text")
    assert text.get_attribute("value").startswith("【团购】" + title)
    assert text.get_attribute("value").endswith("/tuan/deal/" + deal)
    assert len(driver.find_elements(By.CSS_SELECTOR, "#compose-pics .compose-pic")) == 1, "the deal's first picture"
    shoot(driver, "share-compose", sizes=(PHONE,))
    driver.find_element(By.ID, "compose-send").click()
    wait(driver, lambda d: "/compose" not in d.current_url, 15)
    # The new status is first on the timeline, its link the deal's page.
    driver.get(server.url("/"))
    status = visible(driver, ".card")
    assert title in status.text
    href = status.find_element(By.CSS_SELECTOR, "a.link").get_attribute("href")
    assert href == server.url("/tuan/deal/" + deal)
    driver.get(server.url("/compose"))
    assert visible(driver, "#compose-text").get_attribute("value") == "早先的草稿"
    assert console_errors(driver) == []


def test_nearest_asks_the_browser_where_it_is(driver, server):
    set_viewport(driver, *PHONE)
    # The browser stands at 北京's 国贸 and lets the page ask.
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": server.url("").rstrip("/"), "permissions": ["geolocation"]})
    driver.execute_cdp_cmd("Emulation.setGeolocationOverride", {"latitude": 39.9087, "longitude": 116.4605, "accuracy": 20})
    try:
        driver.get(server.url("/tuan"))
        open_menu(driver, "sort")
        choose(driver, visible(driver, "#sort-near"))
        assert "lat=39.9087" in driver.current_url and "lng=116.4605" in driver.current_url
        assert driver.find_element(By.CSS_SELECTOR, "#menu-button-sort small").text == "离我最近"
        distances = driver.find_elements(By.CSS_SELECTOR, "#grid .card .distance")
        assert distances, "cards say how far they are"
        metres = [float(d.text[2:-2]) * 1000 if d.text.endswith("km") else float(d.text[2:-1]) for d in distances]
        assert metres == sorted(metres)
        shoot(driver, "nearest", sizes=(PHONE, LANDSCAPE))
    finally:
        driver.execute_cdp_cmd("Emulation.clearGeolocationOverride", {})
    assert console_errors(driver) == []


def touch(driver, kind, y):
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {
        "type": kind, "touchPoints": [] if kind == "touchEnd" else [{"x": 200, "y": y}]})


def test_pulling_down_at_the_top_reloads_the_first_page(driver, server):
    set_viewport(driver, *PHONE)
    driver.get(server.url("/tuan"))
    first = titles(driver)
    assert first
    # Empty the grid, so only a reload can bring the cards back.
    driver.execute_script("document.getElementById('grid').innerHTML = ''")
    assert titles(driver) == []
    touch(driver, "touchStart", 150)
    for y in range(160, 320, 20):
        touch(driver, "touchMove", y)
    assert driver.find_element(By.ID, "pull").text == "松开立即刷新"
    shoot(driver, "pull", sizes=(PHONE,))
    touch(driver, "touchEnd", 0)
    wait(driver, lambda d: titles(d) == first, 15)
    assert console_errors(driver) == []


def deals_api(server, path, params):
    """A signed `/v1` call with the demo's Deals API key (printed in the server's log)."""
    import hashlib
    import json
    import urllib.parse
    import urllib.request
    from pathlib import Path
    text = (Path(server.data) / "server.log").read_text()
    key, secret = re.search(r"Deals API \(/v1\): appkey (\S+), secret (\S+)", text).groups()
    body = "".join(k + v for k, v in sorted(params.items()))
    sign = hashlib.sha1((key + body + secret).encode()).hexdigest().upper()
    query = urllib.parse.urlencode({"appkey": key, "sign": sign, **params})
    with urllib.request.urlopen(server.url(f"/v1/{path}?{query}"), timeout=10) as response:
        return json.loads(response.read())


def sign_in_as(driver, server, name, password):
    driver.get(server.url("/tuan"))
    driver.find_element(By.ID, "dock-more").click()
    visible(driver, "#more-login").click()
    wait(driver, EC.url_contains("/oauth2/authorize"))
    driver.find_element(By.ID, "userId").send_keys(name)
    driver.find_element(By.ID, "passwd").send_keys(password)
    driver.find_element(By.ID, "authorize").click()
    wait(driver, lambda d: d.current_url.startswith(server.url("/tuan")) and d.find_elements(By.CSS_SELECTOR, "#grid .card"), 15)


def sold(driver):
    return int(re.search(r"已售(\d+)", driver.find_element(By.CSS_SELECTOR, "#buy-dock .sold").text).group(1))


def test_buy_verify_review_reply_helpful_and_cancel(driver, server, tmp_path):
    from conftest import make_driver, write_png
    set_viewport(driver, *LANDSCAPE)
    sign_in(driver, server)
    # A deal two can be ordered of, at a shop without reviews yet.
    card = next(c for c in driver.find_elements(By.CSS_SELECTOR, "#grid a.card")
                if not c.find_elements(By.CSS_SELECTOR, ".left, .flag-sold-out") and "限购1份" not in c.text)
    deal = card.get_attribute("data-deal")
    driver.get(server.url(f"/tuan/deal/{deal}"))
    business = driver.find_element(By.ID, "merchant-deals").get_attribute("href").rstrip("/").split("/")[-1]
    sold_before = sold(driver)
    reviews_before = deals_api(server, "business/get_single_business", {"business_id": business})["businesses"][0]["review_count"]
    choose(driver, driver.find_element(By.ID, "buy"))
    driver.find_element(By.CSS_SELECTOR, ".step[data-step='1']").click()
    choose(driver, driver.find_element(By.ID, "submit-order"))
    codes = [c.get_attribute("data-code") for c in driver.find_elements(By.CSS_SELECTOR, ".order.placed .coupon .code")]
    assert len(codes) == 2
    driver.get(server.url(f"/tuan/deal/{deal}"))
    assert sold(driver) == sold_before + 2

    # The shop's person verifies the first 券 on 商家后台.
    server.sparrow("user", "create", "--name", "keeper", "--password", "keeper123")
    server.sparrow("tuan", "shop", "link", "keeper", business)
    keeper = make_driver()
    try:
        set_viewport(keeper, *LANDSCAPE)
        sign_in_as(keeper, server, "keeper", "keeper123")
        keeper.get(server.url("/tuan/shop"))
        keeper.find_element(By.ID, "verify-code").send_keys(codes[0])
        choose(keeper, keeper.find_element(By.ID, "verify-submit"))
        assert "验券成功" in keeper.find_element(By.ID, "verify-result").text
        assert codes[0][:4] in keeper.find_element(By.ID, "used-today").text
        shoot(keeper, "shop")

        # The buyer writes a review of the used 券, with two pictures.
        driver.get(server.url("/tuan/orders"))
        choose(driver, driver.find_element(By.CSS_SELECTOR, ".write-review"))
        assert driver.find_element(By.CSS_SELECTOR, ".navbar h1").text == "写点评"
        driver.find_element(By.CSS_SELECTOR, "#rating-field input[value='4'] + span").click()
        for field in driver.find_elements(By.CSS_SELECTOR, ".grade-field"):
            field.find_element(By.CSS_SELECTOR, "input[value='4'] + span").click()
        driver.find_element(By.ID, "review-text").send_keys("味道很好，分量也足，服务员很耐心，团购很划算。")
        pictures = []
        for index, colour in enumerate([(200, 80, 40), (40, 90, 200)]):
            path = tmp_path / f"review-{index}.png"
            write_png(path, 320, 240, colour)
            pictures.append(str(path))
        driver.find_element(By.ID, "review-pics").send_keys("\n".join(pictures))
        shoot(driver, "review-form")
        choose(driver, driver.find_element(By.ID, "submit-review"))
        review = driver.find_element(By.CSS_SELECTOR, ".review")
        assert "味道很好" in review.text and "已消费" in review.text
        assert len(review.find_elements(By.CSS_SELECTOR, ".review-pics img")) == 2
        review_id = review.get_attribute("id").split("-")[1]
        shoot(driver, "reviews")

        # The numbers changed on the detail, the shop's page and the API.
        api = deals_api(server, "business/get_single_business", {"business_id": business})["businesses"][0]
        assert api["review_count"] == reviews_before + 1
        driver.get(server.url(f"/tuan/deal/{deal}"))
        assert f"{api['review_count']}条点评" in driver.find_element(By.ID, "rating").text
        assert "%.1f" % api["avg_rating"] in driver.find_element(By.ID, "rating").text
        driver.get(server.url(f"/tuan/business/{business}"))
        assert f"{api['review_count']}条点评" in driver.find_element(By.ID, "business-info").text
        recent = deals_api(server, "review/get_recent_reviews", {"business_id": business})
        assert recent["reviews"][0]["review_id"] == int(review_id) and recent["reviews"][0]["review_rating"] == 4

        # The shop replies; the keeper finds it useful (有用 is for others' reviews).
        keeper.get(server.url("/tuan/shop"))
        reply = keeper.find_element(By.CSS_SELECTOR, f"#review-{review_id} + .reply-form textarea")
        reply.send_keys("谢谢您的好评，欢迎再来！")
        choose(keeper, keeper.find_element(By.CSS_SELECTOR, f"#review-{review_id} + .reply-form button"))
        keeper.get(server.url(f"/tuan/review/{review_id}"))
        choose(keeper, keeper.find_element(By.CSS_SELECTOR, ".helpful"))
        assert keeper.find_element(By.CSS_SELECTOR, ".helpful").get_attribute("aria-pressed") == "true"
        driver.get(server.url(f"/tuan/review/{review_id}"))
        assert "谢谢您的好评" in driver.find_element(By.CSS_SELECTOR, ".shop-reply").text
        assert driver.find_element(By.CSS_SELECTOR, ".helpful-count").text == "1"
        assert not driver.find_elements(By.CSS_SELECTOR, "button.helpful")  # not on one's own
        shoot(driver, "review")
    finally:
        keeper.quit()

    # Cancel the unused 券: it says so, and the unit is for sale again.
    driver.get(server.url("/tuan/orders"))
    choose(driver, driver.find_element(By.CSS_SELECTOR, ".order .cancel button"))
    assert "已取消" in driver.page_source
    driver.get(server.url(f"/tuan/deal/{deal}"))
    assert sold(driver) == sold_before + 1
    assert not console_errors(driver)
