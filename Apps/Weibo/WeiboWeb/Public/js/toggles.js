import { fragment, post } from "./net.js";
import { toast } from "./overlays.js";

// Like and follow toggle in place: the server answers with the new button.
export function setupToggles() {
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var like = form.getAttribute("data-like");
    var follow = form.getAttribute("data-follow");
    var favorite = form.getAttribute("data-favorite");
    if (!like && !follow && !favorite) return;
    event.preventDefault();
    var button = form.querySelector("button");
    if (button) button.disabled = true;
    post(form).then(function (html) {
      // Follow and 特别关注 answer with the whole follow box; like and 收藏 with their own form.
      var selector = like ? 'form[data-like="' + like + '"]'
        : follow ? '.follow-box[data-follow-box="' + follow + '"]' : 'form[data-favorite="' + favorite + '"]';
      document.querySelectorAll(selector).forEach(function (old) {
        var inProfile = old.closest("#profile");
        var replacement = fragment(html).firstElementChild;
        if (replacement) old.replaceWith(replacement);
        var followers = replacement && replacement.getAttribute("data-followers");
        var count = document.getElementById("followers-count");
        if (followers && count && inProfile) count.textContent = followers;
      });
    }).catch(function () {
      if (button) button.disabled = false;
      toast("操作失败，请稍后再试");
    });
  });
}
