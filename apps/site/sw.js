// The static site's service worker: it keeps every file of the site in a cache at the first
// visit, so that afterwards the page plays with the network gone, and answers from that cache
// first. The build writes the list of files and a version (a hash of their bytes) in place of the
// two placeholders: a new build is a new version, whose cache replaces the old one when the new
// worker takes over (every open page then reloads into the new build's files on its next visit).
const VERSION = '@NIMKIT_SITE_VERSION@';
const FILES = @NIMKIT_SITE_FILES@;
const CACHE = `nimkit-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const old = (await caches.keys()).filter((key) => key.startsWith('nimkit-') && key !== CACHE);
    await Promise.all(old.map((key) => caches.delete(key)));
    await self.clients.claim();
  })());
});

// Cache first (the site's files change only with a build, and a build changes the version); what
// the cache lacks goes to the network as usual.
self.addEventListener('fetch', (event) => {
  if (event.request.method !== 'GET') return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    return (await cache.match(event.request, { ignoreSearch: true })) ?? fetch(event.request);
  })());
});
