// Muster's few lines of JavaScript. Everything works without them (every form is a
// plain POST, every model a link). With them, edits save as the player makes them and
// no edit is ever lost; docs/editor.md explains the mechanism:
//
// - A model form posts all of its fields on every save, so a save can never drop a
//   value another field's save carried. Saves queue one after another on #editor
//   (hx-sync), and each takes the form's values when it is sent, not when queued.
// - A choice is sent at once, typing 300 ms after the last key or on leaving the field.
// - Any other request (a picker, a row, Undo, a link...) first sends the waiting saves
//   and goes once they are answered and accepted.
// - Answers are morphed in (idiomorph), never swapped wholesale: the field being typed
//   in keeps its value, caret and focus, and any field edited after the save was sent
//   keeps the player's newer value (its own save is already queued).
// - Every save carries the revision of the latest answer, so one tab never needs to
//   resolve a conflict with itself; after another tab's change, the refused fields are
//   held, unsaved, until "Apply my change on top".
(function () {
  "use strict";

  document.documentElement.classList.add("js");

  var TYPING_PAUSE = 300; // ms after the last key before typing is sent
  var edits = 0; // counts the player's edits; a field remembers the number of its last one
  var swapping = null; // the edit count when the answer being swapped in was asked for
  var sentAt = new WeakMap(); // element -> the edit count when its last request was sent
  var waiting = new WeakMap(); // save form -> when its save was issued, until it is sent
  var issued = new WeakSet(); // the events whose save went to htmx (queued or sent)
  var timers = new WeakMap(); // save form -> the typing pause's timer
  var served = new WeakMap(); // an edited field -> what the latest answer held for it
  var held = []; // fields put back after a refused (409) save: {el, theirs}; see "Two tabs"
  var adding = null; // the press of "Add" that is on its way (sent, or waiting for saves)

  // A save form posts itself as the player edits it: the model's form and the warband's
  // options (both have hx-post and hx-trigger).
  function isSaveForm(form) {
    return !!form && form.tagName === "FORM" && form.hasAttribute("hx-post") && form.hasAttribute("hx-trigger");
  }
  function saveForm(el) {
    var form = el && el.form;
    return isSaveForm(form) ? form : null;
  }
  function typing(el) {
    return el.tagName === "TEXTAREA" || (el.tagName === "INPUT" && !/^(checkbox|radio|hidden|submit|button)$/.test(el.type));
  }

  // Every edit is numbered. A choice (tick, select, stepper, pick) is sent at once;
  // typing shortly after the last key, and when the player leaves the field.
  function markEdited(el) {
    edits += 1;
    el.setAttribute("data-edit", String(edits));
    held = held.filter(function (h) {
      return h.el !== el; // edited again: a new change of the player's, saved as usual
    });
  }
  function edited(event) {
    var el = event.target;
    if (!el || el.hasAttribute("data-no-save") || !el.name) return;
    var form = saveForm(el);
    if (!form) return;
    markEdited(el);
    if (typing(el)) later(form);
    else save(form);
  }
  // "input" fires for every kind of field as the player changes it (a blur's "change"
  // would mark a field edited again after it was saved).
  document.addEventListener("input", edited);
  document.addEventListener("change", function (event) {
    var form = saveForm(event.target);
    if (form && pending(form)) save(form); // left the field: no need to wait
  });

  function later(form) {
    window.clearTimeout(timers.get(form));
    timers.set(
      form,
      window.setTimeout(function () {
        timers.delete(form);
        save(form);
      }, TYPING_PAUSE)
    );
  }
  // Send the form's save now (htmx queues it behind any request in flight, and it takes
  // the form's values when it leaves).
  function save(form) {
    window.clearTimeout(timers.get(form));
    timers.delete(form);
    if (!window.htmx || !document.body.contains(form)) return;
    form.requestSubmit();
  }

  function pending(form) {
    if (!form) return false;
    if (timers.has(form)) return true;
    return (sentAt.get(form) || 0) < maxEdit(form);
  }
  function maxEdit(form) {
    var most = 0;
    Array.prototype.forEach.call(form.elements, function (el) {
      if (el.hasAttribute("data-edit")) most = Math.max(most, Number(el.getAttribute("data-edit")));
    });
    return most;
  }
  function pendingForms() {
    return Array.prototype.filter.call(document.querySelectorAll("form[hx-post][hx-trigger]"), pending);
  }

  // Run ``then`` once every save of ``forms`` has been sent and answered, or not at all
  // when one of them was refused (a bad value at its field, another tab's change): the
  // player then sees why, and what they typed is still there.
  function afterSaves(forms, then) {
    var left = forms.length;
    var ok = true;
    forms.forEach(function (form) {
      var done = function (event) {
        var status = event.detail.xhr ? event.detail.xhr.status : 0;
        if (status >= 200 && status < 300 && pending(form)) {
          save(form); // edited again meanwhile: that save too
          return;
        }
        form.removeEventListener("htmx:afterRequest", done);
        ok = ok && status >= 200 && status < 300;
        left -= 1;
        if (left === 0 && ok) then();
      };
      form.addEventListener("htmx:afterRequest", done);
      save(form);
    });
  }

  function newer(node) {
    if (node.nodeType !== 1) return false;
    if (isHeld(node)) return true;
    if (swapping === null || !node.hasAttribute("data-edit")) return false;
    return Number(node.getAttribute("data-edit")) > swapping;
  }

  function configureMorph() {
    if (!window.Idiomorph) return;
    window.Idiomorph.defaults.ignoreActiveValue = true;
    window.Idiomorph.defaults.callbacks.beforeNodeMorphed = function (oldNode, newNode) {
      if (oldNode.nodeType === 1 && newNode && newNode.nodeType === 1) {
        if (oldNode.hasAttribute("data-edit")) served.set(oldNode, state(newNode, true));
        held.forEach(function (h) {
          if (h.el === oldNode) h.theirs = state(newNode, true); // what is saved now
        });
      }
      return !newer(oldNode);
    };
    window.Idiomorph.defaults.callbacks.beforeAttributeUpdated = function (name, node) {
      // A <details> on an event page the player opened or closed stays so when the page
      // redraws itself (followEvent, below).
      return !(name === "open" && node.tagName === "DETAILS" && node.closest("#event-live"));
    };
    window.Idiomorph.defaults.callbacks.beforeNodeRemoved = function (node) {
      if (held.length && node.nodeType === 1 && node.matches(".notice.conflict")) return false; // its Apply is still needed
      return !newer(node);
    };
  }
  configureMorph();
  document.addEventListener("DOMContentLoaded", configureMorph);

  // Every request the editor makes (a picker, Done, a row, Back, Undo, Redo, History,
  // duplicate, remove...) first sends the saves that wait, and goes only once they are
  // answered and accepted: it can then never overtake them, nor redraw a field with a
  // value older than the one typed.
  document.addEventListener("htmx:confirm", function (event) {
    var elt = event.detail.elt;
    var trigger = event.detail.triggeringEvent;
    if (isSaveForm(elt)) {
      if (issued.has(trigger)) return; // its turn in htmx's queue: send it, never drop it there
      var queued = waiting.get(elt);
      if (queued && performance.now() - queued < 10000) {
        event.preventDefault(); // one save already waits: it will carry these values too
        return;
      }
      var pressed = trigger && trigger.type === "submit" && trigger.submitter;
      if (!pressed && !pending(elt)) {
        event.preventDefault(); // nothing new to send
        return;
      }
      if (trigger) issued.add(trigger);
      waiting.set(elt, performance.now());
      return;
    }
    // One press of "Add" adds one model ("How many" adds several): a second press while
    // the first is on its way (a double tap) is dropped. htmx asks again for the same
    // press when its turn in the queue comes.
    if (elt.id === "add-model") {
      if (adding && adding !== trigger) {
        event.preventDefault();
        return;
      }
      adding = trigger;
    }
    var forms = pendingForms();
    if (!forms.length) return;
    event.preventDefault();
    afterSaves(forms, function () {
      if (document.body.contains(elt)) event.detail.issueRequest(true);
      else {
        adding = null; // pressed again on the form that replaced it
        var again = counterpart(elt);
        if (again) again.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
      }
    });
  });

  // The add is answered, or a save before it was refused (the add is then not sent).
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.elt.id === "add-model" || !event.detail.successful) adding = null;
  });

  // The element a morph put in place of ``elt`` (same id, or same request).
  function counterpart(elt) {
    if (elt.id) return document.getElementById(elt.id);
    var attrs = ["hx-get", "hx-post", "href"];
    for (var i = 0; i < attrs.length; i++) {
      var value = elt.getAttribute(attrs[i]);
      if (value === null) continue;
      var found = Array.prototype.filter.call(document.querySelectorAll(elt.tagName), function (e) {
        return e.getAttribute(attrs[i]) === value && e.name === elt.name && e.value === elt.value;
      });
      if (found.length === 1) return found[0];
    }
    return null;
  }

  // A plain link (History, a sheet, an export, the site's menu) leaves the page: the
  // waiting saves are sent first, then the browser follows it.
  var leaving = false;
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a[href]") : null;
    if (!link || event.defaultPrevented || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    if (link.target || link.hasAttribute("download") || link.hasAttribute("hx-get") || link.closest("[hx-boost=true]")) return;
    var href = link.getAttribute("href");
    if (!href || href.charAt(0) === "#") return;
    var forms = pendingForms();
    if (!forms.length) return;
    event.preventDefault();
    afterSaves(forms, function () {
      leaving = true;
      window.location.assign(link.href);
    });
  });

  document.addEventListener("htmx:configRequest", function (event) {
    var params = event.detail.parameters;
    var state = document.getElementById("roster-state");
    if (state && params && params.revision !== undefined && params.revision !== null) {
      params.revision = state.dataset.revision;
    }
    var elt = event.detail.elt;
    sentAt.set(elt, edits);
    waiting.delete(elt);
    // A number field holding text the browser cannot read ("1e1000000", letters) gives
    // an empty value, which would clear the stored one: leave it out of the save, so
    // the stored value is kept (a field not posted keeps its value).
    if (params && elt && elt.querySelectorAll) {
      elt.querySelectorAll("input[type=number]").forEach(function (el) {
        if (el.name && el.validity && el.validity.badInput) delete params[el.name];
      });
    }
    // htmx sends the last focused submit button with any request of its form; a
    // stepper, remove or picker button only counts when it was actually pressed.
    var trigger = event.detail.triggeringEvent;
    var submitOnly = elt && elt.dataset ? elt.dataset.submitOnly : "";
    var pressed = trigger && trigger.type === "submit" && trigger.submitter ? trigger.submitter.name : null;
    if (submitOnly && params) {
      submitOnly.split(" ").forEach(function (name) {
        if (name !== pressed) delete params[name];
      });
    }
    if (held.length && elt.id === "model-form" && event.detail.formData) withTheirs(elt, event.detail.formData);
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
    served = new WeakMap();
    if (held.length && !sameModel(event.detail.serverResponse)) held = []; // another model: the refused change is given up
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

  // Steppers: with JavaScript a click changes the number at once and is sent at once;
  // quick clicks all count (a save waiting in the queue takes the latest number). Without
  // JavaScript the button posts bump=MA:1 and the server steps the saved value.
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
    // Attribute points (Iron & Honor p.16): each step above the base spends one, and
    // none is spent that is not left, so quick clicks cannot overspend.
    var points = button.closest("[data-left]");
    var left = points ? pointsLeft(points) : NaN;
    var counted = !isNaN(left);
    if (points && !counted) left = parseInt(points.getAttribute("data-left"), 10); // as drawn
    var cost = 0;
    if (!isNaN(left)) {
      var base = isNaN(min) ? value : min;
      cost = Math.max(0, next - base) - Math.max(0, value - base);
      if (cost > left) return;
    }
    input.value = String(next);
    if (!isNaN(left)) {
      drawPoints(points, counted ? pointsLeft(points) : left - cost);
      if (button.disabled) input.focus(); // the pressed stepper is off now: stay at its field
    }
    markEdited(input);
    if (saveForm(input)) save(saveForm(input)); // a choice: sent at once
  });

  // The points left and the steppers follow the values shown, always: after a click, a
  // key typed in an attribute, and every answer. An answer to an earlier click draws
  // them as the server saw that click, while the fields of the clicks since are kept
  // (the morph leaves newer fields alone); so they are worked out again, from scratch,
  // from the points the model has (data-available) and the values shown. Worked out,
  // never adjusted: htmx announces one answer once per part it swaps (the card and
  // each out-of-band part), and doing it again changes nothing.
  function whole(input) {
    var text = input ? input.value.trim() : "";
    return /^[0-9]{1,4}$/.test(text) ? parseInt(text, 10) : NaN;
  }
  // The points left with the values shown: NaN when one of them is not a whole number
  // the type allows (its save will be refused, the stored value kept) or the model's
  // points are unknown; the fieldset then stays as the answer drew it.
  function pointsLeft(points) {
    var left = parseInt(points.getAttribute("data-available"), 10);
    var fields = points.querySelectorAll("input[data-min]");
    for (var i = 0; i < fields.length && !isNaN(left); i++) {
      var value = whole(fields[i]);
      var base = parseInt(fields[i].dataset.min, 10);
      var top = parseInt(fields[i].dataset.max, 10);
      if (isNaN(value) || isNaN(base) || value < base || (!isNaN(top) && value > top)) return NaN;
      left -= value - base;
    }
    return left;
  }
  function drawPoints(points, left) {
    if (isNaN(left)) return;
    points.setAttribute("data-left", String(left));
    var text = points.querySelector(".points-left");
    var available = points.getAttribute("data-available");
    if (text && available !== null) {
      var n = Math.abs(left);
      text.textContent = n + (n === 1 ? " point" : " points") + (left < 0 ? " over the " : " left of ") + available;
    }
    points.querySelectorAll("button[name=bump]").forEach(function (b) {
      var parts = b.value.split(":");
      var field = b.form ? b.form.elements[parts[0]] : null;
      var value = whole(field);
      if (isNaN(value)) return; // a value being typed: as drawn
      var min = parseInt(field.dataset.min, 10);
      var max = parseInt(field.dataset.max, 10);
      if (parts[1] === "-1") b.disabled = !isNaN(min) && value <= min;
      else b.disabled = left <= 0 || (!isNaN(max) && value >= max);
    });
  }
  function recount() {
    document.querySelectorAll("[data-left][data-available]").forEach(function (points) {
      drawPoints(points, pointsLeft(points));
    });
  }
  document.addEventListener("htmx:afterSwap", recount);
  document.addEventListener("htmx:historyRestore", recount);
  window.addEventListener("pageshow", recount); // a page the browser kept, its fields as left
  document.addEventListener("input", function (event) {
    if (event.target.closest && event.target.closest("[data-left][data-available]")) recount();
  });

  // An answer to a save keeps the control the player is using where it is on the
  // screen. The answer changes the height of what is above it (the card's issues come
  // and go with the points left, the totals bar wraps): left alone, the steppers would
  // jump under the player's finger as it lands, and the next quick tap would hit the
  // row above or below. The page scrolls by what the control moved, before the answer
  // is painted, as the browser's own scroll anchoring does (which does nothing at the
  // top of a page, where a model opens).
  var pressed = null; // the control last pressed, tapped or given the keyboard's focus
  ["pointerdown", "click", "focusin"].forEach(function (type) {
    document.addEventListener(
      type,
      function (event) {
        var el = event.target && event.target.closest ? event.target.closest("button, a, input, select, textarea, label") : null;
        if (el) pressed = el;
      },
      true
    );
  });
  var anchor = null; // {el, top}: the control in view as an answer is swapped in
  document.addEventListener("htmx:beforeSwap", function (event) {
    anchor = null;
    var asked = event.detail.requestConfig ? event.detail.requestConfig.elt : null;
    if (!isSaveForm(asked)) return; // a picker, a model, the warband: a new view, its own place
    var el = pressed && pressed.isConnected ? pressed : null;
    if (!el || !el.closest("#editor")) return;
    var box = el.getBoundingClientRect();
    if (box.height && box.bottom > 0 && box.top < window.innerHeight) anchor = { el: el, top: box.top };
  });
  // htmx announces a swap once per part (the card, then each out-of-band part), all
  // swapped by then: the first announcement keeps the place.
  document.addEventListener("htmx:afterSwap", function () {
    var kept = anchor;
    anchor = null;
    if (!kept) return;
    var el = kept.el.isConnected ? kept.el : kept.el.id ? document.getElementById(kept.el.id) : null;
    if (!el) return;
    var box = el.getBoundingClientRect();
    var moved = box.top - kept.top;
    if (box.height && Math.abs(moved) >= 1) scroller(el).scrollBy(0, moved);
  });
  function scroller(el) {
    for (var up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      var overflow = window.getComputedStyle(up).overflowY;
      if ((overflow === "auto" || overflow === "scroll") && up.scrollHeight > up.clientHeight) return up;
    }
    return window;
  }

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
      // Plain http (a club's LAN, docs/play.md "At the club") has no Clipboard API: the
      // older copy of the selection, else the player is told to copy it.
      var copied = false;
      try { copied = document.execCommand("copy"); } catch (e) { copied = false; }
      if (copied) done();
      else if (status) status.textContent = "The link is selected: copy it with your browser's Copy.";
    }
  });

  // Two tabs: a save refused as stale (409) is answered with the model as it is now.
  // The fields the player changed go back over it, unsaved ("held"): until "Apply my
  // change on top" is pressed, later saves send what the other tab saved for them (so
  // nothing of the refused change is saved), answers leave them alone and the refusal
  // with its button stays. Editing a held field again makes it a new change, saved as
  // usual; opening another model gives the refused change up.
  var refused = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    var form = document.getElementById("model-form");
    if (event.detail.xhr.status !== 409 || !form) return;
    refused = [];
    form.querySelectorAll("[data-edit]").forEach(function (el) {
      refused.push({ id: el.id, name: el.name, type: el.type, value: el.value, checked: el.checked, edit: el.getAttribute("data-edit"), el: el });
    });
  });
  document.addEventListener("htmx:afterSettle", function () {
    var kept = refused;
    refused = null;
    var form = document.getElementById("model-form");
    if (!kept || !form) return;
    held = [];
    kept.forEach(function (f) {
      var el = f.id ? document.getElementById(f.id) : f.el.isConnected && f.el.form === form ? f.el : null;
      // What the other tab saved for the field: as the answer drew it, or, for a field
      // typed in while the refused save was out (the morph left it alone), as the answer
      // held it; a pick of the player's is not in theirs.
      var theirs = null;
      if (!el && f.type === "hidden" && f.name) {
        var same = Array.prototype.some.call(form.querySelectorAll("input[type=hidden]"), function (h) {
          return h.name === f.name && h.value === f.value;
        });
        if (same) return; // the other tab picked it too
        el = document.createElement("input");
        el.type = "hidden";
        el.name = f.name;
        (form.querySelector(".chips") || form).appendChild(el);
      } else if (el && (f.id || f.type !== "hidden")) {
        theirs = served.has(el) ? served.get(el) : state(el); // the focused field keeps its text
      }
      if (!el || el.form !== form) return;
      if (f.type === "checkbox" || f.type === "radio") el.checked = f.checked;
      else el.value = f.value;
      el.setAttribute("data-edit", f.edit);
      held.push({ el: el, theirs: theirs });
    });
    recount(); // the steppers follow the player's values put back
    // The refusal sits at the top of the card: bring it into view (a stepper pressed
    // further down on a phone would leave it off screen).
    var notice = document.querySelector("#model-open .notice.conflict");
    if (notice) {
      var box = notice.getBoundingClientRect();
      if (box.top < 0 || box.bottom > window.innerHeight) notice.scrollIntoView({ block: "center" });
    }
  });
  // "Apply my change on top": the held fields are the player's change again, sent now.
  document.addEventListener(
    "click",
    function (event) {
      if (event.target.closest && event.target.closest(".notice.conflict button[form=model-form]")) held = [];
    },
    true
  );

  function isHeld(node) {
    for (var i = 0; i < held.length; i++) if (held[i].el === node) return true;
    return false;
  }
  // A field's state as a form would post it: checked for a box, else its value; from
  // an answer's new node (``fromMarkup``) its attributes, which hold what was saved.
  function state(el, fromMarkup) {
    if (el.type === "checkbox" || el.type === "radio") return fromMarkup ? el.hasAttribute("checked") : el.checked;
    if (!fromMarkup) return el.value;
    if (el.tagName === "SELECT") {
      var chosen = el.querySelector("option[selected]") || el.querySelector("option");
      return chosen ? (chosen.hasAttribute("value") ? chosen.getAttribute("value") : chosen.textContent) : "";
    }
    if (el.tagName === "TEXTAREA") return el.textContent;
    return el.getAttribute("value") || "";
  }
  // The form's values as posted, with each held field at what the other tab saved.
  function withTheirs(form, data) {
    var names = {};
    held.forEach(function (h) {
      if (h.el.name) names[h.el.name] = true;
    });
    Object.keys(names).forEach(function (name) {
      var values = [];
      Array.prototype.forEach.call(form.elements, function (el) {
        if (el.name !== name || el.disabled || /^(submit|button|image|reset|file)$/.test(el.type)) return;
        var h = null;
        for (var i = 0; i < held.length; i++) if (held[i].el === el) h = held[i];
        if (el.type === "checkbox" || el.type === "radio") {
          if (h ? h.theirs : el.checked) values.push(el.value);
        } else if (h) {
          if (h.theirs !== null) values.push(h.theirs);
        } else if (el.tagName === "SELECT" && el.multiple) {
          Array.prototype.forEach.call(el.selectedOptions, function (o) {
            values.push(o.value);
          });
        } else values.push(el.value);
      });
      data.delete(name);
      values.forEach(function (v) {
        data.append(name, v);
      });
    });
  }
  // Whether an answer is the same model's card (its form posts to the same address).
  function sameModel(html) {
    var form = document.getElementById("model-form");
    var tag = typeof html === "string" ? html.match(/<form[^>]*id="model-form"[^>]*>/) : null;
    var url = tag ? tag[0].match(/hx-post="([^"]*)"/) : null;
    return !!form && !!url && url[1].replace(/&amp;/g, "&") === form.getAttribute("hx-post");
  }

  // Browser Back or Forward while a save waits (typing saves after a pause): send the
  // save first, then show the page history moved to. Left to htmx, its history restore
  // would race the save, and could show the old value or lose the change.
  window.addEventListener(
    "popstate",
    function (event) {
      var forms = pendingForms();
      if (!forms.length || !window.htmx) return;
      event.stopImmediatePropagation(); // before htmx's own onpopstate
      var there = location.href;
      var form = document.getElementById("model-form");
      var here = form ? form.getAttribute("hx-post") : null;
      var stayed = true;
      afterSaves(forms, function () {
        stayed = false;
        leaving = true;
        window.setTimeout(function () {
          location.replace(there);
        }, 0);
      });
      // Not saved (its reason is at the field): stay, with the address that fits.
      forms[0].addEventListener(
        "htmx:afterRequest",
        function () {
          window.setTimeout(function () {
            if (stayed && here && !pendingForms().length) history.pushState({ htmx: true }, "", here);
          }, 0);
        },
        { once: true }
      );
    },
    true
  );

  // A change is saved at once or after a short pause; leaving the page before then
  // would drop it, so ask first while a save is waiting or in flight.
  window.addEventListener("beforeunload", function (event) {
    if (leaving) return;
    if (document.querySelector(".htmx-request") || pendingForms().length) {
      event.preventDefault();
      event.returnValue = "";
    }
  });

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
  // A page that follows something (an event page, the big screen; docs/layout.md,
  // "Following") marks its live part with data-follow (the URL of its version, a short
  // digest), data-version (the version it was drawn at) and data-refresh (seconds). Every
  // data-refresh seconds it asks the version, and when it changed redraws that part by a
  // morph of the same element of the page. Not while the player is filling in one of its
  // forms (a field focused, or changed since the page was drawn): an element
  // [data-follow-stale] inside says it changed, and the part is redrawn once they leave the
  // form. A hidden tab asks nothing. The game table follows its game by its own stream
  // (play.js): its taps are queued and must be merged, not redrawn.
  // A part that follows a job (a sheet or a list pack being prepared) carries
  // data-follow-part: its data-follow URL answers the part itself, swapped in every
  // data-refresh seconds until the part it answers follows nothing more (the job ended).
  function followPart(live) {
    var id = live.id;
    var asking = false;
    var timer = window.setInterval(function () {
      if (document.hidden || asking) return;
      asking = true;
      function done() {
        asking = false;
        live = document.getElementById(id) || live;
        if (!live.hasAttribute("data-follow")) window.clearInterval(timer);
      }
      window.htmx.ajax("GET", live.getAttribute("data-follow"), { target: "#" + id, swap: "outerHTML" }).then(done, done);
    }, (Number(live.getAttribute("data-refresh")) || 2) * 1000);
  }
  function follow(live) {
    if (!live.id || !window.htmx) return;
    if (live.hasAttribute("data-follow-part")) return followPart(live);
    var typed = false;
    live.addEventListener("input", function () { typed = true; });
    live.addEventListener("change", function () { typed = true; });
    function filling() {
      var active = document.activeElement;
      return typed || !!(active && live.contains(active) && active.matches("input, select, textarea"));
    }
    function stale() { return live.querySelector("[data-follow-stale]"); }
    // One redraw at a time: a change heard while one is on its way draws again after it,
    // so an older answer landing last never leaves the part behind the event.
    var drawing = false;
    var again = false;
    function redraw() {
      if (filling()) {
        if (stale()) stale().hidden = false;
        return;
      }
      if (drawing) {
        again = true;
        return;
      }
      drawing = true;
      var selector = "#" + live.id;
      function drawn() {
        live = document.getElementById(live.id) || live;
        drawing = false;
        if (again) {
          again = false;
          redraw();
        }
      }
      window.htmx.ajax("GET", window.location.pathname + window.location.search, { target: selector, select: selector, swap: "morph:outerHTML" })
        .then(drawn, drawn);
    }
    function ask() {
      if (document.hidden) return;
      live = document.getElementById(live.id) || live;
      fetch(live.getAttribute("data-follow"), { cache: "no-store", credentials: "same-origin" })
        .then(function (answer) { return answer.ok ? answer.text() : null; })
        .then(function (version) {
          if (version && version.trim() !== live.getAttribute("data-version")) redraw();
        })
        .catch(function () {}); // offline: ask again next time
    }
    var seconds = Number(live.getAttribute("data-refresh")) || 15;
    var poll = window.setInterval(ask, seconds * 1000);
    // With data-stream (an event page, its big screen: issue 41) the part is told of each
    // change by a Server-Sent Events stream, as the game table is (one freshness
    // mechanism): each "version" event is compared with the part's own, and the poll runs
    // only while the stream is not open (refused with 204, broken, reconnecting). The
    // root element's data-follow-live says "stream" or "poll"; data-follow-heard counts
    // the versions the stream brought.
    var streamUrl = live.getAttribute("data-stream");
    var root = document.documentElement;
    function polling() {
      root.setAttribute("data-follow-live", "poll");
      if (!poll) poll = window.setInterval(ask, seconds * 1000);
    }
    function listen() {
      var source = new window.EventSource(streamUrl);
      source.addEventListener("open", function () {
        root.setAttribute("data-follow-live", "stream");
        if (poll) window.clearInterval(poll);
        poll = null;
      });
      source.addEventListener("version", function (event) {
        live = document.getElementById(live.id) || live;
        root.setAttribute("data-follow-heard", String(Number(root.getAttribute("data-follow-heard") || 0) + 1));
        if (event.data === live.getAttribute("data-version")) return;
        if (document.hidden) behind = true; // a hidden tab asks nothing: redrawn when seen
        else redraw();
      });
      source.addEventListener("error", function () {
        polling();
        if (source.readyState === window.EventSource.CLOSED) window.setTimeout(listen, 30000);
      });
    }
    var behind = false;
    document.addEventListener("visibilitychange", function () {
      if (!document.hidden && behind) {
        behind = false;
        redraw();
      }
    });
    if (streamUrl && window.EventSource) listen();
    else root.setAttribute("data-follow-live", "poll");
    document.addEventListener("focusout", function () {
      var notice = stale();
      if (notice && !notice.hidden && !typed) window.setTimeout(function () { if (!filling()) redraw(); }, 0);
    });
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-follow]").forEach(follow);
  });
  // The new-event form shows every system's list limits (without JavaScript each is
  // there, the others not read); with it, only those of the system chosen.
  function limitsOfChosenSystem() {
    var system = document.querySelector("form select[name=system]");
    var sets = document.querySelectorAll("fieldset[data-limits-of]");
    if (!system || !sets.length) return;
    function show() {
      sets.forEach(function (set) { set.hidden = set.getAttribute("data-limits-of") !== system.value; });
      var note = document.querySelector("[data-limits-note]");
      if (note) note.textContent = "Every list must have these options (what its roster's Options say).";
    }
    system.addEventListener("change", show);
    show();
  }
  document.addEventListener("DOMContentLoaded", limitsOfChosenSystem);

  // Installable (issue 38): the service worker for the whole site (templates/games/sw.js:
  // the offline page for any page, the table's own copies), where the browser has one (a
  // secure context: https, or localhost; not plain http on a club's LAN, docs/play.md).
  if ("serviceWorker" in navigator && document.body && document.body.getAttribute("data-sw")) {
    navigator.serviceWorker.register(document.body.getAttribute("data-sw"), { scope: "/" }).catch(function () {});
  }
})();
