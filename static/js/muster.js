// Muster's few lines of JavaScript. Everything works without them (every form is a
// plain POST, every model a link). With them, edits save as the player types and no
// edit is ever lost; docs/editor.md explains the mechanism:
//
// - A model form posts all of its fields on every save, so a save can never drop a
//   value another field's save carried. Saves queue one after another on #editor
//   (hx-sync), and each takes the form's values when it is sent, not when queued.
// - Answers are morphed in (idiomorph), never swapped wholesale: the field being typed
//   in keeps its value, caret and focus, and any field edited after the save was sent
//   keeps the player's newer value (its own save is already queued).
// - Every save carries the revision of the latest answer, so one tab never needs to
//   resolve a conflict with itself.
(function () {
  "use strict";

  document.documentElement.classList.add("js");

  var edits = 0; // counts the player's edits; a field remembers the number of its last one
  var swapping = null; // the edit count when the answer being swapped in was asked for
  var sentAt = new WeakMap(); // form -> the edit count when its last save was sent

  function saveForm(el) {
    var form = el && el.form;
    return form && form.hasAttribute("hx-post") && form.getAttribute("hx-trigger") ? form : null;
  }

  function edited(event) {
    var el = event.target;
    if (!el || el.hasAttribute("data-no-save") || !el.name) return;
    var form = saveForm(el);
    if (!form) return;
    edits += 1;
    el.setAttribute("data-edit", String(edits));
    if (window.htmx) window.htmx.trigger(form, "edit");
  }
  // "input" fires for every kind of field as the player changes it (a blur's "change"
  // would mark a field edited again after it was saved).
  document.addEventListener("input", edited);

  function newer(node) {
    if (swapping === null || node.nodeType !== 1 || !node.hasAttribute("data-edit")) return false;
    return Number(node.getAttribute("data-edit")) > swapping;
  }

  function configureMorph() {
    if (!window.Idiomorph) return;
    window.Idiomorph.defaults.ignoreActiveValue = true;
    window.Idiomorph.defaults.callbacks.beforeNodeMorphed = function (oldNode) {
      return !newer(oldNode);
    };
    window.Idiomorph.defaults.callbacks.beforeNodeRemoved = function (node) {
      return !newer(node);
    };
  }
  configureMorph();
  document.addEventListener("DOMContentLoaded", configureMorph);

  document.addEventListener("htmx:configRequest", function (event) {
    var params = event.detail.parameters;
    var state = document.getElementById("roster-state");
    if (state && params && params.revision !== undefined && params.revision !== null) {
      params.revision = state.dataset.revision;
    }
    sentAt.set(event.detail.elt, edits);
    // A number field holding text the browser cannot read ("1e1000000", letters) gives
    // an empty value, which would clear the stored one: leave it out of the save, so
    // the stored value is kept (a field not posted keeps its value).
    var elt = event.detail.elt;
    if (params && elt && elt.querySelectorAll) {
      elt.querySelectorAll("input[type=number]").forEach(function (el) {
        if (el.name && el.validity && el.validity.badInput) delete params[el.name];
      });
    }
    // htmx sends the last focused submit button with any request of its form; a
    // stepper, remove or picker button only counts when it was actually pressed.
    var form = event.detail.elt;
    var trigger = event.detail.triggeringEvent;
    var submitOnly = form && form.dataset ? form.dataset.submitOnly : "";
    if (submitOnly && params && (!trigger || trigger.type !== "submit")) {
      submitOnly.split(" ").forEach(function (name) {
        delete params[name];
      });
    }
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    // idiomorph leaves the focused element alone; that must only protect a field being
    // typed in, never a pressed button whose label the answer changes.
    var active = document.activeElement;
    if (window.Idiomorph) {
      window.Idiomorph.defaults.ignoreActiveValue = !!active && /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName);
    }
    var elt = event.detail.requestConfig ? event.detail.requestConfig.elt : null;
    swapping = elt && sentAt.has(elt) ? sentAt.get(elt) : edits;
  });
  document.addEventListener("htmx:afterSettle", function () {
    swapping = null;
    var editor = document.getElementById("editor");
    var id = editor ? editor.getAttribute("data-focus") : null;
    if (id) {
      editor.removeAttribute("data-focus");
      var target = document.getElementById(id);
      if (target && !target.disabled) target.focus();
    }
  });

  // Opening another model (or any link or button in the editor) first sends the open
  // model's unsaved edits: the save is queued ahead of the navigation, never dropped.
  document.addEventListener(
    "click",
    function (event) {
      var link = event.target.closest ? event.target.closest("#editor a[href], #editor button") : null;
      var form = document.getElementById("model-form");
      if (!link || !form || form.contains(link) || !pending()) return;
      form.requestSubmit();
    },
    true
  );

  // Steppers: with JavaScript a click changes the number at once and the save follows
  // a pause, so quick clicks all count. Without JavaScript the button posts bump=MA:1
  // and the server steps the saved value.
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
    // Attribute points (Iron & Honor p.16): each step above the base spends one; the
    // fieldset says how many are left, so quick clicks cannot overspend.
    var points = button.closest("[data-left]");
    var left = points ? parseInt(points.getAttribute("data-left"), 10) : NaN;
    if (!isNaN(left)) {
      var base = isNaN(min) ? value : min;
      var cost = Math.max(0, next - base) - Math.max(0, value - base);
      if (cost > left) return;
      points.setAttribute("data-left", String(left - cost));
    }
    input.value = String(next);
    if (!isNaN(left)) {
      // The + steppers are off while no point is left (the answer says the same).
      var none = left - cost <= 0;
      points.querySelectorAll("button[name=bump][value$=':1']").forEach(function (up) {
        var field = up.form.elements[up.value.split(":")[0]];
        var top = field ? parseInt(field.dataset.max, 10) : NaN;
        up.disabled = none || (!isNaN(top) && parseInt(field.value, 10) >= top);
      });
      if (button.disabled) input.focus(); // the pressed + is off now: stay at its field
    }
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });

  // Picker: with JavaScript a pick becomes a field of the model form at once (so it is
  // saved with everything else typed so far); without, the button posts add_trait.
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest(".picker button[name^=add_]") : null;
    if (!button || !button.form || !window.htmx || button.disabled) return;
    event.preventDefault();
    var field = document.createElement("input");
    field.type = "hidden";
    field.name = button.name.slice(4);
    field.value = button.value;
    var chosen = button.form.querySelector(".chips") || button.form;
    chosen.appendChild(field);
    button.disabled = true;
    // The pressed button is now disabled: keep the keyboard in the picker, at its search.
    var search = button.closest(".picker").querySelector(".pick-search");
    if (search) search.focus();
    field.dispatchEvent(new Event("input", { bubbles: true }));
  });

  // Escape in a picker closes it (its "Done" link); the focus goes back to the link
  // that opened it.
  var focusAfter = null;
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape" || !event.target.closest) return;
    var picker = event.target.closest(".picker");
    var done = picker ? picker.querySelector("a.picker-done") : null;
    if (!done) return;
    event.preventDefault();
    var kind = picker.querySelector("input[name=pick]");
    if (kind) focusAfter = picker.id.replace(/-picker$/, "-pick-" + kind.value);
    done.click();
  });

  // Escape on a phone's model sheet goes back to the warband, as its Back link does
  // (a picker's Escape, above, comes first; a field keeps Escape for itself).
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    var target = event.target;
    if (target && target.matches && target.matches("input, select, textarea")) return;
    var back = document.querySelector("#model-pane .back a");
    if (!back || back.offsetParent === null) return; // wide screens show no Back link
    event.preventDefault();
    back.click();
  });

  // Keep the keyboard's place: after an answer, a focus lost (the pressed stepper now
  // disabled, the row that opened a phone's model sheet now hidden) goes to the nearest
  // sensible place: the stepper's field, the opener, the open model's heading.
  var focusedBefore = null;
  document.addEventListener("htmx:beforeSwap", function () {
    focusedBefore = document.activeElement;
  });
  document.addEventListener("htmx:afterSettle", function () {
    var wanted = focusAfter ? document.getElementById(focusAfter) : null;
    focusAfter = null;
    if (wanted) {
      wanted.focus();
      return;
    }
    var now = document.activeElement;
    if (now && now !== document.body && now.offsetParent !== null && !now.disabled) return;
    var before = focusedBefore;
    if (!before || before === document.body) return; // nothing had the focus: leave it so
    if (before.name === "bump" && before.form) {
      var field = before.form.elements[before.value.split(":")[0]];
      if (field) return field.focus();
    }
    var heading = document.querySelector("#model-open h2[tabindex]");
    if (heading) heading.focus();
  });

  // A paste longer than a field's maxlength would be cut short without a word: let it
  // in whole, so that its save answers at the field with the limit ("at most 100
  // characters") and nothing the player pasted is silently lost.
  document.addEventListener(
    "paste",
    function (event) {
      var el = event.target;
      if (!el || !(el.maxLength > 0) || !event.clipboardData) return;
      var selected = Math.abs((el.selectionEnd || 0) - (el.selectionStart || 0));
      var pasted = event.clipboardData.getData("text").length;
      if (el.value.length - selected + pasted > el.maxLength) el.removeAttribute("maxlength");
    },
    true
  );

  // Picker search: show only the rows whose name holds what was typed; again after each
  // answer, which redraws the rows while the search box keeps its text.
  document.addEventListener("input", function (event) {
    if (event.target.matches && event.target.matches("input[data-filter]")) filter(event.target);
  });
  document.addEventListener("htmx:afterSettle", function () {
    document.querySelectorAll("input[data-filter]").forEach(function (box) {
      if (box.value) filter(box);
    });
  });
  function filter(box) {
    var scope = document.getElementById(box.getAttribute("data-filter"));
    if (!scope) return;
    var words = box.value.trim().toLowerCase();
    scope.querySelectorAll("[data-name]").forEach(function (row) {
      row.hidden = words !== "" && row.getAttribute("data-name").indexOf(words) === -1;
    });
    scope.querySelectorAll("fieldset").forEach(function (group) {
      group.hidden = group.querySelector("[data-name]:not([hidden])") === null;
    });
    // Say so when nothing matches, rather than show an empty picker.
    var none = box.nextElementSibling;
    if (!none || !none.classList.contains("pick-none")) {
      none = document.createElement("p");
      none.className = "pick-none muted";
      none.setAttribute("role", "status");
      box.insertAdjacentElement("afterend", none);
    }
    var found = scope.querySelector("[data-name]:not([hidden])") !== null;
    none.hidden = found;
    none.textContent = found ? "" : "No name holds \u201c" + box.value.trim() + "\u201d: try fewer letters.";
  }

  // Copy link: the link is a read-only text field anyone can select; the button copies it.
  document.querySelectorAll("button[data-copy]").forEach(function (b) {
    b.hidden = false;
  });
  document.addEventListener("htmx:afterSettle", function () {
    document.querySelectorAll("button[data-copy][hidden]").forEach(function (b) {
      b.hidden = false;
    });
  });
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button[data-copy]") : null;
    if (!button) return;
    var field = document.querySelector(button.getAttribute("data-copy"));
    var status = document.getElementById("share-copied");
    if (!field) return;
    var done = function () {
      if (status) status.textContent = "Link copied.";
      button.textContent = "Copied";
    };
    field.select();
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(field.value).then(done, function () {
        if (status) status.textContent = "Could not copy: the link is selected, press Ctrl+C.";
      });
    } else {
      done();
    }
  });

  // Two tabs: a save refused as stale (409) is answered with the model as it is now.
  // The fields the player changed go back over it, unsaved, for "Apply my change on
  // top" to send; everything else shows what the other tab saved.
  var refused = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    var form = document.getElementById("model-form");
    if (event.detail.xhr.status !== 409 || !form) return;
    refused = [];
    form.querySelectorAll("[data-edit]").forEach(function (el) {
      refused.push({ id: el.id, name: el.name, type: el.type, value: el.value, checked: el.checked, edit: el.getAttribute("data-edit") });
    });
  });
  document.addEventListener("htmx:afterSettle", function () {
    var kept = refused;
    refused = null;
    var form = document.getElementById("model-form");
    if (!kept || !form) return;
    kept.forEach(function (f) {
      var el = f.id ? document.getElementById(f.id) : null;
      if (!el && f.type === "hidden" && f.name) {
        // A pick from the picker: a hidden field of its own, unless it is still there.
        var same = Array.prototype.some.call(form.querySelectorAll("input[type=hidden]"), function (h) {
          return h.name === f.name && h.value === f.value;
        });
        if (same) return;
        el = document.createElement("input");
        el.type = "hidden";
        el.name = f.name;
        (form.querySelector(".chips") || form).appendChild(el);
      }
      if (!el || el.form !== form) return;
      if (f.type === "checkbox" || f.type === "radio") el.checked = f.checked;
      else el.value = f.value;
      el.setAttribute("data-edit", f.edit);
    });
    // The refusal sits at the top of the card: bring it into view (a stepper pressed
    // further down on a phone would leave it off screen).
    var notice = document.querySelector("#model-open .notice.conflict");
    if (notice) {
      var box = notice.getBoundingClientRect();
      if (box.top < 0 || box.bottom > window.innerHeight) notice.scrollIntoView({ block: "center" });
    }
  });

  // Browser Back or Forward while a save waits (typing saves after a pause): send the
  // save first, then show the page history moved to. Left to htmx, its history restore
  // would race the save, and could show the old value or lose the change.
  var leaving = false;
  window.addEventListener(
    "popstate",
    function (event) {
      var form = document.getElementById("model-form");
      if (!form || !window.htmx || !pending()) return;
      event.stopImmediatePropagation(); // before htmx's own onpopstate
      var there = location.href;
      var here = form.getAttribute("hx-post");
      form.addEventListener(
        "htmx:afterRequest",
        function (after) {
          if (after.detail.successful) {
            leaving = true;
            window.setTimeout(function () {
              location.replace(there);
            }, 0);
          } else {
            // Not saved (its reason is at the field): stay, with the address that fits.
            history.pushState({ htmx: true }, "", here);
          }
        },
        { once: true }
      );
      form.requestSubmit();
    },
    true
  );

  // A change is saved after a short pause; leaving the page before then would drop
  // it, so ask first while a save is waiting or in flight.
  window.addEventListener("beforeunload", function (event) {
    if (leaving) return;
    if (document.querySelector(".htmx-request") || pending()) {
      event.preventDefault();
      event.returnValue = "";
    }
  });
  function pending() {
    var form = document.getElementById("model-form");
    return form ? waiting(form) : false;
  }
  function waiting(form) {
    return (sentAt.get(form) || 0) < maxEdit(form);
  }

  // A plain link (Print, History, Play, an export) followed while a save waits for its
  // pause: send the waiting saves now and follow the link once they are answered, so a
  // name typed just before pressing Print is saved and printed. A save that is refused
  // keeps the player on the page, its reason at the field.
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a[href]") : null;
    if (!link || event.defaultPrevented || event.button !== 0 || !window.htmx) return;
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || link.target) return;
    if (link.hasAttribute("hx-get") || link.closest("[hx-boost='true']")) return;
    if ((link.getAttribute("href") || "").charAt(0) === "#") return;
    var forms = Array.prototype.filter.call(document.querySelectorAll("form[hx-post][hx-trigger]"), waiting);
    if (!forms.length) return;
    event.preventDefault();
    var left = forms.length;
    forms.forEach(function (form) {
      form.addEventListener(
        "htmx:afterRequest",
        function (after) {
          if (!after.detail.successful) return;
          left -= 1;
          if (left === 0) {
            leaving = true;
            location.assign(link.href);
          }
        },
        { once: true }
      );
      form.requestSubmit();
    });
  });
  function maxEdit(form) {
    var most = 0;
    form.querySelectorAll("[data-edit]").forEach(function (el) {
      most = Math.max(most, Number(el.getAttribute("data-edit")));
    });
    return most;
  }

  // Undo and Redo pressed quickly, by click or key: each press waits for the answer to
  // the one before, which brings the revision the next one must name (sent together,
  // the second would be refused as stale).
  var steps = [];
  document.addEventListener(
    "click",
    function (event) {
      var button = event.target.closest ? event.target.closest("#undo-button, #redo-button") : null;
      if (!button || !busy()) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      steps.push(button.id);
    },
    true
  );
  document.addEventListener("htmx:afterSettle", function () {
    if (!steps.length || busy()) return;
    var next = document.getElementById(steps.shift());
    if (next && !next.disabled) next.click();
    else steps = [];
  });
  function busy() {
    return !!document.querySelector("#editor.htmx-request, #editor .htmx-request");
  }

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
