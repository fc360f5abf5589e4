// What shows over the page: a toast for a short message, an action sheet for a choice.

// A short message over the page, as the notes' HUD shows errors.
export function toast(text) {
  var t = document.getElementById("toast");
  if (!t) {
    t = document.createElement("div");
    t.className = "toast";
    t.id = "toast";
    t.setAttribute("role", "alert");
    document.body.appendChild(t);
  }
  t.textContent = text;
  t.classList.add("show");
  clearTimeout(toast.timer);
  toast.timer = setTimeout(function () { t.classList.remove("show"); }, 2400);
}

// An action sheet: the choices, then 取消.
export function sheet(choices) {
  var cover = document.createElement("div");
  cover.className = "sheet-cover";
  var box = document.createElement("div");
  box.className = "sheet";
  box.id = "sheet";
  function close() { cover.remove(); }
  choices.concat([["取消", close]]).forEach(function (choice, i) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "sheet-item" + (i === choices.length ? " sheet-cancel" : "");
    b.textContent = choice[0];
    b.addEventListener("click", function (e) { e.stopPropagation(); close(); if (choice[1] !== close) choice[1](); });
    box.appendChild(b);
  });
  cover.addEventListener("click", close);
  cover.appendChild(box);
  document.body.appendChild(cover);
}
