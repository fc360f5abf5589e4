// The 打卡 form: pictures chosen several at a time, shown as tiles with the add button moving along after them,
// each removable before sending (the file input's files are rebuilt each time, so the form posts as it would
// without script); the location picker's suggestions (汉字, pinyin or initials); and "from the photo": the
// first picture's EXIF date and place offered for the form.
import { readExif } from "./exif.js";

export function setupForm(form) {
  // Script checks the required fields itself (below), with the server's words; without script the browser's
  // own check stops a form with a missing field before the chosen pictures are sent and lost.
  form.noValidate = true;
  // A new entry's date defaults to today where the person is, not where the server is.
  var day = document.getElementById("date");
  if (day.getAttribute("data-default-day") === day.value) {
    var now = new Date();
    day.value = now.getFullYear() + "-" + String(now.getMonth() + 1).padStart(2, "0") + "-" + String(now.getDate()).padStart(2, "0");
  }
  var input = document.getElementById("pic-input");
  var tiles = document.getElementById("pic-tiles");
  var add = document.getElementById("pic-add");
  var box = document.getElementById("pictures");
  var max = parseInt(box.getAttribute("data-max"), 10) || 5;
  var chosen = [];
  var offered = false;

  function keptCount() {
    return tiles.querySelectorAll(".pic-tile.kept:not(.removing)").length;
  }

  function render() {
    tiles.querySelectorAll(".pic-tile.new").forEach(function (tile) {
      URL.revokeObjectURL(tile.querySelector("img").src);
      tile.remove();
    });
    chosen.forEach(function (file, index) {
      var tile = document.createElement("li");
      tile.className = "pic-tile new";
      var img = document.createElement("img");
      img.alt = "";
      img.src = URL.createObjectURL(file);
      var remove = document.createElement("button");
      remove.type = "button";
      remove.className = "pic-remove-button";
      remove.textContent = "×";
      remove.setAttribute("aria-label", "移除第" + (index + 1) + "张图片");
      remove.addEventListener("click", function () {
        chosen.splice(index, 1);
        sync();
      });
      tile.appendChild(img);
      tile.appendChild(remove);
      tiles.insertBefore(tile, add);
    });
    add.hidden = keptCount() + chosen.length >= max;
  }

  function sync() {
    var transfer = new DataTransfer();
    chosen.forEach(function (file) { transfer.items.add(file); });
    input.files = transfer.files;
    render();
  }

  input.addEventListener("change", function () {
    var picked = Array.prototype.slice.call(input.files).filter(function (f) { return chosen.indexOf(f) < 0; });
    var wasEmpty = chosen.length === 0 && keptCount() === 0;
    var room = max - keptCount() - chosen.length;
    chosen = chosen.concat(picked.slice(0, Math.max(0, room)));
    sync();
    if (picked.length > room) hint("最多" + max + "张图片，多出的没有加上");
    if (wasEmpty && chosen.length && !offered) fromPhoto(chosen[0]);
  });

  tiles.addEventListener("change", function (event) {
    var box = event.target;
    if (box.name !== "remove_pic") return;
    box.closest(".pic-tile").classList.toggle("removing", box.checked);
    render();
  });

  var hintBox = document.getElementById("photo-hint");
  function hint(text, action) {
    hintBox.textContent = text;
    if (action) hintBox.appendChild(action);
    hintBox.hidden = false;
  }

  // The first picture's date and place, offered (not applied) as the notes' form would ask.
  function fromPhoto(file) {
    if (!/jpe?g$/i.test(file.type.split("/")[1] || "")) return;
    offered = true;
    file.arrayBuffer().then(function (buffer) {
      var exif = readExif(buffer);
      var place = exif.latitude === undefined ? Promise.resolve(null)
        : fetch("/daka/place?lat=" + exif.latitude.toFixed(6) + "&lng=" + exif.longitude.toFixed(6))
          .then(function (r) { return r.ok ? r.json() : null; }).catch(function () { return null; });
      return place.then(function (found) {
        if (!exif.date && !found) return;
        var words = "照片" + (exif.date ? "拍摄于 " + exif.date : "") + (found ? (exif.date ? "，" : "") + "在 " + found.value : "");
        var use = document.createElement("button");
        use.type = "button";
        use.className = "button";
        use.id = "use-photo";
        use.textContent = "使用";
        use.addEventListener("click", function () {
          if (exif.date) document.getElementById("date").value = exif.date;
          if (found) document.getElementById("location").value = found.value;
          if (exif.latitude !== undefined) setPoint(exif.latitude.toFixed(6), exif.longitude.toFixed(6));
          hintBox.hidden = true;
        });
        hint(words + " ", use);
        hintBox.setAttribute("data-date", exif.date || "");
        hintBox.setAttribute("data-place", found ? found.value : "");
      });
    });
  }

  setupPlaces(document.getElementById("location"), document.getElementById("location-suggestions"));

  // The exact point: kept with the entry (its owner's alone unless 显示精确位置), or not kept at all.
  var pointField = document.getElementById("point-field");
  function setPoint(latitude, longitude) {
    document.getElementById("latitude").value = latitude;
    document.getElementById("longitude").value = longitude;
    document.getElementById("point-text").textContent = latitude && longitude ? (+latitude) + ", " + (+longitude) : "";
    pointField.hidden = !(latitude && longitude);
  }
  document.getElementById("point-clear").addEventListener("click", function () {
    setPoint("", "");
    document.getElementById("show-exact").checked = false;
  });

  // A point picked on a map of the place the location names (drawn by the server from the shipped outlines): the
  // drawing spans a box in which latitude and longitude are linear, so a click turns back into degrees.
  var pickOpen = document.getElementById("pick-open"), pickPanel = document.getElementById("pick-panel");
  pickOpen.hidden = false;
  pickOpen.addEventListener("click", function () {
    var query = "location=" + encodeURIComponent(document.getElementById("location").value.trim());
    var lat = document.getElementById("latitude").value, lng = document.getElementById("longitude").value;
    if (lat && lng) query += "&lat=" + lat + "&lng=" + lng;
    fetch("/daka/pickmap?" + query).then(function (r) { return r.ok ? r.json() : null; }).then(function (map) {
      if (!map) { hint("先填写地点，才能在地图上选点"); return; }
      document.getElementById("pick-title").textContent = map.title;
      var holder = document.getElementById("pick-map");
      holder.innerHTML = map.svg;  // the server's drawing: its names are escaped there
      var svg = holder.querySelector("svg"), pin = document.getElementById("pick-pin");
      function place(latitude, longitude) {
        pin.setAttribute("cx", ((longitude - map.min_longitude) / (map.max_longitude - map.min_longitude) * map.width).toFixed(1));
        pin.setAttribute("cy", ((map.max_latitude - latitude) / (map.max_latitude - map.min_latitude) * map.height).toFixed(1));
      }
      if (lat && lng) place(+lat, +lng);
      svg.addEventListener("click", function (event) {
        var box = svg.getBoundingClientRect();
        var x = (event.clientX - box.left) / box.width, y = (event.clientY - box.top) / box.height;
        var latitude = map.max_latitude - y * (map.max_latitude - map.min_latitude);
        var longitude = map.min_longitude + x * (map.max_longitude - map.min_longitude);
        setPoint(latitude.toFixed(6), longitude.toFixed(6));
        place(latitude, longitude);
      });
      pickPanel.hidden = false;
    });
  });
  document.getElementById("pick-close").addEventListener("click", function () { pickPanel.hidden = true; });

  // Typing into the field at fault clears the refusal.
  form.addEventListener("input", function (event) {
    if (event.target.getAttribute("aria-invalid") !== "true") return;
    event.target.removeAttribute("aria-invalid");
    var error = document.getElementById("form-error");
    if (error) error.hidden = true;
  });

  // The required fields are checked here first, with the server's words, so that chosen pictures (which a form
  // sent back cannot keep) are not lost to a missing field. The server checks again.
  form.addEventListener("submit", function (event) {
    var missing = [["date", "请选择日期"], ["location", "请填写地点"], ["spot", "请填写景点"]].find(function (rule) {
      return !document.getElementById(rule[0]).value.trim();
    });
    form.querySelectorAll("[aria-invalid]").forEach(function (field) { field.removeAttribute("aria-invalid"); });
    if (!missing) return;
    event.preventDefault();
    var field = document.getElementById(missing[0]);
    field.setAttribute("aria-invalid", "true");
    var error = document.getElementById("form-error");
    if (!error) {
      error = document.createElement("p");
      error.className = "form-error";
      error.id = "form-error";
      error.setAttribute("role", "alert");
      form.insertBefore(error, form.querySelector(".photo-hint"));
    }
    error.textContent = missing[1];
    error.hidden = false;
    field.focus();
  });

  keepDraft(form);  // after the check above, so that it sees whether sending was stopped
}

