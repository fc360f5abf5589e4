#!/usr/bin/env python3
"""The route sweep's routes: every GET route a person or a client opens in the three apps, with realistic
parameters read from the benchmark database (the busiest status, user, topic, deal and check-in), one per line as
`name<TAB>url<TAB>header` for scripts/bench.sh to time with wrk.

usage: sweep_routes.py DATA_FOLDER PORT TOKEN COOKIE DEALS_APP_JSON
"""
import hashlib
import json
import sqlite3
import sys
import urllib.parse

data, port, token, cookie, deals_app = sys.argv[1:6]
base = f"http://127.0.0.1:{port}"
db = sqlite3.connect(f"file:{data}/sparrow.sqlite?mode=ro", uri=True)


def one(sql, *args):
    row = db.execute(sql, args).fetchone()
    return row[0] if row else None


# The demo's first person ("sparrow") is the measured viewer; the others are picked by how busy they are.
busy_status = one("SELECT id FROM statuses WHERE visible = 0 ORDER BY comments_count DESC LIMIT 1")
reposted = one("SELECT id FROM statuses WHERE visible = 0 ORDER BY reposts_count DESC LIMIT 1")
busy_user = one("SELECT id FROM users ORDER BY statuses_count DESC LIMIT 1")
topic = one("SELECT topic FROM status_topics GROUP BY topic ORDER BY count(*) DESC LIMIT 1") or "Sparrow"
deal = one("SELECT id FROM tuan_deals ORDER BY purchase_count DESC LIMIT 1")
merchant = one("SELECT merchant_id FROM tuan_deals ORDER BY purchase_count DESC LIMIT 1")
checkin = one("SELECT id FROM daka_checkins WHERE public = 1 ORDER BY id DESC LIMIT 1")
reviewed = one("SELECT merchant_id FROM tuan_reviews GROUP BY merchant_id ORDER BY count(*) DESC LIMIT 1")
review = one("SELECT id FROM tuan_reviews WHERE merchant_id = ? ORDER BY helpful DESC, id DESC LIMIT 1", reviewed)
q = urllib.parse.quote

