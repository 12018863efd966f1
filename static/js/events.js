// An event's pages on the day (issue 41, docs/events.md): the round's clock counts down
// on the event page and the big screen, and the big screen turns its pages by itself.
// Without JavaScript the clock shows the instant it ends ("ends 14:35 UTC") and the big
// screen reloads to its next page (a <noscript> refresh): nothing here is needed to read
// either.
(function () {
  "use strict";

  // The clock: [data-clock-ends] is the instant it ends, [data-clock-now] the server's
  // time when the page was drawn (so a phone whose own clock is wrong still counts the
  // server's time). Redrawn parts (a morph) carry a new data-clock-now: read again.
  function clockText(seconds) {
    var h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
    var ss = (s < 10 ? "0" : "") + s;
    return h ? h + ":" + (m < 10 ? "0" : "") + m + ":" + ss : m + ":" + ss;
  }
  function tick() {
    document.querySelectorAll("[data-clock-ends]").forEach(function (clock) {
      var ends = Date.parse(clock.getAttribute("data-clock-ends"));
      var drawn = clock.getAttribute("data-clock-now");
      if (isNaN(ends)) return;
      if (clock.musterDrawn !== drawn) {
        clock.musterDrawn = drawn;
        var server = Date.parse(drawn);
        clock.musterSkew = isNaN(server) ? 0 : Date.now() - server;
      }
      var left = Math.max(0, Math.ceil((ends - (Date.now() - clock.musterSkew)) / 1000));
      var face = clock.querySelector("[data-clock-face]");
      var value = left > 0 ? clockText(left) : "Time is up";
      if (face && face.textContent !== value) face.textContent = value;
      if (left === 0 && !clock.classList.contains("up")) {
        clock.classList.add("up");
        var word = clock.querySelector("[data-clock-word]");
        if (word) word.textContent = "ended";
      }
    });
  }
  window.setInterval(tick, 500);
  document.addEventListener("DOMContentLoaded", tick);

  // The big screen (#screen[data-turn]): one [data-screen-page] shown at a time, the next
  // every data-turn seconds. Its state is the page's own, on <body> (outside the part a
  // redraw morphs): data-screen-shown (the page shown, 0 first), data-screen-pages (how
  // many), data-screen-turns (pages turned since it was opened).
  function bigScreen() {
    var screen = document.getElementById("screen");
    if (!screen || !screen.hasAttribute("data-turn")) return;
    var body = document.body;
    var turns = 0;
    function pages() { return document.querySelectorAll("#screen [data-screen-page]"); }
    var first = screen.querySelector("[data-screen-page]:not([hidden])");
    var at = first ? Number(first.getAttribute("data-screen-page")) : 0;
    function show() {
      var all = pages();
      if (!all.length) return;
      if (at >= all.length) at = 0;
      all.forEach(function (page, index) { if (page.hidden !== (index !== at)) page.hidden = index !== at; });
      body.setAttribute("data-screen-shown", String(at));
      body.setAttribute("data-screen-pages", String(all.length));
      var label = document.querySelector("[data-screen-at]");
      if (label) label.textContent = "Page " + (at + 1) + " of " + all.length;
    }
    function turn() {
      var count = pages().length;
      if (count > 1) {
        at = (at + 1) % count;
        turns += 1;
        body.setAttribute("data-screen-turns", String(turns));
      }
      show();
    }
    body.setAttribute("data-screen-turns", "0");
    show();
    // A redraw (the screen's follower, a morph) draws the page the address names: the
    // page shown stays the one this screen turned to.
    if (window.Idiomorph && window.Idiomorph.defaults) {
      var callbacks = window.Idiomorph.defaults.callbacks;
      var before = callbacks.beforeAttributeUpdated;
      callbacks.beforeAttributeUpdated = function (name, node, kind) {
        if (name === "hidden" && node.hasAttribute && node.hasAttribute("data-screen-page")) return false;
        return before(name, node, kind);
      };
    }
    document.addEventListener("htmx:afterSwap", show);
    window.setInterval(turn, (Number(screen.getAttribute("data-turn")) || 8) * 1000);
  }
  document.addEventListener("DOMContentLoaded", bigScreen);
})();
