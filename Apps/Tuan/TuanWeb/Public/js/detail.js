// The deal detail: slides in from the right over a dimmed cover (the cover and the back button close it), with
// its three tabs and the 收藏 toggle. Its URL is the deal's, so reloading or sharing opens the same deal.
import { hideCover, showCover } from "./cover.js";
import { fragment, getText, post } from "./net.js";  // the platform's
import { rememberView } from "./marks.js";

function panel() { return document.getElementById("detail"); }

export function detailOpen() { return panel().classList.contains("open"); }

export function openDetail(url) {
  return getText(url).then(function (html) {
    var box = panel();
    box.innerHTML = html;
    box.hidden = false;
    void box.offsetWidth;  // lay out off-screen first, so the slide is animated
    box.classList.add("open");
    showCover(closeDetail);
    if (!history.state || !history.state.detail) history.pushState({ detail: url }, "", url);
    else history.replaceState({ detail: url }, "", url);
    setupDetail(box);
  });
}

export function closeDetail(fromHistory) {
  var box = panel();
  if (!box.classList.contains("open")) return;
  box.classList.remove("open");
  hideCover();
  setTimeout(function () { if (!box.classList.contains("open")) { box.hidden = true; box.innerHTML = ""; } }, 320);
  if (!fromHistory && history.state && history.state.detail) history.back();
}

window.addEventListener("popstate", function (event) {
  if (!(event.state && event.state.detail)) closeDetail(true);
});

export function setupDetail(root) {
  var view = root.querySelector("#detail-view");
  if (!view) return;
  rememberView(view.getAttribute("data-deal"));
  var tabs = view.querySelectorAll(".tab[data-tab]");
  function select(tab) {
    tabs.forEach(function (t) {
      var on = t === tab;
      t.classList.toggle("selected", on);
      t.setAttribute("aria-selected", on ? "true" : "false");
      view.querySelector("#" + t.getAttribute("data-tab")).hidden = !on;
    });
  }
  tabs.forEach(function (t) { t.addEventListener("click", function () { select(t); }); });
  select(tabs[0]);
  // In the panel, back closes it; on the deal's own page it is a link to the grid.
  var back = view.querySelector("[data-close]");
  if (root.id === "detail") {
    back.addEventListener("click", function (event) {
      event.preventDefault();
      closeDetail();
    });
  }
  view.addEventListener("submit", function (event) {
    var form = event.target;
    // A visitor's 收藏 goes through the sign-in as a plain form.
    if (!form.classList.contains("collect-form") || !document.body.hasAttribute("data-csrf")) return;
    event.preventDefault();
    post(form).then(function (html) { form.replaceWith(fragment(html)); });
  });
}
