// 地图: zoom (wheel, buttons, pinch) and pan (drag) by moving the SVG's viewBox; markers keep their size on
// screen. A tap on a marker opens the deal; a drag that ends on one does not.
import { openDetail } from "./detail.js";

export function setupMap() {
  var svg = document.getElementById("city-map");
  if (!svg) return;
  var full = { x: 0, y: 0, w: Number(svg.getAttribute("data-width")), h: Number(svg.getAttribute("data-height")) };
  var view = { x: full.x, y: full.y, w: full.w, h: full.h };
  var pointers = new Map();
  var moved = 0;
  // The marker a press started on: with the pointer captured, the click's target is the map itself.
  var pressed = null;

  function apply() {
    svg.setAttribute("viewBox", [view.x, view.y, view.w, view.h].join(" "));
    // Units per screen pixel, so markers and labels stay the same size whatever the zoom.
    var rect = svg.getBoundingClientRect();
    var unit = Math.max(view.w / rect.width, view.h / rect.height);
    svg.querySelectorAll(".pin circle").forEach(function (c) { c.setAttribute("r", (7 * unit).toFixed(2)); });
    svg.querySelectorAll(".labels text").forEach(function (t) { t.style.fontSize = (13 * unit).toFixed(2) + "px"; });
  }

  // The SVG point under a screen point.
  function at(clientX, clientY) {
    var rect = svg.getBoundingClientRect();
    var scale = Math.max(view.w / rect.width, view.h / rect.height);
    var offsetX = (rect.width * scale - view.w) / 2, offsetY = (rect.height * scale - view.h) / 2;
    return { x: view.x - offsetX + (clientX - rect.left) * scale, y: view.y - offsetY + (clientY - rect.top) * scale };
  }

  function zoom(factor, centre) {
    var w = Math.min(Math.max(view.w / factor, full.w / 40), full.w * 1.5);
    var k = w / view.w;
    view.x = centre.x - (centre.x - view.x) * k;
    view.y = centre.y - (centre.y - view.y) * k;
    view.w = w;
    view.h = view.h * k;
    apply();
  }

  function middle() { return { x: view.x + view.w / 2, y: view.y + view.h / 2 }; }

  svg.addEventListener("wheel", function (event) {
    event.preventDefault();
    zoom(event.deltaY < 0 ? 1.25 : 0.8, at(event.clientX, event.clientY));
  }, { passive: false });

  svg.addEventListener("pointerdown", function (event) {
    svg.setPointerCapture(event.pointerId);
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size === 1) {
      moved = 0;
      pressed = event.target.closest(".pin");
    }
    svg.classList.add("dragging");
  });
  svg.addEventListener("pointermove", function (event) {
    var last = pointers.get(event.pointerId);
    if (!last) return;
    if (pointers.size === 2) {
      var other = Array.from(pointers.entries()).find(function (e) { return e[0] !== event.pointerId; })[1];
      var before = Math.hypot(last.x - other.x, last.y - other.y);
      var after = Math.hypot(event.clientX - other.x, event.clientY - other.y);
      if (before > 0) zoom(after / before, at((event.clientX + other.x) / 2, (event.clientY + other.y) / 2));
    } else {
      var a = at(last.x, last.y), b = at(event.clientX, event.clientY);
      view.x -= b.x - a.x;
      view.y -= b.y - a.y;
      apply();
    }
    moved += Math.abs(event.clientX - last.x) + Math.abs(event.clientY - last.y);
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
  });
  function up(event) {
    pointers.delete(event.pointerId);
    if (!pointers.size) svg.classList.remove("dragging");
  }
  svg.addEventListener("pointerup", up);
  svg.addEventListener("pointercancel", up);

  svg.addEventListener("click", function (event) {
    var pin = event.target.closest(".pin") || pressed;
    pressed = null;
    if (!pin) return;
    event.preventDefault();
    if (moved > 6) return;  // the end of a drag, not a tap
    openDetail(pin.getAttribute("href"));
  });

  document.getElementById("zoom-in").addEventListener("click", function () { zoom(1.5, middle()); });
  document.getElementById("zoom-out").addEventListener("click", function () { zoom(1 / 1.5, middle()); });
  // 定位: back to the whole chosen city.
  document.getElementById("map-locate").addEventListener("click", function () {
    view = { x: full.x, y: full.y, w: full.w, h: full.h };
    apply();
  });
  window.addEventListener("resize", apply);
  apply();
}
