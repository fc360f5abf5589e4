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
      var badge = document.getElementById("badge-home");
      if (badge) badge.remove();
    }).catch(function () {
      toast("网络不给力，请稍后再试");
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

  // Picture browser: the pictures of one grid, one at a time, full screen. The grid's own picture shows at
  // once and the large one replaces it when loaded; swipe, arrows or keys move, a tap closes.
  function openViewer(pic) {
    var links = Array.prototype.slice.call(pic.parentNode.querySelectorAll(".pic"));
    var index = links.indexOf(pic);
    var viewer = document.createElement("div");
    viewer.className = "viewer";
    viewer.id = "viewer";
    viewer.setAttribute("role", "dialog");
    var img = document.createElement("img");
    img.alt = "";
    var spinner = document.createElement("i");
    spinner.className = "spinner viewer-spinner";
    var dots = document.createElement("div");
    dots.className = "viewer-dots";
    var count = document.createElement("div");
    count.className = "viewer-count";
    viewer.appendChild(img);
    viewer.appendChild(spinner);
    viewer.appendChild(count);
    if (links.length > 1) {
      links.forEach(function () { dots.appendChild(document.createElement("i")); });
      viewer.appendChild(dots);
    }
    var loading = null;
    function show(i) {
      index = (i + links.length) % links.length;
      var link = links[index];
      var small = link.querySelector("img");
      var large = link.getAttribute("href");
      img.src = small ? small.currentSrc || small.src : large;
      img.setAttribute("data-large", large);
      spinner.hidden = false;
      if (loading) loading.onload = loading.onerror = null;
      loading = new Image();
      loading.onload = function () {
        if (img.getAttribute("data-large") === large) { img.src = large; spinner.hidden = true; }
      };
      loading.onerror = function () { spinner.hidden = true; };
      loading.src = large;
      count.textContent = links.length > 1 ? (index + 1) + "/" + links.length : "";
      Array.prototype.forEach.call(dots.children, function (d, j) { d.classList.toggle("on", j === index); });
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
        b.setAttribute("aria-label", spec[2] < 0 ? "上一张" : "下一张");
        b.addEventListener("click", function (e) { e.stopPropagation(); show(index + spec[2]); });
        viewer.appendChild(b);
      });
    }
    // A horizontal swipe moves; a tap (no real movement) closes.
    var startX = null, startY = null, swiped = false;
    viewer.addEventListener("touchstart", function (e) {
      startX = e.touches[0].clientX;
      startY = e.touches[0].clientY;
      swiped = false;
    }, { passive: true });
    viewer.addEventListener("touchend", function (e) {
      if (startX === null) return;
      var t = e.changedTouches[0];
      var dx = t.clientX - startX, dy = t.clientY - startY;
      startX = null;
      if (Math.abs(dx) > 50 && Math.abs(dx) > Math.abs(dy) && links.length > 1) {
        swiped = true;
        show(index + (dx < 0 ? 1 : -1));
      }
    });
    viewer.addEventListener("click", function () {
      if (swiped) { swiped = false; return; }
      close();
    });
    document.addEventListener("keydown", key);
    document.body.appendChild(viewer);
    show(index);
  }

  // Like and follow toggle in place: the server answers with the new button.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var like = form.getAttribute("data-like");
    var follow = form.getAttribute("data-follow");
    var favorite = form.getAttribute("data-favorite");
    if (!like && !follow && !favorite) return;
    event.preventDefault();
    var button = form.querySelector("button");
    if (button) button.disabled = true;
    post(form).then(function (html) {
      // Follow and 特别关注 answer with the whole follow box; like and 收藏 with their own form.
      var selector = like ? 'form[data-like="' + like + '"]'
        : follow ? '.follow-box[data-follow-box="' + follow + '"]' : 'form[data-favorite="' + favorite + '"]';
      document.querySelectorAll(selector).forEach(function (old) {
        var inProfile = old.closest("#profile");
        var replacement = fragment(html).firstElementChild;
        if (replacement) old.replaceWith(replacement);
        var followers = replacement && replacement.getAttribute("data-followers");
        var count = document.getElementById("followers-count");
        if (followers && count && inProfile) count.textContent = followers;
      });
    }).catch(function () {
      if (button) button.disabled = false;
      toast("操作失败，请稍后再试");
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

  // A short message over the page, as the notes' HUD shows errors.
  function toast(text) {
    var t = document.getElementById("toast");
    if (!t) {
      t = document.createElement("div");
      t.className = "toast";
      t.id = "toast";
      t.setAttribute("role", "alert");
      document.body.appendChild(t);
    }
    t.textContent = text;
    t.classList.add("show");
    clearTimeout(toast.timer);
    toast.timer = setTimeout(function () { t.classList.remove("show"); }, 2400);
  }

  // What this browser keeps for the user: drafts and recent emoticons, under one prefix.
  var store = {
    get: function (key) {
      try { return JSON.parse(localStorage.getItem("sparrow." + key) || "null"); } catch (e) { return null; }
    },
    set: function (key, value) {
      try { localStorage.setItem("sparrow." + key, JSON.stringify(value)); } catch (e) { /* full or disabled */ }
    },
    remove: function (key) {
      try { localStorage.removeItem("sparrow." + key); } catch (e) { /* disabled */ }
    },
    clear: function () {
      try {
        Object.keys(localStorage).forEach(function (k) { if (k.indexOf("sparrow.") === 0) localStorage.removeItem(k); });
      } catch (e) { /* disabled */ }
    }
  };

  // SparrowKit's TextLength, line for line: ASCII counts half, other UTF-16 units one, links 10 unless
  // short links; rounded up. Tests check both against the same table.
  function textLength(s) {
    var bytes = 0, i = 0, n = s.length;
    while (i < n) {
      var c = s.charCodeAt(i);
      if (c === 13 && i + 1 < n && s.charCodeAt(i + 1) === 10) { i += 1; continue; }
      if (c === 104) {
        var end = linkEnd(s, i);
        if (end !== null) { bytes += linkBytes(s.slice(i, end)); i = end; continue; }
      }
      bytes += c <= 0xFF ? 1 : 2;
      i += 1;
    }
    return Math.floor((bytes + 1) / 2);
  }

  function linkEnd(s, start) {
    var i;
    if (s.startsWith("http://", start)) i = start + 7;
    else if (s.startsWith("https://", start)) i = start + 8;
    else return null;
    function alnum(c) { return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122); }
    var hostStart = i;
    while (i < s.length && alnum(s.charCodeAt(i))) i += 1;
    if (i === hostStart) return null;
    var parts = 0;
    while (i + 1 < s.length && s.charCodeAt(i) === 46 && alnum(s.charCodeAt(i + 1))) {
      i += 1;
      while (i < s.length && alnum(s.charCodeAt(i))) i += 1;
      parts += 1;
    }
    if (parts === 0) return null;
    var path = "-_$.+!*()/\\,:;@&=?~#%";
    while (i < s.length && (alnum(s.charCodeAt(i)) || path.indexOf(s[i]) >= 0)) i += 1;
    return i;
  }

  function linkBytes(url) {
    var length = url.length; // the link characters are all ASCII
    if (url.startsWith("http://t.cn/")) return length;
    if ((url.indexOf("weibo.com") >= 0 || url.indexOf("weibo.cn") >= 0) && length <= 41) return length;
    return length <= 140 ? 20 : length - 140 + 20;
  }

  // The composer: counter, growing text, pictures uploaded as chosen, pickers, the emoticon keyboard,
  // and a draft kept in this browser until the sheet is sent or discarded.
  function setupCompose(form) {
    var text = document.getElementById("compose-text");
    var send = document.getElementById("compose-send");
    var count = document.getElementById("compose-count");
    var pics = document.getElementById("compose-pics");
    var fileInput = document.getElementById("compose-file");
    var addTile = document.getElementById("compose-add");
    var limit = parseInt(form.getAttribute("data-limit"), 10) || 140;
    var needsText = form.hasAttribute("data-needs-text");
    var draftKey = "draft." + form.getAttribute("data-draft");
    var maxPics = pics ? parseInt(pics.getAttribute("data-max"), 10) || 9 : 0;
    var uploading = 0;
    var sending = false;
    var csrf = form.querySelector('input[name="csrf"]').value;
    document.getElementById("compose-toolbar").hidden = false;

    function tiles() { return pics ? Array.prototype.slice.call(pics.querySelectorAll(".compose-pic")) : []; }

    function update(save) {
      var left = limit - textLength(text.value);
      count.textContent = String(left);
      count.classList.toggle("over", left < 0);
      var empty = !text.value.trim();
      send.disabled = sending || uploading > 0 || left < 0 || (needsText && empty);
      text.style.height = "auto";
      text.style.height = Math.max(text.scrollHeight, 160) + "px";
      if (addTile) addTile.hidden = tiles().length >= maxPics;
      if (save !== false) saveDraft();
    }

    function saveDraft() {
      var chosen = tiles().filter(function (t) { return t.getAttribute("data-pic"); }).map(function (t) {
        return { id: t.getAttribute("data-pic"), thumb: t.querySelector("img").getAttribute("src") };
      });
      if (!text.value && chosen.length === 0) store.remove(draftKey);
      else store.set(draftKey, { text: text.value, pics: chosen });
    }

    function tile(id, thumb) {
      var li = document.createElement("li");
      li.className = "compose-pic";
      if (id) li.setAttribute("data-pic", id);
      var img = document.createElement("img");
      img.src = thumb;
      img.alt = "";
      li.appendChild(img);
      if (id) {
        var input = document.createElement("input");
        input.type = "hidden";
        input.name = "pic_id";
        input.value = id;
        li.appendChild(input);
      }
      [["compose-pic-remove", "×", "删除图片"], ["compose-pic-left", "‹", "往前移"]].forEach(function (spec) {
        var b = document.createElement("button");
        b.type = "button";
        b.className = spec[0];
        b.textContent = spec[1];
        b.setAttribute("aria-label", spec[2]);
        li.appendChild(b);
      });
      return li;
    }

    // A draft from an earlier visit comes back, unless the server sent the sheet with its own text.
    var draft = store.get(draftKey);
    if (draft && !form.querySelector(".form-error") && (!text.value || text.value === text.defaultValue)) {
      if (draft.text) text.value = draft.text;
      if (pics && draft.pics) {
        draft.pics.slice(0, maxPics).forEach(function (p) {
          if (typeof p.id === "string" && /^[0-9a-f]+$/.test(p.id) && typeof p.thumb === "string" && p.thumb.indexOf("/pics/") >= 0) {
            pics.insertBefore(tile(p.id, p.thumb), addTile);
          }
        });
      }
    }

    function upload(file) {
      var local = URL.createObjectURL(file);
      var li = tile(null, local);
      li.classList.add("uploading");
      var bar = document.createElement("i");
      bar.className = "compose-progress";
      li.appendChild(bar);
      pics.insertBefore(li, addTile);
      uploading += 1;
      update(false);
      var data = new FormData();
      data.append("csrf", csrf);
      data.append("pic", file, file.name);
      var xhr = new XMLHttpRequest();
      xhr.open("POST", "/web/upload");
      xhr.setRequestHeader("X-Fragment", "1");
      xhr.upload.onprogress = function (e) {
        if (e.lengthComputable) bar.style.width = Math.round(e.loaded / e.total * 100) + "%";
      };
      function done() {
        uploading -= 1;
        URL.revokeObjectURL(local);
        update();
      }
      xhr.onload = function () {
        if (xhr.status === 200) {
          var uploaded = fragment(xhr.responseText).firstElementChild;
          if (li.parentNode && uploaded) li.replaceWith(uploaded); else li.remove();
        } else {
          li.remove();
          toast(xhr.responseText && xhr.responseText.length < 60 ? xhr.responseText : "图片上传失败");
        }
        done();
      };
      xhr.onerror = function () {
        li.remove();
        toast("网络不给力，图片没有传上去");
        done();
      };
      xhr.send(data);
    }

    if (fileInput) {
      fileInput.addEventListener("change", function () {
        var files = Array.prototype.slice.call(fileInput.files);
        var room = maxPics - tiles().length;
        if (files.length > room) toast("最多只能选" + maxPics + "张图片");
        files.slice(0, Math.max(room, 0)).forEach(upload);
        // Uploaded already: the form itself must not send the files again.
        fileInput.value = "";
      });
    }

    if (pics) {
      pics.addEventListener("click", function (e) {
        var t = e.target.closest(".compose-pic");
        if (!t) return;
        if (e.target.closest(".compose-pic-remove")) {
          t.remove();
          update();
        } else if (e.target.closest(".compose-pic-left") && t.previousElementSibling) {
          pics.insertBefore(t, t.previousElementSibling);
          update();
        }
      });
      // Drag to reorder with a mouse.
      var dragged = null;
      pics.addEventListener("dragstart", function (e) {
        dragged = e.target.closest(".compose-pic");
        if (dragged) e.dataTransfer.effectAllowed = "move";
      });
      pics.addEventListener("dragover", function (e) { if (dragged) e.preventDefault(); });
      pics.addEventListener("drop", function (e) {
        var over = e.target.closest(".compose-pic");
        if (dragged && over && over !== dragged) {
          e.preventDefault();
          var after = Array.prototype.indexOf.call(pics.children, dragged) < Array.prototype.indexOf.call(pics.children, over);
          pics.insertBefore(dragged, after ? over.nextSibling : over);
          update();
        }
        dragged = null;
      });
      new MutationObserver(function () {
        tiles().forEach(function (t) { t.draggable = true; });
      }).observe(pics, { childList: true });
      tiles().forEach(function (t) { t.draggable = true; });
    }

    text.addEventListener("input", function () { update(); });

    function insert(s) {
      text.focus();
      text.setRangeText(s, caret.start, caret.end, "end");
      caret = { start: text.selectionStart, end: text.selectionEnd };
      update();
    }
    var caret = { start: text.value.length, end: text.value.length };
    ["keyup", "click", "select", "input"].forEach(function (name) {
      text.addEventListener(name, function () { caret = { start: text.selectionStart, end: text.selectionEnd }; });
    });

    form.addEventListener("submit", function (e) {
      e.preventDefault();
      update(false);
      if (send.disabled) return;
      sending = true;
      update(false);
      fetch(form.action, {
        method: "POST", body: new FormData(form), credentials: "same-origin", headers: { "X-Fragment": "1" }
      }).then(function (r) {
        if (r.ok) {
          store.remove(draftKey);
          location.href = r.headers.get("X-Location") || "/";
          return;
        }
        return r.text().then(function (message) {
          throw new Error(r.headers.get("Content-Type").indexOf("text/plain") === 0 ? message : "发送失败");
        });
      }).catch(function (error) {
        sending = false;
        update();
        toast(error && error.message && error.message.length < 60 ? error.message : "网络不给力，草稿已保存");
      });
    });

    // 取消 with something typed asks whether to keep it, as the notes' action sheet does.
    var cancel = document.getElementById("compose-cancel");
    cancel.addEventListener("click", function (e) {
      if (!text.value.trim() && tiles().length === 0) { store.remove(draftKey); return; }
      e.preventDefault();
      sheet([["保存草稿", function () { saveDraft(); location.href = cancel.href; }],
             ["不保存", function () { store.remove(draftKey); location.href = cancel.href; }]]);
    });

    // @ and #: a sheet to pick someone followed or a topic; what is picked goes in at the caret.
    var picker = document.getElementById("picker");
    var pickerInput = document.getElementById("picker-input");
    var pickerList = document.getElementById("picker-list");
    var pickerURL = "";
    function openPicker(url, title, placeholder) {
      pickerURL = url;
      document.getElementById("picker-title").textContent = title;
      pickerInput.placeholder = placeholder;
      pickerInput.value = "";
      pickerList.textContent = "";
      picker.hidden = false;
      loadPicker();
      pickerInput.focus();
    }
    function loadPicker() {
      var url = pickerURL + "?q=" + encodeURIComponent(pickerInput.value);
      get(url).then(function (result) {
        if (url !== pickerURL + "?q=" + encodeURIComponent(pickerInput.value)) return; // a newer query won
        pickerList.textContent = "";
        pickerList.appendChild(fragment(result.text));
      }).catch(function () { toast("网络不给力，请稍后再试"); });
    }
    var pickerTimer = null;
    pickerInput.addEventListener("input", function () {
      clearTimeout(pickerTimer);
      pickerTimer = setTimeout(loadPicker, 150);
    });
    pickerList.addEventListener("click", function (e) {
      var row = e.target.closest(".pick-row");
      if (!row) return;
      picker.hidden = true;
      insert(row.getAttribute("data-insert"));
    });
    document.getElementById("picker-close").addEventListener("click", function () {
      picker.hidden = true;
      text.focus();
    });
    document.getElementById("mention-button").addEventListener("click", function () {
      openPicker("/web/pick/users", "选择联系人", "搜索我关注的人");
    });
    document.getElementById("topic-button").addEventListener("click", function () {
      openPicker("/web/pick/topics", "插入话题", "搜索或输入新话题");
    });

    setupKeyboard(text, insert, function () { caret = { start: text.selectionStart, end: text.selectionEnd }; update(); });
    update(false);
  }

  // The emoticon keyboard: tabs 最近 and the packs, 20 keys a page with dots, swipe between pages,
  // a magnifier while a key is held, and the delete key.
  function setupKeyboard(text, insert, changed) {
    var keyboard = document.getElementById("emoticons");
    var toggle = document.getElementById("emoticon-toggle");
    var recentPage = document.getElementById("recent-page");
    toggle.addEventListener("click", function () {
      keyboard.hidden = !keyboard.hidden;
      toggle.setAttribute("aria-expanded", String(!keyboard.hidden));
      toggle.classList.toggle("ic-keyboard", !keyboard.hidden);
      // The system keyboard and the emoticon keyboard take turns, as on the phone.
      if (keyboard.hidden) text.focus(); else text.blur();
    });

    function showPack(id) {
      keyboard.querySelectorAll(".emoticon-pack").forEach(function (p) { p.hidden = p.getAttribute("data-pack") !== id; });
      keyboard.querySelectorAll(".emoticon-tab").forEach(function (t) { t.classList.toggle("selected", t.getAttribute("data-tab") === id); });
      if (id === "recent") renderRecent();
    }

    function renderRecent() {
      var recent = store.get("recent-emoticons") || [];
      var keys = [];
      recent.forEach(function (phrase) {
        var key = keyboard.querySelector('.emoticon-pack:not([data-pack="recent"]) .emoticon-key[data-insert="' + CSS.escape(phrase) + '"]');
        if (key) keys.push(key.cloneNode(true));
      });
      recentPage.textContent = "";
      if (keys.length === 0) {
        var p = document.createElement("p");
        p.className = "emoticon-empty";
        p.textContent = "最近使用的表情会出现在这里";
        recentPage.appendChild(p);
        return;
      }
      keys.slice(0, 20).forEach(function (k) { recentPage.appendChild(k); });
      var del = keyboard.querySelector(".emoticon-delete").cloneNode(true);
      recentPage.appendChild(del);
    }

    function remember(phrase) {
      var recent = (store.get("recent-emoticons") || []).filter(function (p) { return p !== phrase; });
      recent.unshift(phrase);
      store.set("recent-emoticons", recent.slice(0, 20));
    }

    keyboard.addEventListener("click", function (e) {
      var key = e.target.closest(".emoticon-key");
      var tab = e.target.closest(".emoticon-tab");
      if (key && key.hasAttribute("data-delete")) {
        // Deletes the selection, or the [phrase] or character before the caret, as the notes' delete key does.
        var end = text.selectionEnd;
        var start = text.selectionStart;
        if (start === end) {
          var before = text.value.slice(0, end);
          var phrase = before.match(/\[[^\[\]]{1,10}\]$/);
          start = phrase ? end - phrase[0].length : end - Array.from(before).slice(-1).join("").length;
        }
        text.setRangeText("", Math.max(start, 0), end, "end");
        changed();
      } else if (key) {
        var value = key.getAttribute("data-insert");
        insert(value);
        remember(value);
      } else if (tab) {
        showPack(tab.getAttribute("data-tab"));
      }
    });

    // Page dots follow the swipe.
    keyboard.querySelectorAll(".emoticon-pack").forEach(function (pack) {
      var pages = pack.querySelector(".emoticon-pages");
      var dots = pack.querySelectorAll(".emoticon-dots i");
      function mark() {
        var index = Math.round(pages.scrollLeft / Math.max(pages.clientWidth, 1));
        dots.forEach(function (d, i) { d.classList.toggle("on", i === index); });
      }
      pages.addEventListener("scroll", mark, { passive: true });
      dots.forEach(function (d, i) {
        d.addEventListener("click", function () { pages.scrollTo({ left: i * pages.clientWidth, behavior: "smooth" }); });
      });
      mark();
    });

    // The magnifier: the held emoticon, large, above the finger.
    var lens = document.createElement("div");
    lens.className = "emoticon-magnifier";
    lens.id = "magnifier";
    lens.hidden = true;
    keyboard.appendChild(lens);
    function hideLens() { lens.hidden = true; }
    keyboard.addEventListener("pointerdown", function (e) {
      var key = e.target.closest(".emoticon-key:not([data-delete])");
      if (!key) return;
      var img = key.querySelector("img");
      lens.textContent = "";
      if (img) {
        var big = document.createElement("img");
        big.src = img.getAttribute("src");
        big.alt = "";
        lens.appendChild(big);
      } else {
        var glyph = document.createElement("span");
        glyph.className = "emoticon-magnifier-glyph";
        glyph.textContent = key.textContent;
        lens.appendChild(glyph);
      }
      var label = document.createElement("span");
      label.textContent = key.getAttribute("data-insert").replace(/^\[|\]$/g, "");
      lens.appendChild(label);
      var k = key.getBoundingClientRect();
      var box = keyboard.getBoundingClientRect();
      lens.style.left = (k.left - box.left + k.width / 2) + "px";
      lens.style.top = (k.top - box.top) + "px";
      lens.hidden = false;
    });
    ["pointerup", "pointercancel", "pointerleave"].forEach(function (name) { keyboard.addEventListener(name, hideLens); });
    keyboard.addEventListener("scroll", hideLens, true);
  }

  // An action sheet: the choices, then 取消.
  function sheet(choices) {
    var cover = document.createElement("div");
    cover.className = "sheet-cover";
    var box = document.createElement("div");
    box.className = "sheet";
    box.id = "sheet";
    function close() { cover.remove(); }
    choices.concat([["取消", close]]).forEach(function (choice, i) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "sheet-item" + (i === choices.length ? " sheet-cancel" : "");
      b.textContent = choice[0];
      b.addEventListener("click", function (e) { e.stopPropagation(); close(); if (choice[1] !== close) choice[1](); });
      box.appendChild(b);
    });
    cover.addEventListener("click", close);
    cover.appendChild(box);
    document.body.appendChild(cover);
  }

  var composeForm = document.getElementById("compose");
  if (composeForm) setupCompose(composeForm);

  // 清除缓存 in 设置: drafts and recent emoticons live in this browser only.
  var clearCache = document.getElementById("clear-cache");
  if (clearCache) {
    clearCache.addEventListener("click", function () {
      store.clear();
      toast("已清除");
    });
  }

  // Badges: polled from the server (remind/unread_count's figures) while the page is open and shown.
  function pollUnread() {
    if (!document.body.hasAttribute("data-csrf") || !document.getElementById("tab-home")) return Promise.resolve();
    return get("/web/unread").then(function (result) {
      var fresh = fragment(result.text);
      ["home", "messages"].forEach(function (tab) {
        var old = document.getElementById("badge-" + tab);
        var badge = fresh.querySelector("#badge-" + tab);
        if (old) old.remove();
        var link = document.getElementById("tab-" + tab);
        if (badge && link) link.insertBefore(badge, link.querySelector("span"));
      });
    }).catch(function () { /* try again at the next tick */ });
  }
  setInterval(function () { if (!document.hidden) pollUnread(); }, 30000);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) pollUnread(); });

  // The title popover dims the page behind it; a tap on the dimmed cover closes it.
  var titleMenu = document.getElementById("title-menu");
  if (titleMenu) {
    titleMenu.addEventListener("toggle", function () {
      var cover = document.getElementById("cover");
      if (titleMenu.open && !cover) {
        cover = document.createElement("div");
        cover.className = "cover";
        cover.id = "cover";
        document.body.appendChild(cover);
      } else if (!titleMenu.open && cover) {
        cover.remove();
      }
    });
  }

  // 首页 tapped on the home timeline itself refreshes it, as the notes' tab bar does.
  var homeTab = document.getElementById("tab-home");
  if (homeTab && document.getElementById("cards") && document.getElementById("pull")) {
    homeTab.addEventListener("click", function (e) {
      e.preventDefault();
      window.scrollTo({ top: 0, behavior: "smooth" });
      refresh();
    });
  }

  watch(document);
  window.sparrow = { refresh: refresh, textLength: textLength, toast: toast, pollUnread: pollUnread };
})();
