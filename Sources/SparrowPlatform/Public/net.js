// Talking to the server, for every app's pages: each fetch asks for an HTML fragment (`X-Fragment: 1`) instead of a
// page, so errors come back as short text. Served among each app's modules as `js/net.js` (like `pictures.js`).

// HTML text as nodes, to put into the page.
export function fragment(html) {
  var t = document.createElement("template");
  t.innerHTML = html;
  return t.content;
}

// The fragment at `url`, with the response (for its headers).
export function get(url) {
  return fetch(url, { headers: { "X-Fragment": "1" }, credentials: "same-origin" }).then(function (r) {
    if (!r.ok) throw new Error("HTTP " + r.status);
    return r.text().then(function (text) { return { text: text, response: r }; });
  });
}

// The fragment at `url`, as text.
export function getText(url) {
  return get(url).then(function (result) { return result.text; });
}

// Sends `form` (URL-encoded) and answers the fragment it returns, as text.
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
