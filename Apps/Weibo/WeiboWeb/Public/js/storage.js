// What this browser keeps for the user: drafts and recent emoticons, under one prefix.
export const store = {
  get: function (key) {
    try { return JSON.parse(localStorage.getItem("sparrow." + key) || "null"); } catch (e) { return null; }
  },
  set: function (key, value) {
    try { localStorage.setItem("sparrow." + key, JSON.stringify(value)); } catch (e) { /* full or disabled */ }
  },
  remove: function (key) {
    try { localStorage.removeItem("sparrow." + key); } catch (e) { /* disabled */ }
  },
  clear: function () {
    try {
      Object.keys(localStorage).forEach(function (k) { if (k.indexOf("sparrow.") === 0) localStorage.removeItem(k); });
    } catch (e) { /* disabled */ }
  }
};
