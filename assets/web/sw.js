// impia's service worker (issue 37): after the first visit the page, its
// JS and the wasm module come from this cache, so the app opens with no
// network. scripts/build-web writes the build's digest into VERSION: a new
// build is a new cache, and the old one is dropped when it takes over.
const VERSION = 'impia-@BUILD@';
const FILES = ['./', 'index.html', 'impia.js', 'impia_bg.wasm', 'icon.png', 'manifest.webmanifest'];

self.addEventListener('install', (e) => {
  e.waitUntil(caches.open(VERSION).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (e) => {
  e.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== VERSION).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

// This site's files from the cache first (the JS and the wasm of one build
// always go together); anything else, and a file not cached, from the network.
self.addEventListener('fetch', (e) => {
  const url = new URL(e.request.url);
  if (e.request.method !== 'GET' || url.origin !== self.location.origin) {
    return;
  }
  e.respondWith(caches.open(VERSION)
    .then((c) => c.match(e.request, { ignoreSearch: true }))
    .then((hit) => hit || fetch(e.request)));
});
