// Talking to the server: fragments are asked for with `X-Fragment: 1`, so errors come back as short text.

export function fetchFragment(url) {
  return fetch(url, { headers: { "X-Fragment": "1" }, credentials: "same-origin" }).then(function (r) {
    if (!r.ok) throw new Error("HTTP " + r.status);
    return r.text();
  });
}

export function postForm(form) {
  return fetch(form.action, {
    method: "POST", body: new URLSearchParams(new FormData(form)), credentials: "same-origin",
    headers: { "X-Fragment": "1", "Content-Type": "application/x-www-form-urlencoded" }
  }).then(function (r) {
    if (!r.ok) throw new Error("HTTP " + r.status);
    return r.text();
  });
}

export function nodes(html) {
  var t = document.createElement("template");
  t.innerHTML = html;
  return t.content;
}

// The shared dimmed cover of the 更多 sheet, the city popover and the detail; a tap on it calls `onTap`.
var coverTap = null;
export function showCover(onTap) {
  var cover = document.getElementById("cover");
  coverTap = onTap;
  cover.hidden = false;
}
export function hideCover() {
  document.getElementById("cover").hidden = true;
  coverTap = null;
}
document.addEventListener("click", function (event) {
  if (event.target.id === "cover" && coverTap) coverTap();
});
