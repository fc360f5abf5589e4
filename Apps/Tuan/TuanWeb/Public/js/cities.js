// The 定位 popover: fetched when opened; the search box asks the server as the person types (汉字, pinyin,
// initials); the letter index scrolls to its section. Choosing a city posts the form and the page reloads.
import { hideCover, showCover } from "./cover.js";
import { getText } from "./net.js";  // the platform's

var timer = null;
var asked = 0;

function popover() { return document.getElementById("city-popover"); }

export function closeCities() {
  popover().hidden = true;
  hideCover();
}

export function citiesOpen() { return !popover().hidden; }

export function openCities() {
  var query = location.pathname === "/tuan" ? location.search : "";
  return getText("/tuan/cities" + query).then(function (html) {
    var box = popover();
    box.innerHTML = html;
    box.hidden = false;
    showCover(closeCities);
    setupPanel(box);
  });
}

function keep(box) {
  var pairs = [];
  box.querySelectorAll(".city-search input[type=hidden]").forEach(function (i) { pairs.push([i.name, i.value]); });
  return pairs;
}

function search(box, text) {
  var results = box.querySelector("#city-results");
  var sections = box.querySelector("#city-sections");
  var index = box.querySelector(".city-index");
  if (!text.trim()) {
    results.hidden = true;
    results.innerHTML = "";
    sections.hidden = false;
    index.hidden = false;
    return;
  }
  var params = new URLSearchParams(keep(box));
  params.set("q", text);
  var ticket = ++asked;
  getText("/tuan/cities/search?" + params.toString()).then(function (html) {
    if (ticket !== asked) return;  // an older answer arriving late
    results.innerHTML = html;
    results.hidden = false;
    sections.hidden = true;
    index.hidden = true;
  });
}

export function setupPanel(box) {
  var input = box.querySelector("#city-search");
  if (!input) return;
  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(function () { search(box, input.value); }, 120);
  });
  input.form.addEventListener("submit", function (event) {
    event.preventDefault();
    search(box, input.value);
  });
  box.querySelectorAll(".city-index a").forEach(function (link) {
    link.addEventListener("click", function (event) {
      event.preventDefault();
      var section = box.querySelector("#city-letter-" + link.getAttribute("data-letter"));
      var list = box.querySelector(".city-form");
      if (section && list) list.scrollTop = section.offsetTop - list.offsetTop;
    });
  });
  var close = box.querySelector("[data-close-popover]");
  if (close && box.id === "city-popover") {
    close.addEventListener("click", function (event) {
      event.preventDefault();
      closeCities();
    });
  }
}

export function setupCities() {
  var button = document.getElementById("dock-city");
  button.addEventListener("click", function (event) {
    event.preventDefault();
    if (citiesOpen()) closeCities();
    else openCities();
  });
  // The page of its own (no script, or a link) works the same way.
  var page = document.querySelector(".cities-page .cities");
  if (page) setupPanel(page);
}
