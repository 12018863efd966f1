// Muster's few lines of JavaScript. Everything works without them; they make htmx
// edits carry the latest revision, keep <details> open across swaps, and bind
// Ctrl+Z / Ctrl+Shift+Z to Undo / Redo.
(function () {
  "use strict";

  // Every edit names the revision it was made against. Forms carry it for plain
  // POSTs; with htmx the page's current revision (updated by each response) wins.
  document.addEventListener("htmx:configRequest", function (event) {
    var state = document.getElementById("roster-state");
    var params = event.detail.parameters;
    if (!state || !params) return;
    if (params.revision !== undefined && params.revision !== null) {
      params.revision = state.dataset.revision;
    }
  });

  var openDetails = [];
  document.addEventListener("htmx:beforeSwap", function () {
    openDetails = Array.prototype.map.call(document.querySelectorAll("details[id][open]"), function (d) {
      return d.id;
    });
  });
  document.addEventListener("htmx:afterSettle", function () {
    openDetails.forEach(function (id) {
      var d = document.getElementById(id);
      if (d) d.open = true;
    });
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
