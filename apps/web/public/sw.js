/*
 * The installable web app's service worker: keeps the application shell (the page, its scripts and
 * styles, the icons) so that the crew's screen opens without a signal. API answers are never cached
 * here — the crew screen keeps its own copy of the orders and the queue of offline steps in
 * IndexedDB (features/ops/offline.ts).
 */
const SHELL = 'luxgrid-shell-v1';
const ROOT_FILES = ['/', '/manifest.webmanifest', '/logo.svg', '/boot.js'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(ROOT_FILES))
      .catch(() => undefined),
  );
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== SHELL).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

const keep = (request, response) => {
  if (response.ok) {
    const copy = response.clone();
    caches.open(SHELL).then((cache) => cache.put(request, copy));
  }
  return response;
};

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // pages: the network first (a new release at once), the kept shell without a signal
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request)
        .then((response) => keep('/', response))
        .catch(() => caches.match('/')),
    );
    return;
  }
  // hashed bundles never change: kept once fetched
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.match(request).then((hit) => hit || fetch(request).then((response) => keep(request, response))),
    );
    return;
  }
  if (ROOT_FILES.includes(url.pathname)) {
    event.respondWith(
      fetch(request)
        .then((response) => keep(request, response))
        .catch(() => caches.match(request)),
    );
  }
});
