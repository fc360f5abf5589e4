import { fragment, get } from "./net.js";
import { toast } from "./overlays.js";

// Load more: the footer's `data-next` is the next page's fragment; it replaces the footer.
var observer = "IntersectionObserver" in window ? new IntersectionObserver(function (entries) {
  entries.forEach(function (e) { if (e.isIntersecting) loadMore(e.target); });
}, { rootMargin: "300px 0px" }) : null;

export function watch(root) {
  (root || document).querySelectorAll(".more[data-next]").forEach(function (more) {
    if (observer) observer.observe(more);
  });
}

export function loadMore(more) {
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

// Refresh: newer statuses go on top, and the banner says how many in the words the server sends with
// them (SparrowKit's NewStatusesBanner, as the pager and `wb` say it).
var refreshing = false;

function showBanner(text) {
  var banner = document.getElementById("banner");
  if (!banner) return;
  banner.textContent = text;
  banner.classList.add("show");
  clearTimeout(showBanner.timer);
  showBanner.timer = setTimeout(function () { banner.classList.remove("show"); }, 1800);
}

export function refresh() {
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
    var nodes = fragment(result.text);
    // Only an answer to `since_id` carries the banner; it comes with the new cards, if any.
    var banner = nodes.querySelector("[data-banner]");
    if (banner) {
      banner.remove();
      if (first) {
        nodes.querySelectorAll(".more").forEach(function (m) { m.remove(); });
      } else if (nodes.querySelector(".card")) {
        // An empty timeline's first statuses: they replace 这里还什么都没有 and bring their 加载更多.
        cards.querySelectorAll(".more").forEach(function (m) { m.remove(); });
      } else {
        nodes.querySelectorAll(".more").forEach(function (m) { m.remove(); });
      }
      cards.insertBefore(nodes, cards.firstChild);
      showBanner(banner.textContent);
    }
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

// Pull to refresh on touch screens, at the top of the timeline, and 首页 tapped on the home timeline itself,
// as the notes' tab bar does.
export function setupRefresh() {
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

  var homeTab = document.getElementById("tab-home");
  if (homeTab && document.getElementById("cards") && document.getElementById("pull")) {
    homeTab.addEventListener("click", function (e) {
      e.preventDefault();
      window.scrollTo({ top: 0, behavior: "smooth" });
      refresh();
    });
  }
}
