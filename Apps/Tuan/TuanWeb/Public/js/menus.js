// The 分类 / 商区 / 排序 dropdowns: one open at a time, over a dimmed cover; the same button or the cover closes it.

function buttons() { return Array.prototype.slice.call(document.querySelectorAll(".menu-button[data-menu]")); }

export function closeMenus() {
  buttons().forEach(function (b) {
    b.setAttribute("aria-expanded", "false");
    document.getElementById(b.getAttribute("data-menu")).hidden = true;
  });
  var cover = document.getElementById("menu-cover");
  if (cover) cover.hidden = true;
}

export function menuOpen() {
  return buttons().some(function (b) { return b.getAttribute("aria-expanded") === "true"; });
}

// The layer starts under the bar, whose height differs between the iPad and a phone (and changes on rotation).
function place(layer) {
  var bar = document.querySelector(".menubar").getBoundingClientRect();
  layer.style.top = Math.max(bar.bottom, 0) + "px";
}

export function setupMenus() {
  var layer = document.getElementById("menu-layer");
  if (!layer) return;
  window.addEventListener("resize", function () { place(layer); });
  buttons().forEach(function (button) {
    button.addEventListener("click", function () {
      var open = button.getAttribute("aria-expanded") === "true";
      closeMenus();
      if (open) return;
      place(layer);
      button.setAttribute("aria-expanded", "true");
      document.getElementById(button.getAttribute("data-menu")).hidden = false;
      document.getElementById("menu-cover").hidden = false;
    });
  });
  document.getElementById("menu-cover").addEventListener("click", closeMenus);
  // A left-hand row with a list shows its list; 全部分类 and 全部商区 are choices by themselves.
  layer.addEventListener("click", function (event) {
    var row = event.target.closest(".menu-left a[data-panel]");
    if (!row) return;
    event.preventDefault();
    var menu = row.closest(".dropdown");
    menu.querySelectorAll(".menu-left .row").forEach(function (r) { r.classList.toggle("shown", r === row); });
    menu.querySelectorAll(".menu-right ul").forEach(function (list) {
      list.hidden = list.id !== row.getAttribute("data-panel");
    });
  });
  window.addEventListener("scroll", function () { if (menuOpen()) closeMenus(); }, { passive: true });
  // 离我最近: ask the browser where the person is (nothing leaves it unless they allow it); refused, unavailable
  // or slow, the link itself sorts from the city's centre.
  layer.addEventListener("click", function (event) {
    var near = event.target.closest("a[data-near]");
    if (!near || !navigator.geolocation) return;
    event.preventDefault();
    var href = near.getAttribute("href");
    var go = function (extra) { location.href = href + (extra ? (href.indexOf("?") < 0 ? "?" : "&") + extra : ""); };
    navigator.geolocation.getCurrentPosition(function (where) {
      go("lat=" + where.coords.latitude.toFixed(4) + "&lng=" + where.coords.longitude.toFixed(4));
    }, function () { go(""); }, { timeout: 8000, maximumAge: 600000 });
  });
}
