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
