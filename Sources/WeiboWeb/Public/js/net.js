// Talking to the server: every fetch asks for an HTML fragment (`X-Fragment: 1`) instead of a page.

export function fragment(html) {
  var t = document.createElement("template");
  t.innerHTML = html;
  return t.content;
}

export function get(url) {
  return fetch(url, { headers: { "X-Fragment": "1" }, credentials: "same-origin" }).then(function (r) {
    if (!r.ok) throw new Error("HTTP " + r.status);
    return r.text().then(function (text) { return { text: text, response: r }; });
  });
}

export function post(form) {
  var body = new URLSearchParams(new FormData(form));
  return fetch(form.action, {
    method: "POST", body: body, credentials: "same-origin",
    headers: { "X-Fragment": "1", "Content-Type": "application/x-www-form-urlencoded" }
  }).then(function (r) {
    if (!r.ok) throw new Error("HTTP " + r.status);
    return r.text();
  });
}