api = f"Authorization: OAuth2 {token}"
web = f"Cookie: {cookie}"
routes = [
    ("healthz", "/healthz", ""),
    # 微博's API
    ("api home_timeline", "/2/statuses/home_timeline.json", api),
    ("api public_timeline", "/2/statuses/public_timeline.json", api),
    # 原创 and 图片, the filters a client offers above a feed: counted, not kept (`WeiboSQL.totalCap`).
    ("api home_timeline original", "/2/statuses/home_timeline.json?feature=1", api),
    ("api public_timeline pictures", "/2/statuses/public_timeline.json?feature=2", api),
    ("api user_timeline", f"/2/statuses/user_timeline.json?uid={busy_user}", api),
    ("api statuses/show", f"/2/statuses/show.json?id={busy_status}", api),
    ("api comments/show", f"/2/comments/show.json?id={busy_status}", api),
    ("api repost_timeline", f"/2/statuses/repost_timeline.json?id={reposted}", api),
    ("api mentions", "/2/statuses/mentions.json", api),
    ("api comments/to_me", "/2/comments/to_me.json", api),
    ("api users/show", f"/2/users/show.json?uid={busy_user}", api),
    ("api followers", f"/2/friendships/followers.json?uid={busy_user}", api),
    ("api favorites", "/2/favorites.json", api),
    ("api unread_count", "/2/remind/unread_count.json", api),
    ("api trends/hourly", "/2/trends/hourly.json", api),
    ("api emotions", "/2/emotions.json", api),
    ("api search/topics", f"/2/search/topics.json?q={q(topic)}", api),
    # Two characters, as most Chinese searches are (the index of pairs, not the trigram index).
    ("api search/statuses", f"/2/search/statuses.json?q={q(topic[:2])}", api),
    ("api attitudes/to_me", "/2/attitudes/to_me.json", api),
    ("api bilateral_timeline", "/2/statuses/bilateral_timeline.json", api),
    # 微博 through the Mastodon client API
    ("mastodon home", "/api/v1/timelines/home", api),
    ("mastodon public", "/api/v1/timelines/public", api),
    ("mastodon account statuses", f"/api/v1/accounts/{busy_user}/statuses", api),
    ("mastodon status", f"/api/v1/statuses/{busy_status}", api),
    ("mastodon context", f"/api/v1/statuses/{busy_status}/context", api),
    ("mastodon tag", f"/api/v1/timelines/tag/{q(topic)}", api),
    ("mastodon verify_credentials", "/api/v1/accounts/verify_credentials", api),
    ("mastodon notifications", "/api/v1/notifications", api),
    ("mastodon followers", f"/api/v1/accounts/{busy_user}/followers", api),
    ("mastodon instance", "/api/v2/instance", ""),
    # 微博's web client, signed in
    ("web home", "/", web),
    ("web status", f"/status/{busy_status}", web),
    ("web discover", "/discover", web),
    ("web messages", "/messages", web),
    ("web me", "/me", web),
    ("web user", f"/u/{busy_user}", web),
    ("web topic", f"/topic/{q(topic)}", web),
    ("web compose", "/compose", web),
    ("web pick users", "/web/pick/users", web),
    # 团购's web client, as a visitor
    ("tuan grid", "/tuan", ""),
    ("tuan map", "/tuan/map", ""),
    ("tuan deal", f"/tuan/deal/1-{deal}", ""),
    ("tuan business", f"/tuan/business/{merchant}", ""),
    ("tuan reviews", f"/tuan/business/{reviewed}/reviews", ""),
    ("tuan review", f"/tuan/review/{review}", ""),
    ("tuan orders", "/tuan/orders", web),
    ("tuan shop", "/tuan/shop", web),
    ("tuan cities", "/tuan/cities", web),
    ("tuan api reviews", f"/tuan/api/reviews?business_id={reviewed}", ""),
    # 打卡
    ("daka discover", "/daka", ""),
    ("daka me", "/daka/me", web),
    ("daka entry", f"/daka/c/{checkin}", ""),
    ("daka api checkins", "/daka/api/checkins", ""),
    ("daka me world", "/daka/me?map=world", web),
    ("daka trips", "/daka/trips", web),
    ("daka places abroad", "/daka/places?q=tokyo", ""),
    ("daka place abroad", "/daka/place?lat=35.6812&lng=139.7671", ""),
    ("daka api checkins country", "/daka/api/checkins?country=CN&year=2025", ""),
]

# 团购's signed API, as scripts/bench.sh signs it.
app = json.loads(deals_app)


def signed(path, params):
    text = app["client_id"] + "".join(k + params[k] for k in sorted(params)) + app["client_secret"]
    sign = hashlib.sha1(text.encode()).hexdigest().upper()
    return f"/v1/{path}?" + urllib.parse.urlencode({"appkey": app["client_id"], "sign": sign, **params})


near = {"city": "北京", "category": "美食", "latitude": "39.9087", "longitude": "116.4605", "radius": "3000",
        "sort": "7", "limit": "20", "page": "1"}
routes += [
    ("v1 find_deals near", signed("deal/find_deals", near), ""),
    ("v1 find_deals keyword", signed("deal/find_deals", {"city": "北京", "keyword": "火锅", "limit": "20"}), ""),
    ("v1 find_deals city", signed("deal/find_deals", {"city": "上海", "limit": "20", "sort": "2"}), ""),
    ("v1 get_single_deal", signed("deal/get_single_deal", {"deal_id": f"1-{deal}"}), ""),
    ("v1 find_businesses", signed("business/find_businesses", {"city": "北京", "category": "美食", "limit": "20"}), ""),
    ("v1 regions", signed("metadata/get_regions_with_deals", {"city": "北京"}), ""),
    ("v1 cities", signed("metadata/get_cities_with_deals", {}), ""),
    ("v1 categories", signed("metadata/get_categories_with_deals", {}), ""),
    ("v1 recent_reviews", signed("review/get_recent_reviews", {"business_id": str(reviewed)}), ""),
]

for name, path, header in routes:
    print(f"{name}\t{base}{path}\t{header}")
