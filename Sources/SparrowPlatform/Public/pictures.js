// The platform's picture browser (微博 and 打卡): the pictures of one grid, one at a time, full screen. The grid's own picture shows at
// once and the large one replaces it when loaded; swipe, arrows or keys move, a tap closes.
export function openViewer(pic) {
  var links = Array.prototype.slice.call(pic.parentNode.querySelectorAll(".pic"));
  var index = links.indexOf(pic);
  var viewer = document.createElement("div");
  viewer.className = "viewer";
  viewer.id = "viewer";
  viewer.setAttribute("role", "dialog");
  var img = document.createElement("img");
  img.alt = "";
  var spinner = document.createElement("i");
  spinner.className = "spinner viewer-spinner";
  var dots = document.createElement("div");
  dots.className = "viewer-dots";
  var count = document.createElement("div");
  count.className = "viewer-count";
  viewer.appendChild(img);
  viewer.appendChild(spinner);
  viewer.appendChild(count);
  if (links.length > 1) {
    links.forEach(function () { dots.appendChild(document.createElement("i")); });
    viewer.appendChild(dots);
  }
  var loading = null;
  function show(i) {
    index = (i + links.length) % links.length;
    var link = links[index];
    var small = link.querySelector("img");
    var large = link.getAttribute("href");
    img.src = small ? small.currentSrc || small.src : large;
    img.setAttribute("data-large", large);
    spinner.hidden = false;
    if (loading) loading.onload = loading.onerror = null;
    loading = new Image();
    loading.onload = function () {
      if (img.getAttribute("data-large") === large) { img.src = large; spinner.hidden = true; }
    };
    loading.onerror = function () { spinner.hidden = true; };
    loading.src = large;
    count.textContent = links.length > 1 ? (index + 1) + "/" + links.length : "";
    Array.prototype.forEach.call(dots.children, function (d, j) { d.classList.toggle("on", j === index); });
  }
  function close() {
    viewer.remove();
    document.removeEventListener("keydown", key);
  }
  function key(e) {
    if (e.key === "Escape") close();
    else if (e.key === "ArrowRight") show(index + 1);
    else if (e.key === "ArrowLeft") show(index - 1);
  }
  if (links.length > 1) {
    [["viewer-prev", "‹", -1], ["viewer-next", "›", 1]].forEach(function (spec) {
      var b = document.createElement("button");
      b.className = spec[0];
      b.type = "button";
      b.textContent = spec[1];
      b.setAttribute("aria-label", spec[2] < 0 ? "上一张" : "下一张");
      b.addEventListener("click", function (e) { e.stopPropagation(); show(index + spec[2]); });
      viewer.appendChild(b);
    });
  }
  // A horizontal swipe moves; a tap (no real movement) closes.
  var startX = null, startY = null, swiped = false;
  viewer.addEventListener("touchstart", function (e) {
    startX = e.touches[0].clientX;
    startY = e.touches[0].clientY;
    swiped = false;
  }, { passive: true });
  viewer.addEventListener("touchend", function (e) {
    if (startX === null) return;
    var t = e.changedTouches[0];
    var dx = t.clientX - startX, dy = t.clientY - startY;
    startX = null;
    if (Math.abs(dx) > 50 && Math.abs(dx) > Math.abs(dy) && links.length > 1) {
      swiped = true;
      show(index + (dx < 0 ? 1 : -1));
    }
  });
  viewer.addEventListener("click", function () {
    if (swiped) { swiped = false; return; }
    close();
  });
  document.addEventListener("keydown", key);
  document.body.appendChild(viewer);
  show(index);
}
