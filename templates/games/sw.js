// Muster's service worker (docs/play.md "Offline"), registered for the whole site by
// every page (muster.js) and by the table (play.js): a game's table opened once online
// opens again offline. Only three kinds of GET are touched:
// - a table page (/games/<id>/): from the network, its copy kept; the copy when offline;
// - static files (/static/...): the kept copy first (their names carry a hash), else the network;
// - any other page opened (a navigation) while the phone is offline: the offline page
//   (/offline/, kept when the worker is installed; it names nobody).
// Everything else (posts, the live state polls, partials) goes to the network as usual.
"use strict";
var CACHE = "muster-play-v1";
var TABLE = /^\/games\/\d+\/$/;
var OFFLINE = "{{ offline_url }}";

self.addEventListener("install", function (event) {
  self.skipWaiting();
  event.waitUntil(
    caches.open(CACHE).then(function (cache) { return cache.add(OFFLINE); }).catch(function () {})
  );
});
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });

// The table's first load came before this worker was there, so it was not kept: the
// page (play.js) asks for it and its static files to be kept now ({keep: [paths]}),
// so the first game a phone opens opens again offline. Only tables and static files.
self.addEventListener("message", function (event) {
  var keep = event.data && event.data.keep;
  if (!Array.isArray(keep)) return;
  event.waitUntil(
    caches.open(CACHE).then(function (cache) {
      return Promise.all(keep.map(function (path) {
        var url = new URL(String(path), self.location.origin);
        if (url.origin !== self.location.origin) return null;
        if (TABLE.test(url.pathname)) {
          return fetch(url.pathname, { credentials: "same-origin" }).then(function (response) {
            if (response.ok && !response.redirected) return cache.put(url.pathname, response);
          }).catch(function () {});
        }
        if (url.pathname.indexOf("{{ static_prefix }}") === 0) return cache.add(url.href).catch(function () {});
        return null;
      }));
    })
  );
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (TABLE.test(url.pathname) && request.mode === "navigate") {
    event.respondWith(
      fetch(request)
        .then(function (response) {
          if (response.ok && !response.redirected) {
            var copy = response.clone();
            caches.open(CACHE).then(function (cache) { cache.put(url.pathname, copy); });
          }
          return response;
        })
        .catch(function () {
          return caches.match(url.pathname).then(function (hit) {
            return hit || new Response("Offline, and this game was not opened here before.", {
              status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" },
            });
          });
        })
    );
    return;
  }
  // Other pages only when the phone knows it is offline: online, the browser's own loading
  // is left alone, so Back and Forward keep taking its copy of a page that allows one
  // (docs/security.md "Back and Forward"), which a fetch made here would ask for again.
  if (request.mode === "navigate" && url.pathname !== OFFLINE && self.navigator.onLine === false) {
    event.respondWith(
      fetch(request).catch(function () {
        return caches.match(OFFLINE).then(function (hit) {
          return hit || new Response("Offline.", {
            status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" },
          });
        });
      })
    );
    return;
  }
  if (url.pathname.indexOf("{{ static_prefix }}") === 0) {
    event.respondWith(
      caches.match(request).then(function (hit) {
        return hit || fetch(request).then(function (response) {
          if (response.ok) {
            var copy = response.clone();
            caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
          }
          return response;
        });
      })
    );
  }
});
