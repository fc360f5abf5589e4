// The grid: the next page loads as the footer comes into view (加载更多 without script); pulling down at the
// top reloads the first page; a card opens its detail.
import { fragment, getText } from "./net.js";  // the platform's
import { openDetail } from "./detail.js";

var loading = false;

function loadMore(footer) {
  if (loading) return;
  loading = true;
  getText(footer.getAttribute("data-next")).then(function (html) {
    footer.replaceWith(fragment(html));
    loading = false;
    watch();
  }, function () {
    loading = false;
  });
}

var observer = "IntersectionObserver" in window ? new IntersectionObserver(function (entries) {
  entries.forEach(function (entry) { if (entry.isIntersecting) loadMore(entry.target); });
}, { rootMargin: "300px" }) : null;

function watch() {
  var footer = document.querySelector("#grid .list-footer[data-next]");
  if (footer && observer) observer.observe(footer);
}

function refresh(grid) {
  return getText("/tuan/deals" + location.search).then(function (html) {
    grid.innerHTML = html;
    watch();
  });
}

function setupPull(grid) {
  var pull = document.getElementById("pull");
  if (!pull) return;
  var start = null;
  var ready = false;
  window.addEventListener("touchstart", function (event) {
    start = window.scrollY <= 0 ? event.touches[0].clientY : null;
  }, { passive: true });
  window.addEventListener("touchmove", function (event) {
    if (start === null) return;
    var pulled = event.touches[0].clientY - start;
    ready = pulled > 70;
    pull.classList.toggle("pulling", pulled > 20);
    pull.textContent = ready ? "松开立即刷新" : "下拉刷新";
  }, { passive: true });
  window.addEventListener("touchend", function () {
    if (start === null) return;
    start = null;
    if (!ready) { pull.classList.remove("pulling"); return; }
    ready = false;
    pull.textContent = "正在刷新…";
    refresh(grid).then(function () { pull.classList.remove("pulling"); });
  });
}

export function setupGrid() {
  var grid = document.getElementById("grid");
  if (!grid) return;
  grid.addEventListener("click", function (event) {
    var more = event.target.closest("#load-more");
    if (more) {
      event.preventDefault();
      loadMore(more.parentNode);
      return;
    }
    var card = event.target.closest("a.card");
    if (!card || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    openDetail(card.getAttribute("href"));
  });
  watch();
  setupPull(grid);
}
