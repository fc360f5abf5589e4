// 最近浏览 in this browser: what a visitor viewed (and a copy of what a signed-in person viewed), newest first.
import { getText } from "./net.js";  // the platform's

var KEY = "tuan.recent";
var LIMIT = 100;

export function viewedIDs() {
  try { return JSON.parse(localStorage.getItem(KEY) || "[]").filter(function (id) { return typeof id === "string"; }); }
  catch (e) { return []; }
}

function save(ids) {
  try { localStorage.setItem(KEY, JSON.stringify(ids.slice(0, LIMIT))); } catch (e) { /* full or disabled */ }
}

export function rememberView(id) {
  if (!id) return;
  save([id].concat(viewedIDs().filter(function (other) { return other !== id; })));
}

export function setupMarks() {
  var grid = document.querySelector("#grid[data-local=recent]");
  var clear = document.getElementById("clear-recent");
  if (clear) clear.addEventListener("submit", function () { save([]); });
  if (!grid) return;
  var editing = document.getElementById("deals").classList.contains("editing");
  var ids = viewedIDs();
  if (ids.length) {
    getText("/tuan/deals/batch?ids=" + encodeURIComponent(ids.join(",")) + (editing ? "&edit=1" : ""))
      .then(function (html) { grid.innerHTML = html; });
  }
  // A visitor's 删除 forgets in this browser.
  var form = document.getElementById("remove-form");
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var picked = Array.prototype.map.call(document.querySelectorAll(".pick:checked"), function (box) { return box.value; });
    save(viewedIDs().filter(function (id) { return picked.indexOf(id) < 0; }));
    location.href = "/tuan/recent";
  });
}
