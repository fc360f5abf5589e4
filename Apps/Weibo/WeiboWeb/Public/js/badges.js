import { fragment, get } from "./net.js";

// Badges: polled from the server (remind/unread_count's figures) while the page is open and shown.
export function pollUnread() {
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

export function setupBadges() {
  setInterval(function () { if (!document.hidden) pollUnread(); }, 30000);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) pollUnread(); });
}
