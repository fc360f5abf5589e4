// Sparrow 微博 web client: small enhancements over server-rendered pages. Every fetch gets HTML
// fragments from the server; without script the links and forms still work. This is the entry module
// (`<script type="module">`, deferred); each feature is a module of its own, loaded as is, with no build step.
import { pollUnread, setupBadges } from "./badges.js";
import { setupCompose } from "./composer.js";
import { textLength } from "./counter.js";
import { loadMore, refresh, setupRefresh, watch } from "./feed.js";
import { toast } from "./overlays.js";
// The platform's picture browser (shared with 打卡), served among these modules.
import { openViewer } from "./pictures.js";
import { store } from "./storage.js";
import { setupToggles } from "./toggles.js";

// One listener for taps, so that a tap that closes the title popover does nothing else.
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

setupToggles();
setupRefresh();

// The welcome screen moves on when its animation is done.
var welcome = document.getElementById("welcome");
if (welcome) setTimeout(function () { location.replace(welcome.getAttribute("data-next")); }, 3000);

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

setupBadges();
watch(document);
window.sparrow = { refresh: refresh, textLength: textLength, toast: toast, pollUnread: pollUnread };
