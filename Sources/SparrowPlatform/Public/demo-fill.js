// The authorize page's 填充 button: types the demo account into the sign-in fields.
const button = document.getElementById("fill");
if (button) {
  button.addEventListener("click", () => {
    document.getElementById("userId").value = button.dataset.username || "";
    document.getElementById("passwd").value = button.dataset.password || "";
  });
}
