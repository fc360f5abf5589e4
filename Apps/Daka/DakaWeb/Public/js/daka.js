// 打卡 web client: small enhancements over server-rendered pages, which work without script. Each tab keeps
// its own stack: the last page seen in a tab is remembered (sessionStorage), and its tab link goes back there.
import { openViewer } from "./pictures.js";  // the platform's picture browser
import { setupForm } from "./form.js";

document.documentElement.classList.add("js");
var tab = document.body.getAttribute("data-tab");
var here = location.pathname + location.search;
var key = function (name) { return "daka:tab:" + name; };
// The page before this one, and its tab: back goes there only when it was in this tab.
var came = null;
try {
  came = JSON.parse(sessionStorage.getItem("daka:last") || "null");
  sessionStorage.setItem("daka:last", JSON.stringify({ url: here, tab: tab }));
  if (tab) sessionStorage.setItem(key(tab), here);
} catch (e) {}

document.querySelectorAll(".tabs .tab").forEach(function (link) {
  link.addEventListener("click", function (event) {
    var name = link.getAttribute("data-tab");
    if (name === tab) return;  // the current tab's link goes to its root
    var last = null;
    try { last = sessionStorage.getItem(key(name)); } catch (e) {}
    if (last && last.indexOf("/daka") === 0) {
      event.preventDefault();
      location.href = last;
    }
  });
});

// The title bar's back link goes back in history when the page before was in this tab (as a navigation
// stack pops); otherwise it is a link to the page above this one.
var back = document.getElementById("back");
if (back) {
  back.addEventListener("click", function (event) {
    if (history.length > 1 && came && came.tab === tab && came.url !== here) {
      event.preventDefault();
      history.back();
    }
  });
}

// A search's first match: scrolled to the middle (the notes' list jumps to it), again once the page has loaded,
// after the browser's own jump to `#found`.
var found = document.getElementById("found");
if (found) {
  found.scrollIntoView({ block: "center" });
  window.addEventListener("load", function () { found.scrollIntoView({ block: "center" }); });
}

document.addEventListener("click", function (event) {
  var pic = event.target.closest && event.target.closest(".detail-pics .pic");
  if (!pic) return;
  event.preventDefault();
  openViewer(pic);
});

var form = document.getElementById("checkin-form");
if (form) setupForm(form);
