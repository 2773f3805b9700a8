/**
 * The web app's service worker: once the page has loaded, it plays, coaches and analyses with
 * the network off. The build (vite.config.ts) writes the list of every file of the app into
 * PRECACHE and a digest of their contents into VERSION; installing caches them all, activating
 * drops the caches of older versions, and every request of the app's own files is answered from
 * the cache first (a page's address with any query is the app's index).
 */
const PRECACHE = self.__PRECACHE__;
const CACHE = `codebreaker-${self.__VERSION__}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  const navigation = request.mode === 'navigate';
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const cached = await cache.match(navigation ? './index.html' : request, {
        ignoreSearch: navigation,
      });
      if (cached) return cached;
      const response = await fetch(request);
      if (response.ok) cache.put(request, response.clone());
      return response;
    }),
  );
});