function setupPlaces(field, list) {
  var timer = null, asked = "";
  function hide() { list.hidden = true; }
  field.addEventListener("input", function () {
    clearTimeout(timer);
    var q = field.value.trim();
    if (!q) { hide(); return; }
    timer = setTimeout(function () {
      asked = q;
      fetch("/daka/places?q=" + encodeURIComponent(q)).then(function (r) { return r.ok ? r.json() : []; }).then(function (options) {
        if (asked !== q) return;
        list.textContent = "";
        options.forEach(function (option) {
          var li = document.createElement("li");
          var b = document.createElement("button");
          b.type = "button";
          b.setAttribute("role", "option");
          var name = document.createElement("span");
          name.textContent = option.value;
          var where = document.createElement("small");
          where.textContent = option.hint;
          b.appendChild(name);
          b.appendChild(where);
          b.addEventListener("click", function () { field.value = option.value; hide(); field.focus(); });
          li.appendChild(b);
          list.appendChild(li);
        });
        list.hidden = options.length === 0;
      }).catch(hide);
    }, 150);
  });
  // The keyboard: ↓ from the field into the suggestions, ↑/↓ between them, Enter picks, Escape closes.
  function options() { return Array.prototype.slice.call(list.querySelectorAll("button")); }
  field.addEventListener("keydown", function (e) {
    if (e.key === "Escape") hide();
    if (e.key === "ArrowDown" && !list.hidden && options().length) {
      e.preventDefault();
      options()[0].focus();
    }
  });
  list.addEventListener("keydown", function (e) {
    var all = options(), at = all.indexOf(document.activeElement);
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      var next = at + (e.key === "ArrowDown" ? 1 : -1);
      if (next < 0) field.focus();
      else all[Math.min(next, all.length - 1)].focus();
    } else if (e.key === "Escape") {
      hide();
      field.focus();
    }
  });
  document.addEventListener("click", function (e) { if (e.target !== field && !list.contains(e.target)) hide(); });
}

// A new entry's typed fields are kept for this tab session, so leaving the 打卡 tab and coming back finds the form
// as it was (pictures cannot be kept). A form the server sent back with an error has its own values.
function keepDraft(form) {
  if (form.getAttribute("action") !== "/daka/new") return;
  var names = ["date", "location", "spot", "thoughts"];
  var key = "daka:draft";
  var saved = null;
  try { saved = JSON.parse(sessionStorage.getItem(key) || "null"); } catch (e) {}
  if (saved && !document.getElementById("form-error")) {
    names.forEach(function (name) { if (saved[name]) form.elements[name].value = saved[name]; });
    if (saved.visibility) form.querySelector('input[name="visibility"][value="' + saved.visibility + '"]').checked = true;
  }
  function save() {
    var draft = {};
    names.forEach(function (name) { draft[name] = form.elements[name].value; });
    draft.visibility = form.querySelector('input[name="visibility"]:checked').value;
    try { sessionStorage.setItem(key, JSON.stringify(draft)); } catch (e) {}
  }
  form.addEventListener("input", save);
  form.addEventListener("change", save);
  form.addEventListener("submit", function (event) {
    if (!event.defaultPrevented) sessionStorage.removeItem(key);
  });
}
