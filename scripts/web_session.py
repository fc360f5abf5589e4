#!/usr/bin/env python3
"""Signs in to the web client the way a browser does (/web/login, the authorize form, /web/callback) and prints
the session cookie, for benchmarks. Usage: web_session.py BASE_URL USER PASSWORD"""
import http.cookiejar
import re
import sys
import urllib.parse
import urllib.request

base, user, password = sys.argv[1:4]
jar = http.cookiejar.CookieJar()
opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
page = opener.open(base + "/web/login")  # follows the redirect to /oauth2/authorize
query = dict(urllib.parse.parse_qsl(urllib.parse.urlparse(page.geturl()).query))
csrf = re.search(r'name="csrf" value="([0-9a-f]+)"', page.read().decode()).group(1)  # the jar keeps its cookie
form = urllib.parse.urlencode({
    "csrf": csrf,
    "client_id": query["client_id"], "redirect_uri": query["redirect_uri"], "response_type": "code",
    "state": query["state"], "action": "submit", "userId": user, "passwd": password,
}).encode()
opener.open(base + "/oauth2/authorize", data=form)  # follows /web/callback, which sets the cookie
cookie = next((c for c in jar if c.name == "sparrow_web"), None)
if cookie is None:
    sys.exit("sign-in failed: no sparrow_web cookie")
print(f"sparrow_web={cookie.value}")
