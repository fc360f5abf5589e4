// The order page: the stepper keeps the quantity within 1…max and the total follows it.

function yuan(cents) {
  var whole = Math.floor(cents / 100), rest = cents % 100;
  if (rest === 0) return String(whole);
  return rest % 10 === 0 ? whole + "." + rest / 10 : whole + "." + (rest < 10 ? "0" : "") + rest;
}

export function setupOrder() {
  var form = document.getElementById("order-form");
  if (!form) return;
  var input = form.querySelector("#quantity");
  var unit = Number(form.getAttribute("data-unit"));
  function update(value) {
    var n = Math.min(Math.max(Math.round(Number(value)) || 1, 1), Number(input.max));
    input.value = n;
    form.querySelector("#total").textContent = yuan(unit * n);
  }
  form.querySelectorAll(".step").forEach(function (button) {
    button.addEventListener("click", function () { update(Number(input.value) + Number(button.getAttribute("data-step"))); });
  });
  input.addEventListener("change", function () { update(input.value); });
}
