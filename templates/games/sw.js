// Muster's service worker (docs/play.md "Offline"): a game's table opened once online
// opens again offline. Only two kinds of GET are touched:
// - a table page (/games/<id>/): from the network, its copy kept; the copy when offline;
// - static files (/static/...): the kept copy first (their names carry a hash), else the network.
// Everything else (posts, the live state polls, other pages) goes to the network as usual.
"use strict";
var CACHE = "muster-play-v1";
var TABLE = /^\/games\/\d+\/$/;

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });

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
