// Muster's few lines of JavaScript. Everything works without them; they make htmx
// edits carry the latest revision, keep <details> open and the focus in place across
// swaps, warn before leaving while a save is in flight, and bind Ctrl+Z / Ctrl+Shift+Z.
(function () {
  "use strict";

  // Every edit names the revision it was made against. Forms carry it for plain
  // POSTs; with htmx the page's current revision (updated by each response) wins.
  document.addEventListener("htmx:configRequest", function (event) {
    var state = document.getElementById("roster-state");
    var params = event.detail.parameters;
    if (!params) return;
    if (state && params.revision !== undefined && params.revision !== null) {
      params.revision = state.dataset.revision;
    }
    // htmx sends the last focused submit button with any request of its form; a
    // stepper or remove button only counts when it was actually pressed.
    var form = event.detail.elt;
    var trigger = event.detail.triggeringEvent;
    var submitOnly = form && form.dataset ? form.dataset.submitOnly : "";
    if (submitOnly && (!trigger || trigger.type !== "submit")) {
      submitOnly.split(" ").forEach(function (name) {
        delete params[name];
      });
    }
  });

  // Steppers: with JavaScript a click changes the number at once and the save waits
  // for a pause ("stepped" is debounced on the form), so quick clicks all count.
  // Without JavaScript the button posts bump=MA:1 and the server steps the saved value.
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button[name=bump]") : null;
    if (!button || !button.form || !window.htmx) return;
    var parts = button.value.split(":");
    var input = button.form.elements[parts[0]];
    var value = input ? parseInt(input.value, 10) : NaN;
    if (isNaN(value)) return;
    event.preventDefault();
    var next = value + parseInt(parts[1], 10);
    var min = parseInt(input.dataset.min, 10);
    var max = parseInt(input.dataset.max, 10);
    if ((!isNaN(min) && next < min) || (!isNaN(max) && next > max)) return;
    input.value = String(next);
    input.dispatchEvent(new Event("stepped", { bubbles: true }));
  });

  var openDetails = [];
  var focusId = null;
  document.addEventListener("htmx:beforeSwap", function () {
    openDetails = Array.prototype.map.call(document.querySelectorAll("details[id][open]"), function (d) {
      return d.id;
    });
    var active = document.activeElement;
    focusId = active && active.id ? active.id : null;
  });
  document.addEventListener("htmx:afterSwap", function () {
    openDetails.forEach(function (id) {
      var d = document.getElementById(id);
      if (d) d.open = true;
    });
  });
  document.addEventListener("htmx:afterSettle", function () {
    var active = document.activeElement;
    if (focusId && (!active || active === document.body)) {
      var again = document.getElementById(focusId);
      if (again && !again.disabled) again.focus();
    }
  });

  // A change is saved when the field loses focus; leaving the page at that moment
  // would drop it, so ask first while a save is still in flight.
  window.addEventListener("beforeunload", function (event) {
    if (document.querySelector(".htmx-request")) {
      event.preventDefault();
      event.returnValue = "";
    }
  });

  document.addEventListener("keydown", function (event) {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    var key = event.key.toLowerCase();
    if (key !== "z" && key !== "y") return;
    var target = event.target;
    if (target && target.matches && target.matches("input:not([type=checkbox]):not([type=radio]), textarea")) return;
    var redo = key === "y" || event.shiftKey;
    var button = document.getElementById(redo ? "redo-button" : "undo-button");
    if (button && !button.disabled) {
      event.preventDefault();
      button.click();
    }
  });
})();
