// Sparrow 微博 web client: small enhancements over server-rendered pages. Every fetch gets HTML
// fragments from the server; without script the links and forms still work.
(function () {
  "use strict";

  function fragment(html) {
    var t = document.createElement("template");
    t.innerHTML = html;
    return t.content;
  }

  function get(url) {
    return fetch(url, { headers: { "X-Fragment": "1" }, credentials: "same-origin" }).then(function (r) {
      if (!r.ok) throw new Error("HTTP " + r.status);
      return r.text().then(function (text) { return { text: text, response: r }; });
    });
  }

  function post(form) {
    var body = new URLSearchParams(new FormData(form));
    return fetch(form.action, {
      method: "POST", body: body, credentials: "same-origin",
      headers: { "X-Fragment": "1", "Content-Type": "application/x-www-form-urlencoded" }
    }).then(function (r) {
      if (!r.ok) throw new Error("HTTP " + r.status);
      return r.text();
    });
  }

  // Load more: the footer's `data-next` is the next page's fragment; it replaces the footer.
  var observer = "IntersectionObserver" in window ? new IntersectionObserver(function (entries) {
    entries.forEach(function (e) { if (e.isIntersecting) loadMore(e.target); });
  }, { rootMargin: "300px 0px" }) : null;

  function watch(root) {
    (root || document).querySelectorAll(".more[data-next]").forEach(function (more) {
      if (observer) observer.observe(more);
    });
  }

  function loadMore(more) {
    if (more.classList.contains("loading")) return;
    more.classList.add("loading");
    if (observer) observer.unobserve(more);
    get(more.getAttribute("data-next")).then(function (result) {
      var nodes = fragment(result.text);
      var parent = more.parentNode;
      var added = Array.prototype.slice.call(nodes.childNodes);
      parent.replaceChild(nodes, more);
      added.forEach(function (n) { if (n.nodeType === 1) watch(n.parentNode); });
    }).catch(function () {
      more.classList.remove("loading");
      if (observer) setTimeout(function () { observer.observe(more); }, 2000);
    });
  }

  // Refresh: newer statuses go on top, and the banner says how many.
  var banner = document.getElementById("banner");
  var refreshing = false;

  function showBanner(text) {
    if (!banner) return;
    banner.textContent = text;
    banner.classList.add("show");
    clearTimeout(showBanner.timer);
    showBanner.timer = setTimeout(function () { banner.classList.remove("show"); }, 1800);
  }

  function refresh() {
    var cards = document.getElementById("cards");
    if (!cards || refreshing) return;
    refreshing = true;
    var button = document.getElementById("refresh");
    var pull = document.getElementById("pull");
    if (button) button.classList.add("spinning");
    if (pull) pull.classList.add("active", "loading");
    var first = cards.querySelector(".card");
    var since = first ? first.getAttribute("data-id") : "0";
    var timeline = document.getElementById("timeline");
    var feed = timeline ? timeline.getAttribute("data-feed") : "";
    get("/web/timeline?since_id=" + encodeURIComponent(since) + (feed ? "&feed=" + encodeURIComponent(feed) : "")).then(function (result) {
      var count = parseInt(result.response.headers.get("X-New-Count") || "0", 10);
      if (count > 0) {
        var nodes = fragment(result.text);
        nodes.querySelectorAll(".more").forEach(function (m) { m.remove(); });
        cards.insertBefore(nodes, cards.firstChild);
      }
      showBanner(count > 0 ? count + "条新微博" : "没有新微博");
    }).catch(function () {
      showBanner("网络不给力，请稍后再试");
    }).then(function () {
      refreshing = false;
      if (button) button.classList.remove("spinning");
      if (pull) pull.classList.remove("active", "loading");
    });
  }

  document.addEventListener("click", function (event) {
    var target = event.target;
    // The title popover closes on a tap outside it, as the notes' cover view does.
    var menu = document.getElementById("title-menu");
    if (menu && menu.open && !target.closest("#title-menu")) {
      menu.open = false;
      event.preventDefault();
      return;
    }
    var refreshButton = target.closest("#refresh");
    if (refreshButton) {
      event.preventDefault();
      window.scrollTo({ top: 0, behavior: "smooth" });
      refresh();
      return;
    }
    var pic = target.closest(".pics .pic");
    if (pic && !event.metaKey && !event.ctrlKey) {
      event.preventDefault();
      openViewer(pic);
      return;
    }
    var more = target.closest(".more[data-next]");
    if (more) {
      event.preventDefault();
      loadMore(more);
      return;
    }
    var back = target.closest("[data-back]");
    if (back && history.length > 1 && document.referrer.indexOf(location.origin) === 0) {
      event.preventDefault();
      history.back();
      return;
    }
    // A tap on a card's text or repost block opens it, unless it was on a link or a button.
    if (!target.closest("a, button, input, form")) {
      var open = target.closest(".retweet[data-href]") || (target.closest(".text") && target.closest(".card[data-href]"));
      if (open && !document.getElementById("detail")) {
        location.href = open.getAttribute("data-href");
      } else if (open && open.classList.contains("retweet")) {
        location.href = open.getAttribute("data-href");
      }
    }
  });

  // Picture browser: the large pictures of one grid, one at a time; tap to close, arrows or keys to move.
  function openViewer(pic) {
    var links = Array.prototype.slice.call(pic.parentNode.querySelectorAll(".pic"));
    var index = links.indexOf(pic);
    var viewer = document.createElement("div");
    viewer.className = "viewer";
    viewer.id = "viewer";
    viewer.setAttribute("role", "dialog");
    var img = document.createElement("img");
    var count = document.createElement("div");
    count.className = "viewer-count";
    viewer.appendChild(img);
    viewer.appendChild(count);
    function show(i) {
      index = (i + links.length) % links.length;
      img.src = links[index].getAttribute("href");
      img.alt = "";
      count.textContent = links.length > 1 ? (index + 1) + "/" + links.length : "";
    }
    function close() {
      viewer.remove();
      document.removeEventListener("keydown", key);
    }
    function key(e) {
      if (e.key === "Escape") close();
      else if (e.key === "ArrowRight") show(index + 1);
      else if (e.key === "ArrowLeft") show(index - 1);
    }
    if (links.length > 1) {
      [["viewer-prev", "‹", -1], ["viewer-next", "›", 1]].forEach(function (spec) {
        var b = document.createElement("button");
        b.className = spec[0];
        b.type = "button";
        b.textContent = spec[1];
        b.addEventListener("click", function (e) { e.stopPropagation(); show(index + spec[2]); });
        viewer.appendChild(b);
      });
    }
    viewer.addEventListener("click", close);
    document.addEventListener("keydown", key);
    document.body.appendChild(viewer);
    show(index);
  }

  // Like and follow toggle in place: the server answers with the new button.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var like = form.getAttribute("data-like");
    var follow = form.getAttribute("data-follow");
    if (!like && !follow) return;
    event.preventDefault();
    var button = form.querySelector("button");
    if (button) button.disabled = true;
    post(form).then(function (html) {
      var selector = like ? 'form[data-like="' + like + '"]' : 'form[data-follow="' + follow + '"]';
      document.querySelectorAll(selector).forEach(function (old) {
        var replacement = fragment(html).firstElementChild;
        if (replacement) old.replaceWith(replacement);
        var followers = replacement && replacement.getAttribute("data-followers");
        var count = document.getElementById("followers-count");
        if (followers && count) count.textContent = followers;
      });
    }).catch(function () {
      if (button) button.disabled = false;
      showBanner("操作失败，请稍后再试");
    });
  });

  // Pull to refresh on touch screens, at the top of the timeline.
  var pull = document.getElementById("pull");
  if (pull) {
    var startY = null;
    document.addEventListener("touchstart", function (e) {
      startY = window.scrollY === 0 ? e.touches[0].clientY : null;
    }, { passive: true });
    document.addEventListener("touchmove", function (e) {
      if (startY === null) return;
      pull.classList.toggle("active", e.touches[0].clientY - startY > 30);
    }, { passive: true });
    document.addEventListener("touchend", function (e) {
      if (startY === null) return;
      var dy = (e.changedTouches[0] ? e.changedTouches[0].clientY : startY) - startY;
      startY = null;
      if (dy > 70) refresh(); else pull.classList.remove("active");
    });
  }

  // The welcome screen moves on when its animation is done.
  var welcome = document.getElementById("welcome");
  if (welcome) setTimeout(function () { location.replace(welcome.getAttribute("data-next")); }, 3000);

  // Compose: the emoticon keyboard (packs in pages of 20) types `[phrase]` at the caret.
  var keyboard = document.getElementById("emoticons");
  var composeText = document.getElementById("compose-text");
  if (keyboard && composeText) {
    var toolbar = document.getElementById("compose-toolbar");
    var toggle = document.getElementById("emoticon-toggle");
    toolbar.hidden = false;
    toggle.addEventListener("click", function () {
      keyboard.hidden = !keyboard.hidden;
      toggle.setAttribute("aria-expanded", String(!keyboard.hidden));
    });
    keyboard.addEventListener("click", function (e) {
      var key = e.target.closest(".emoticon-key");
      var tab = e.target.closest(".emoticon-tab");
      if (key && key.hasAttribute("data-delete")) {
        // Deletes the selection, or the [phrase] or character before the caret, as the notes' delete key does.
        var end = composeText.selectionEnd;
        var start = composeText.selectionStart;
        if (start === end) {
          var before = composeText.value.slice(0, end);
          var phrase = before.match(/\[[^\[\]]{1,10}\]$/);
          start = phrase ? end - phrase[0].length : end - Array.from(before).slice(-1).join("").length;
        }
        composeText.setRangeText("", Math.max(start, 0), end, "end");
        composeText.focus();
      } else if (key) {
        var text = key.getAttribute("data-insert");
        composeText.setRangeText(text, composeText.selectionStart, composeText.selectionEnd, "end");
        composeText.focus();
      } else if (tab) {
        var id = tab.getAttribute("data-tab");
        keyboard.querySelectorAll(".emoticon-pack").forEach(function (p) { p.hidden = p.getAttribute("data-pack") !== id; });
        keyboard.querySelectorAll(".emoticon-tab").forEach(function (t) { t.classList.toggle("selected", t === tab); });
      }
    });
  }

  watch(document);
  window.sparrow = { refresh: refresh };
})();
