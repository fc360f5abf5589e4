import { store } from "./storage.js";

// The emoticon keyboard: tabs 最近 and the packs, 20 keys a page with dots, swipe between pages,
// a magnifier while a key is held, and the delete key.
export function setupEmoticons(text, insert, changed) {
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
