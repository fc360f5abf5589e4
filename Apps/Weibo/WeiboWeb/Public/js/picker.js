import { fragment, get } from "./net.js";
import { toast } from "./overlays.js";

// @ and #: a sheet to pick someone followed or a topic; what is picked goes in at the caret.
export function setupPicker(text, insert) {
  var picker = document.getElementById("picker");
  var pickerInput = document.getElementById("picker-input");
  var pickerList = document.getElementById("picker-list");
  var pickerURL = "";
  function openPicker(url, title, placeholder) {
    pickerURL = url;
    document.getElementById("picker-title").textContent = title;
    pickerInput.placeholder = placeholder;
    pickerInput.value = "";
    pickerList.textContent = "";
    picker.hidden = false;
    loadPicker();
    pickerInput.focus();
  }
  function loadPicker() {
    var url = pickerURL + "?q=" + encodeURIComponent(pickerInput.value);
    get(url).then(function (result) {
      if (url !== pickerURL + "?q=" + encodeURIComponent(pickerInput.value)) return; // a newer query won
      pickerList.textContent = "";
      pickerList.appendChild(fragment(result.text));
    }).catch(function () { toast("网络不给力，请稍后再试"); });
  }
  var pickerTimer = null;
  pickerInput.addEventListener("input", function () {
    clearTimeout(pickerTimer);
    pickerTimer = setTimeout(loadPicker, 150);
  });
  pickerList.addEventListener("click", function (e) {
    var row = e.target.closest(".pick-row");
    if (!row) return;
    picker.hidden = true;
    insert(row.getAttribute("data-insert"));
  });
  document.getElementById("picker-close").addEventListener("click", function () {
    picker.hidden = true;
    text.focus();
  });
  document.getElementById("mention-button").addEventListener("click", function () {
    openPicker("/web/pick/users", "选择联系人", "搜索我关注的人");
  });
  document.getElementById("topic-button").addEventListener("click", function () {
    openPicker("/web/pick/topics", "插入话题", "搜索或输入新话题");
  });
}
