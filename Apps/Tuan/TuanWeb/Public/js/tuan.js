// Sparrow 团购 web client: enhancements over server-rendered pages, one module per feature, no build step.
import { citiesOpen, closeCities, setupCities } from "./cities.js";
import { closeDetail, detailOpen, setupDetail } from "./detail.js";
import { setupGrid } from "./grid.js";
import { setupMap } from "./map.js";
import { setupMarks } from "./marks.js";
import { closeMenus, menuOpen, setupMenus } from "./menus.js";
import { hideCover, showCover } from "./cover.js";
import { setupOrder } from "./order.js";

// 更多: a form sheet over the cover (a plain `#more` target without script).
var sheet = document.getElementById("more");
function closeSheet() {
  sheet.classList.remove("open");
  hideCover();
  if (location.hash === "#more") history.replaceState(history.state, "", location.pathname + location.search);
}
document.getElementById("dock-more").addEventListener("click", function (event) {
  event.preventDefault();
  if (sheet.classList.contains("open")) { closeSheet(); return; }
  sheet.classList.add("open");
  showCover(closeSheet);
});
document.getElementById("more-close").addEventListener("click", function (event) {
  event.preventDefault();
  closeSheet();
});

document.addEventListener("keydown", function (event) {
  if (event.key !== "Escape") return;
  if (menuOpen()) closeMenus();
  else if (detailOpen()) closeDetail();
  else if (citiesOpen()) closeCities();
  else if (sheet.classList.contains("open")) closeSheet();
});

setupMenus();
setupCities();
setupGrid();
setupMarks();
setupOrder();
setupMap();
// The deal's own page (a link, a reload) has the detail in the content.
if (document.querySelector(".detail-page")) setupDetail(document.querySelector(".detail-page"));
