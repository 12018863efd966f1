// The table's few lines of JavaScript (docs/play.md). Without them every button is a
// plain form post (its event id made on the server) and the page comes back after it.
// With them:
// - each tap gets a fresh event id (crypto), is queued in localStorage with it, and the
//   queue is sent in order, one POST at a time; the answer (the table's fragment) is
//   morphed in. A resent id is applied once by the server, so sending again after a
//   lost answer is safe.
// - when the network is gone the taps wait in the queue ("offline: N actions waiting")
//   and go when it is back, also after a reload.
// - when they are refused for want of a login (the session ended meanwhile: the server
//   sends the log-in page, or a 403 when another tab's login made this page's CSRF token
//   stale) they stay in the queue, the player is told ("N actions waiting: log in again
//   to send them", a link to the table, which asks for the login first) and they go once
//   the table is loaded again logged in, or the poll sees the player back.
// - a menu ("More", a bar's choices) closes once a choice in it is pressed; another open
//   one stays open across answers; a double tap counts once.
// - the screen is kept awake while the table is open (Screen Wake Lock, where the
//   browser has it), asked again when the tab comes back.
// - live (two phones, watchers): where the server streams (data-stream: an ASGI server,
//   docs/live.md) the table holds an EventSource that brings this phone's own table at
//   each change; the poll below goes on every 15 s as a safety
//   net. A stream that breaks, or is refused (204: the server is full), falls back to
//   the poll and is opened again (the browser sends Last-Event-ID; a stream refused is
//   tried again after 30 s). Without a stream the table asks "changed since?" every half
//   second with the ETag it holds (a 304 when nothing changed), every 5 s while the tab
//   is hidden, backing off to 10 s while the server cannot be reached. A fragment that arrives while
//   taps wait to be sent is not drawn: the answer to those taps brings the newer state.
// - a service worker (/sw.js) keeps the game page and the static files, so a table opened
//   once online opens again offline (the first visit, which came before the worker, is
//   kept at the page's request).
(function () {
  "use strict";

  var table = document.getElementById("table");
  if (!table || !window.fetch || !window.localStorage) return;
  var key = "muster.play." + table.getAttribute("data-game");
  var status = document.getElementById("play-queue");
  var sending = false;
  var retry = null;
  var etag = table.getAttribute("data-etag") || "";
  var polling = null;
  var failures = 0;
  var loggedOut = null; // where to log in again while taps wait for it, else null
  var chosenIn = null; // the menu a choice was just pressed in: it closes
  var POLL_MS = 500;
  var HIDDEN_MS = 5000;
  var STREAM_POLL_MS = 15000; // the poll's pace while a stream is open: a safety net only
  var STREAM_RETRY_MS = 30000; // a refused stream is asked for again after this
  var stream = null; // the open EventSource, if any
  var streaming = false; // the stream is open and heard from
  var inFlight = false; // a poll is on its way
  var again = false; // the stream spoke while a poll was on its way: ask once more
  var heard = 0; // changes the stream announced (data-heard: the tests read it)

  function csrf() {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
    } catch (e) {
      return "";
    }
  }

  function newId() {
    if (window.crypto && window.crypto.randomUUID) return window.crypto.randomUUID().replace(/-/g, "");
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  function load() {
    try {
      return JSON.parse(localStorage.getItem(key) || "[]");
    } catch (e) {
      return [];
    }
  }
  function save(queue) {
    if (queue.length) localStorage.setItem(key, JSON.stringify(queue));
    else localStorage.removeItem(key);
  }

  // Each row with taps waiting in the queue says so ("2 waiting"), so a tap made offline
  // is seen to have been taken (and is not made again).
  function mark(queue) {
    var waiting = {};
    queue.forEach(function (q) {
      var p = new URLSearchParams(q.body);
      if (!p.has("do") || !p.has("model")) return;
      var id = "m-" + p.get("target") + "-" + p.get("model");
      waiting[id] = (waiting[id] || 0) + 1;
    });
    table.querySelectorAll(".play-row[data-waiting]").forEach(function (row) {
      if (waiting[row.id]) return;
      row.removeAttribute("data-waiting");
      var name = row.querySelector(".play-name");
      if (name) name.removeAttribute("data-waiting");
    });
    Object.keys(waiting).forEach(function (id) {
      var row = document.getElementById(id);
      if (!row || !table.contains(row)) return;
      row.setAttribute("data-waiting", waiting[id] + " waiting");
      var name = row.querySelector(".play-name");
      if (name) name.setAttribute("data-waiting", waiting[id] + " waiting");
    });
  }

  function show(queue, offline) {
    mark(queue);
    if (!status) return;
    var n = queue.length;
    var waiting = n + " action" + (n === 1 ? "" : "s") + " waiting";
    status.hidden = !((offline || loggedOut) && n);
    status.textContent = "";
    if (!n) return;
    if (loggedOut) {
      var link = document.createElement("a");
      link.href = loggedOut;
      link.textContent = "log in again";
      status.append(waiting + ": ", link, " to send them. They are kept on this phone until then.");
    } else if (offline) {
      status.textContent = "Offline: " + waiting + "; they are sent when the network is back.";
    }
  }

  // A refusal for want of a login: the log-in page (a redirect followed) or a 403.
  function needsLogin(response) {
    return response.status === 401 || response.status === 403 || (response.redirected && /\/login\//.test(response.url));
  }
  function askLogin(response) {
    // The table's own address asks for the login and comes back to it (queue and all);
    // the log-in page the server sent says the same directly.
    loggedOut = response.redirected ? response.url : window.location.pathname;
    show(load(), false);
  }

  // Where a pressed button was: its value and its form's side and model, to give the
  // keyboard its place back in the answer.
  function place(el) {
    if (!el || !el.form || el.name !== "do") return null;
    var f = el.form.elements;
    return [el.value, f.target ? f.target.value : "", f.model ? f.model.value : ""];
  }
  function find(where) {
    var found = null;
    table.querySelectorAll('button[name="do"]').forEach(function (b) {
      var p = place(b);
      if (!found && p && p[0] === where[0] && p[1] === where[1] && p[2] === where[2]) found = b;
    });
    return found;
  }

  // keepAsk (a table pushed or polled, not this phone's own answer): a question this phone
  // was asked ("the other phone has just recorded this: record it again?") stays until
  // it is answered or this phone acts, instead of vanishing when the other phone's change
  // arrives a moment after it.
  function swap(html, keepAsk) {
    var ask = keepAsk ? table.querySelector(".play-ask") : null;
    var askHtml = ask ? ask.outerHTML : "";
    var askRow = ask ? ask.getAttribute("data-row") : null; // drawn after its model's row
    var openMore = [];
    table.querySelectorAll("details[open]").forEach(function (d) {
      if (d.id && d.id !== chosenIn) openMore.push(d.id);
    });
    chosenIn = null;
    var where = place(document.activeElement);
    // idiomorph keeps the focused element where it is and draws the new row around it,
    // so a pressed button could stay with its old label and value beside the new one:
    // let go of it, morph, and focus the same button in the answer (below).
    var focused = document.activeElement;
    if (focused && focused.tagName === "BUTTON" && table.contains(focused)) focused.blur();
    if (window.Idiomorph) {
      window.Idiomorph.morph(table, html, { morphStyle: "outerHTML" });
    } else {
      table.outerHTML = html;
    }
    table = document.getElementById("table");
    var row = askRow && !table.querySelector(".play-ask") ? document.getElementById(askRow) : null;
    if (askHtml && row) row.insertAdjacentHTML("afterend", '<li class="play-ask-row">' + askHtml + "</li>");
    else if (askHtml && !table.querySelector(".play-ask")) {
      var head = table.querySelector(".play-rules-changed") || table.querySelector(".play-head");
      if (head) head.insertAdjacentHTML("afterend", askHtml);
    }
    table.setAttribute("data-live", streaming ? "stream" : "poll"); // the server's table has none
    table.setAttribute("data-heard", String(heard));
    mark(load());
    if (table.getAttribute("data-etag")) etag = table.getAttribute("data-etag");
    openMore.forEach(function (id) {
      var d = document.getElementById(id);
      if (d) d.open = true;
    });
    if (where && document.activeElement === document.body) {
      var again = find(where);
      if (again) again.focus();
    }
  }

  // This phone's own refusal or question, scrolled to the middle of the screen when it
  // is drawn out of sight (the "Draw a die" or "Next turn" of the bar at the bottom is
  // answered at the top of the table, issue 40).
  function inView(said) {
    if (!said) return;
    var box = said.getBoundingClientRect();
    var bar = document.querySelector(".play-bar");
    var bottom = window.innerHeight - (bar ? bar.getBoundingClientRect().height : 0);
    if (box.top < 0 || box.bottom > bottom) said.scrollIntoView({ block: "center" });
  }

  function flush() {
    if (sending) return;
    var queue = load();
    if (!queue.length) {
      show(queue, false);
      return;
    }
    sending = true;
    var item = queue[0];
    fetch(item.url, {
      method: "POST",
      credentials: "same-origin",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "X-CSRFToken": csrf(),
        "HX-Request": "true",
      },
      body: item.body,
    })
      .then(function (response) {
        if (response.status >= 500 || response.status === 429 || response.status === 0) throw new Error("later");
        if (needsLogin(response)) {
          askLogin(response); // kept, in order, for when the player is back
          return null;
        }
        loggedOut = null;
        var done = load().filter(function (q) { return q.id !== item.id; });
        save(done);
        var redirect = response.headers.get("HX-Redirect");
        if (redirect) {
          save([]);
          window.location.assign(redirect);
          return null;
        }
        if (response.headers.get("ETag")) etag = response.headers.get("ETag");
        if (response.redirected) {
          window.location.reload(); // the session changed: the page says why
          return null;
        }
        return response.text();
      })
      .then(function (html) {
        sending = false;
        if (loggedOut) return; // nothing more is sent until the player is back
        if (html) {
          swap(html);
          inView(table.querySelector(".play-refused")); // a bar's tap is asked at the top
          if (item.at) table.setAttribute("data-tap-ms", String(Math.round(performance.now() - item.at)));
        }
        show(load(), false);
        flush();
      })
      .catch(function () {
        sending = false;
        show(load(), true);
        if (retry) window.clearTimeout(retry);
        retry = window.setTimeout(flush, 3000);
      });
  }

  // The id of the latest action in the queue that no queued undo already takes back.
  function latestWaiting(queue) {
    var undone = {};
    queue.forEach(function (q) {
      var named = new URLSearchParams(q.body).get("event");
      if (named) undone[named] = true;
    });
    for (var i = queue.length - 1; i >= 0; i--) {
      if (new URLSearchParams(queue[i].body).has("do") && !undone[queue[i].id]) return queue[i].id;
    }
    return null;
  }

  // A double tap or double click is one tap: the browser counts the clicks of one
  // gesture (event.detail), and the second of them is dropped before it submits. Two
  // Stunned from one double tap would kill a Beestwars fighter (p.6).
  document.addEventListener(
    "click",
    function (event) {
      var button = event.target && event.target.closest ? event.target.closest("button") : null;
      if (event.detail > 1 && button && button.form && button.form.hasAttribute("data-play") && table.contains(button)) {
        event.preventDefault();
      }
    },
    true
  );

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.hasAttribute || !form.hasAttribute("data-play") || !table.contains(form)) return;
    event.preventDefault();
    var data = new FormData(form);
    var button = event.submitter;
    if (button && button.name) data.append(button.name, button.value);
    var menu = button && button.closest ? button.closest("details[id]") : null;
    if (menu) {
      menu.open = false; // a menu closes after its choice (one hand: it covered the rows)
      chosenIn = menu.id || null;
    }
    var id = newId();
    if (data.has("id")) data.set("id", id);
    data.delete("csrfmiddlewaretoken");
    var queue = load();
    if (form.hasAttribute("data-undo-latest")) {
      // "Undo" means the latest action: one still waiting in the queue (offline, or its
      // answer not back yet) is later than the one this button was drawn with.
      var waiting = latestWaiting(queue);
      if (waiting) data.set("event", waiting);
    }
    queue.push({ id: id, url: form.action, body: new URLSearchParams(data).toString(), at: performance.now() });
    save(queue);
    if (!navigator.onLine) show(queue, true);
    else mark(queue);
    flush();
  });

  function poll() {
    polling = null;
    var url = table.getAttribute("data-state");
    if (!url) return;
    if (inFlight) {
      again = true;
      return;
    }
    inFlight = true;
    var headers = { "HX-Request": "true" };
    if (etag) headers["If-None-Match"] = etag;
    fetch(url, { credentials: "same-origin", cache: "no-store", headers: headers })
      .then(function (response) {
        failures = 0;
        if (load().length && needsLogin(response)) {
          askLogin(response); // the queue waits for the login; leaving would hide why
          return null;
        }
        var ended = response.headers.get("HX-Redirect");
        if (ended) {
          window.location.assign(ended); // the game ended (on the other phone): its result
          return null;
        }
        if (loggedOut && response.status === 200 && !response.redirected) {
          window.location.reload(); // back (logged in elsewhere): a fresh page sends the queue
          return null;
        }
        if (response.status === 404 || response.status === 403 || response.redirected) {
          window.location.reload(); // the seat was revoked, or the session changed
          return null;
        }
        if (response.status !== 200) return null;
        var fresh = response.headers.get("ETag");
        return response.text().then(function (html) {
          if (sending || load().length) return; // our own answer brings a newer state
          if (fresh) etag = fresh;
          swap(html, true);
          table.setAttribute("data-seen-ms", String(Date.now()));
        });
      })
      .catch(function () {
        failures += 1;
      })
      .then(function () {
        inFlight = false;
        if (again) {
          again = false;
          poll();
          return;
        }
        schedule();
      });
  }

  // Whether an ETag names an older write count than the one this phone holds (a table
  // drawn for the stream just before this phone's own tap was answered).
  function older(fresh) {
    var theirs = /-v(\d+)-/.exec(fresh);
    var mine = /-v(\d+)-/.exec(etag || "");
    return !!theirs && !!mine && Number(theirs[1]) < Number(mine[1]);
  }

  function schedule() {
    if (polling) window.clearTimeout(polling);
    var wait = streaming ? STREAM_POLL_MS : document.hidden ? HIDDEN_MS : POLL_MS;
    if (failures) wait = Math.min(10000, POLL_MS * Math.pow(2, failures));
    polling = window.setTimeout(poll, wait);
  }

  // The pushed stream (docs/live.md): each change brings this phone's own table (a
  // "table" event: its ETag on the first line, then the fragment, drawn for this seat as
  // the poll's answer is). A bare event (the game ended, the seat is gone) says only
  // that it changed: the phone then asks, as the poll does.
  function openStream() {
    var url = table.getAttribute("data-stream");
    if (!url || !window.EventSource || stream) return;
    stream = new EventSource(url, { withCredentials: true });
    stream.onopen = function () {
      streaming = true;
      table.setAttribute("data-live", "stream");
      poll(); // anything missed while the stream was down
    };
    stream.addEventListener("table", function (event) {
      heard += 1;
      table.setAttribute("data-heard", String(heard));
      var cut = event.data.indexOf("\n");
      var fresh = cut < 0 ? "" : event.data.slice(0, cut);
      if (!fresh || fresh === etag || older(fresh)) return; // this phone's own tap drew it already
      if (sending || load().length) return; // our own answer brings a newer state
      etag = fresh;
      swap(event.data.slice(cut + 1), true);
      table.setAttribute("data-seen-ms", String(Date.now()));
      schedule(); // the safety poll starts again from now
    });
    stream.onmessage = function () {
      heard += 1;
      table.setAttribute("data-heard", String(heard));
      if (polling) window.clearTimeout(polling);
      poll();
    };
    stream.onerror = function () {
      streaming = false;
      table.setAttribute("data-live", "poll");
      if (stream && stream.readyState === 2) {
        // Refused (204: the server is full or does not stream) or gone for good: poll,
        // and ask again later. Otherwise the browser reconnects by itself.
        stream = null;
        window.setTimeout(openStream, STREAM_RETRY_MS);
      }
      schedule();
    };
  }

  // The screen stays on while a game is open; the browser lets the lock go when the tab
  // is hidden, so it is asked for again when the tab is shown.
  function keepAwake() {
    if (!navigator.wakeLock || document.hidden) return;
    navigator.wakeLock.request("screen").then(function () {
      table.setAttribute("data-awake", "yes");
    }).catch(function () {});
  }

  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) {
      if (polling) window.clearTimeout(polling);
      poll();
      keepAwake();
    }
  });
  keepAwake();

  if ("serviceWorker" in navigator && table.getAttribute("data-sw")) {
    var firstVisit = !navigator.serviceWorker.controller;
    navigator.serviceWorker.register(table.getAttribute("data-sw"), { scope: "/" }).catch(function () {});
    if (firstVisit) {
      // This page and its files came before the worker: ask it to keep them now, or the
      // first game opened on this phone would not open again offline.
      navigator.serviceWorker.ready
        .then(function (registration) {
          var keep = [window.location.pathname];
          document.querySelectorAll('link[rel="stylesheet"][href], script[src]').forEach(function (el) {
            keep.push(el.getAttribute("href") || el.getAttribute("src"));
          });
          if (registration.active) registration.active.postMessage({ keep: keep });
        })
        .catch(function () {});
    }
  }

  // Stale timing marks are meaningless after a reload; the queue itself is kept.
  save(load().map(function (q) { return { id: q.id, url: q.url, body: q.body }; }));
  window.addEventListener("online", function () {
    failures = 0;
    flush();
    poll();
    openStream();
  });
  // Offline, a stream hears nothing (and may look open for a while): let it go; the
  // "online" above opens another.
  window.addEventListener("offline", function () {
    if (stream) stream.close();
    stream = null;
    streaming = false;
    table.setAttribute("data-live", "poll");
  });
  flush();
  schedule();
  openStream();
})();
