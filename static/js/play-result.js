// The result page of a finished game follows the game (issue 40, docs/play.md): when
// its owner reopens it, every phone at it (the other player, the watchers) goes back
// to the table. Where the server streams (data-stream, docs/live.md) the page holds
// the game's stream and asks for the table at each change it hears of; the table's
// state answers 204 while the game is over and 200 once it is in play again. Without a
// stream (or while it is down) the page asks every 5 s. Without JavaScript the page has
// its "back to the table" link once the game is in progress again.
(function () {
  "use strict";

  var head = document.getElementById("play-result");
  if (!head || !window.fetch) return;
  var stateUrl = head.getAttribute("data-state");
  var tableUrl = head.getAttribute("data-table");
  if (!stateUrl || !tableUrl) return;
  var POLL_MS = 5000;
  var STREAM_POLL_MS = 30000;
  var timer = null;
  var streaming = false;
  var leaving = false;

  function schedule() {
    if (timer) window.clearTimeout(timer);
    if (!leaving) timer = window.setTimeout(check, streaming ? STREAM_POLL_MS : POLL_MS);
  }

  function check() {
    timer = null;
    fetch(stateUrl, { credentials: "same-origin", cache: "no-store", headers: { "HX-Request": "true" } })
      .then(function (response) {
        if (response.status === 200 && !response.redirected) {
          leaving = true; // reopened: in play again
          window.location.assign(tableUrl);
        }
      })
      .catch(function () {})
      .then(schedule);
  }

  var url = head.getAttribute("data-stream");
  if (url && window.EventSource) {
    var stream = new EventSource(url, { withCredentials: true });
    stream.onopen = function () {
      streaming = true;
      head.setAttribute("data-live", "stream");
      schedule();
    };
    var heard = function () {
      head.setAttribute("data-heard", String(Number(head.getAttribute("data-heard") || 0) + 1));
      check();
    };
    stream.onmessage = heard;
    stream.addEventListener("table", heard);
    stream.onerror = function () {
      streaming = false;
      head.setAttribute("data-live", "poll");
      schedule();
    };
  }
  schedule();
})();
