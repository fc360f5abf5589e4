import { textLength } from "./counter.js";
import { setupEmoticons } from "./emoticons.js";
import { fragment } from "./net.js";
import { sheet, toast } from "./overlays.js";
import { setupPicker } from "./picker.js";
import { store } from "./storage.js";

// The composer: counter, growing text, pictures uploaded as chosen, pickers, the emoticon keyboard,
// and a draft kept in this browser until the sheet is sent or discarded.
export function setupCompose(form) {
  var text = document.getElementById("compose-text");
  var send = document.getElementById("compose-send");
  var count = document.getElementById("compose-count");
  var pics = document.getElementById("compose-pics");
  var fileInput = document.getElementById("compose-file");
  var addTile = document.getElementById("compose-add");
  var limit = parseInt(form.getAttribute("data-limit"), 10) || 140;
  var needsText = form.hasAttribute("data-needs-text");
  var draftKey = "draft." + form.getAttribute("data-draft");
  var maxPics = pics ? parseInt(pics.getAttribute("data-max"), 10) || 9 : 0;
  var uploading = 0;
  var sending = false;
  var csrf = form.querySelector('input[name="csrf"]').value;
  document.getElementById("compose-toolbar").hidden = false;

  function tiles() { return pics ? Array.prototype.slice.call(pics.querySelectorAll(".compose-pic")) : []; }

  function update(save) {
    var left = limit - textLength(text.value);
    count.textContent = String(left);
    count.classList.toggle("over", left < 0);
    var empty = !text.value.trim();
    send.disabled = sending || uploading > 0 || left < 0 || (needsText && empty);
    text.style.height = "auto";
    text.style.height = Math.max(text.scrollHeight, 160) + "px";
    if (addTile) addTile.hidden = tiles().length >= maxPics;
    if (save !== false) saveDraft();
  }

  function saveDraft() {
    var chosen = tiles().filter(function (t) { return t.getAttribute("data-pic"); }).map(function (t) {
      return { id: t.getAttribute("data-pic"), thumb: t.querySelector("img").getAttribute("src") };
    });
    if (!text.value && chosen.length === 0) store.remove(draftKey);
    else store.set(draftKey, { text: text.value, pics: chosen });
  }

  function tile(id, thumb) {
    var li = document.createElement("li");
    li.className = "compose-pic";
    if (id) li.setAttribute("data-pic", id);
    var img = document.createElement("img");
    img.src = thumb;
    img.alt = "";
    li.appendChild(img);
    if (id) {
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = "pic_id";
      input.value = id;
      li.appendChild(input);
    }
    [["compose-pic-remove", "×", "删除图片"], ["compose-pic-left", "‹", "往前移"]].forEach(function (spec) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = spec[0];
      b.textContent = spec[1];
      b.setAttribute("aria-label", spec[2]);
      li.appendChild(b);
    });
    return li;
  }

  // A draft from an earlier visit comes back, unless the server sent the sheet with its own text (a failed send,
  // or another app's share, whose drafts have their own key and are not brought back).
  var draft = form.hasAttribute("data-shared") ? null : store.get(draftKey);
  if (draft && !form.querySelector(".form-error") && (!text.value || text.value === text.defaultValue)) {
    if (draft.text) text.value = draft.text;
    if (pics && draft.pics) {
      draft.pics.slice(0, maxPics).forEach(function (p) {
        if (typeof p.id === "string" && /^[0-9a-f]+$/.test(p.id) && typeof p.thumb === "string" && p.thumb.indexOf("/pics/") >= 0) {
          pics.insertBefore(tile(p.id, p.thumb), addTile);
        }
      });
    }
  }

  function upload(file) {
    var local = URL.createObjectURL(file);
    var li = tile(null, local);
    li.classList.add("uploading");
    var bar = document.createElement("i");
    bar.className = "compose-progress";
    li.appendChild(bar);
    pics.insertBefore(li, addTile);
    uploading += 1;
    update(false);
    var data = new FormData();
    data.append("csrf", csrf);
    data.append("pic", file, file.name);
    var xhr = new XMLHttpRequest();
    xhr.open("POST", "/web/upload");
    xhr.setRequestHeader("X-Fragment", "1");
    xhr.upload.onprogress = function (e) {
      if (e.lengthComputable) bar.style.width = Math.round(e.loaded / e.total * 100) + "%";
    };
    function done() {
      uploading -= 1;
      URL.revokeObjectURL(local);
      update();
    }
    xhr.onload = function () {
      if (xhr.status === 200) {
        var uploaded = fragment(xhr.responseText).firstElementChild;
        if (li.parentNode && uploaded) li.replaceWith(uploaded); else li.remove();
      } else {
        li.remove();
        toast(xhr.responseText && xhr.responseText.length < 60 ? xhr.responseText : "图片上传失败");
      }
      done();
    };
    xhr.onerror = function () {
      li.remove();
      toast("网络不给力，图片没有传上去");
      done();
    };
    xhr.send(data);
  }

  if (fileInput) {
    fileInput.addEventListener("change", function () {
      var files = Array.prototype.slice.call(fileInput.files);
      var room = maxPics - tiles().length;
      if (files.length > room) toast("最多只能选" + maxPics + "张图片");
      files.slice(0, Math.max(room, 0)).forEach(upload);
      // Uploaded already: the form itself must not send the files again.
      fileInput.value = "";
    });
  }

  if (pics) {
    pics.addEventListener("click", function (e) {
      var t = e.target.closest(".compose-pic");
      if (!t) return;
      if (e.target.closest(".compose-pic-remove")) {
        t.remove();
        update();
      } else if (e.target.closest(".compose-pic-left") && t.previousElementSibling) {
        pics.insertBefore(t, t.previousElementSibling);
        update();
      }
    });
    // Drag to reorder with a mouse.
    var dragged = null;
    pics.addEventListener("dragstart", function (e) {
      dragged = e.target.closest(".compose-pic");
      if (dragged) e.dataTransfer.effectAllowed = "move";
    });
    pics.addEventListener("dragover", function (e) { if (dragged) e.preventDefault(); });
    pics.addEventListener("drop", function (e) {
      var over = e.target.closest(".compose-pic");
      if (dragged && over && over !== dragged) {
        e.preventDefault();
        var after = Array.prototype.indexOf.call(pics.children, dragged) < Array.prototype.indexOf.call(pics.children, over);
        pics.insertBefore(dragged, after ? over.nextSibling : over);
        update();
      }
      dragged = null;
    });
    new MutationObserver(function () {
      tiles().forEach(function (t) { t.draggable = true; });
    }).observe(pics, { childList: true });
    tiles().forEach(function (t) { t.draggable = true; });
  }

  text.addEventListener("input", function () { update(); });

  function insert(s) {
    text.focus();
    text.setRangeText(s, caret.start, caret.end, "end");
    caret = { start: text.selectionStart, end: text.selectionEnd };
    update();
  }
  var caret = { start: text.value.length, end: text.value.length };
  ["keyup", "click", "select", "input"].forEach(function (name) {
    text.addEventListener(name, function () { caret = { start: text.selectionStart, end: text.selectionEnd }; });
  });

  form.addEventListener("submit", function (e) {
    e.preventDefault();
    update(false);
    if (send.disabled) return;
    sending = true;
    update(false);
    fetch(form.action, {
      method: "POST", body: new FormData(form), credentials: "same-origin", headers: { "X-Fragment": "1" }
    }).then(function (r) {
      if (r.ok) {
        store.remove(draftKey);
        location.href = r.headers.get("X-Location") || "/";
        return;
      }
      return r.text().then(function (message) {
        throw new Error(r.headers.get("Content-Type").indexOf("text/plain") === 0 ? message : "发送失败");
      });
    }).catch(function (error) {
      sending = false;
      update();
      toast(error && error.message && error.message.length < 60 ? error.message : "网络不给力，草稿已保存");
    });
  });

  // 取消 with something typed asks whether to keep it, as the notes' action sheet does.
  var cancel = document.getElementById("compose-cancel");
  cancel.addEventListener("click", function (e) {
    if (!text.value.trim() && tiles().length === 0) { store.remove(draftKey); return; }
    e.preventDefault();
    sheet([["保存草稿", function () { saveDraft(); location.href = cancel.href; }],
           ["不保存", function () { store.remove(draftKey); location.href = cancel.href; }]]);
  });

  // The @ and # pickers and the emoticon keyboard put what is picked in at the caret.
  setupPicker(text, insert);
  setupEmoticons(text, insert, function () { caret = { start: text.selectionStart, end: text.selectionEnd }; update(); });
  update(false);
}
