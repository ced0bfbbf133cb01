// Backprop Lab's service worker, at the site root so its scope is the whole site (also under a sub-path).
// Two jobs: (1) keep a copy of the site and of Pyodide, so a lesson opens and runs Python offline;
// (2) add the COOP/COEP headers that static hosts cannot set, so pages are cross-origin isolated and
// Stop can interrupt Python instead of restarting it. The build replaces MANIFEST below with
// {version, off, isolation: {header: value}, worker: {path, policy},
//  caches: [{name, prefix, files: {path relative to the scope: content hash}}]} (headers from security.py).
// A cache only ever holds a file whose bytes match this build's hash: after a redeploy the browser's
// HTTP cache may still hand out the old main.js or python.zip, and a copy saved from it would keep
// learners on the old version until the next deploy.

const MANIFEST = __BP_MANIFEST__;
const PREFIX = "bp-";
// Ours, so old ones go: bp-python-snapshot is where pages kept Python's memory before the build shipped it.
const OWN_CACHES = /^bp-(site-|pyodide-|python-snapshot$)/;
const SCOPE = new URL(self.registration.scope);
const CACHE_NAMES = MANIFEST.caches.map((c) => c.name);
const ISOLATION = MANIFEST.isolation;
const WORKER_SCRIPT = MANIFEST.off ? null : new URL(MANIFEST.worker.path, SCOPE).href;
const PARALLEL_DOWNLOADS = 4;
const HASHES = new Map(MANIFEST.caches.flatMap((c) => Object.entries(c.files)));

// A new version waits until a page says it is idle (offline/index.js): Chromium hands over from the
// old worker as soon as it is told to, even while the old one answers a page's requests, and stops it
// with them in flight: a navigation then never completes, or Python's start fails ("Failed to fetch
// dynamically imported module: .../pyodide.mjs"). `mkdocs serve`'s "off" worker takes over at once.
self.addEventListener("install", () => {
  if (MANIFEST.off) self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(MANIFEST.off ? retire() : activate());
});

async function activate() {
  await self.clients.claim();
  await retireOldCaches();
}

// A page that loaded before this version took over may still ask for the files of its own version (a
// feature it loads later, Pyodide for a restarted Python): the old copies answer it when the server
// no longer can. They go once every open page has loaded under this version, which each page says
// by asking for the precache. (Kept in memory only: a worker stopped in between keeps them longer.)
const loadedHere = new Set();
async function retireOldCaches() {
  const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  if (pages.some((client) => !loadedHere.has(client.id))) return;
  for (const key of await caches.keys()) {
    if (OWN_CACHES.test(key) && !CACHE_NAMES.includes(key)) await caches.delete(key);
  }
}

// `mkdocs serve` builds an "off" worker: it removes itself and its copies, so development is never
// served stale files by a worker left behind by an earlier static build on the same address.
async function retire() {
  for (const key of await caches.keys()) if (key.startsWith(PREFIX)) await caches.delete(key);
  await self.registration.unregister();
  for (const client of await self.clients.matchAll({ type: "window" })) client.navigate(client.url);
}

self.addEventListener("message", (event) => {
  if (event.data?.type === "take-over") return self.skipWaiting();
  if (event.data?.type !== "precache" || MANIFEST.off) return;
  if (event.source) loadedHere.add(event.source.id);
  event.waitUntil(precache(event.source));
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (MANIFEST.off || request.method !== "GET" || url.origin !== SCOPE.origin || request.headers.has("range")) return;
  event.respondWith(request.mode === "navigate" ? page(request) : asset(request, event));
});

// Pages: the network first (lessons get updated), the saved copy when offline or when the network
// has not answered in NETWORK_PATIENCE_MS (a connection that hangs should not hang the lesson).
const NETWORK_PATIENCE_MS = 4000;
async function page(request) {
  const network = fetchCurrent(request).then(({ response, current }) => {
    if (current) save(request.url, response.clone()).catch(() => {});
    return isolated(response);
  });
  network.catch(() => {}); // handled below; this only keeps a late failure from being reported as unhandled
  const fallback = async () => {
    const saved = (await caches.match(cacheKey(request.url), { ignoreSearch: true })) ||
      (await caches.match(new URL("404.html", SCOPE).href));
    return saved ? isolated(saved) : null;
  };
  const slow = new Promise((resolve) => setTimeout(() => resolve("slow"), NETWORK_PATIENCE_MS));
  try {
    const first = await Promise.race([network, slow]);
    if (first !== "slow") return first;
    return (await fallback()) || (await network);
  } catch (error) {
    const saved = await fallback();
    if (saved) return saved;
    throw error;
  }
}

// Everything else: the saved copy first (each build has its own cache), else the network, saved. A
// request this path cannot answer (the network broke, or the server no longer has a file an older
// page asks for) gets an older version's copy, else one plain try of the network: during a handover
// from one version to the next, no load fails that the network or a cache could still answer.
async function asset(request, event) {
  let response;
  try {
    const saved = await (await caches.open(cacheFor(request.url))).match(cacheKey(request.url));
    response = saved || (await download(request.url, event).response);
  } catch {
    response = null;
  }
  if (!response?.ok) response = (await oldCopy(request.url)) || response || (await fetch(request));
  if (!needsHeaders(request)) return response;
  // The Python worker runs learner code, which reaches fetch, XMLHttpRequest and WebSocket: its own
  // CSP keeps it to this origin.
  return cacheKey(request.url) === WORKER_SCRIPT ? isolated(response, { "Content-Security-Policy": MANIFEST.worker.policy }) : isolated(response);
}

// Workers need the COEP header too, or an isolated page may not start them.
function needsHeaders(request) {
  return request.destination === "worker" || request.destination === "sharedworker";
}

function isolated(response, more = {}) {
  if (response.type === "opaqueredirect" || response.status === 0) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries({ ...ISOLATION, ...more })) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

// One download per URL at a time, shared by the page and the precache, and saved once it proves current.
// Returns {response: a copy for the caller, saved: settles true once the cache holds this build's copy}.
const downloads = new Map();
function download(url, event) {
  if (!downloads.has(url)) {
    const fetched = fetchCurrent(new Request(url));
    const saved = fetched.then(({ response, current }) => current && save(url, response.clone()).then(() => true));
    const entry = { fetched, saved };
    downloads.set(url, entry);
    saved.catch(() => {}).finally(() => downloads.get(url) === entry && downloads.delete(url));
  }
  const { fetched, saved } = downloads.get(url);
  event?.waitUntil?.(saved.catch(() => {}));
  return { response: fetched.then(({ response }) => response.clone()), saved };
}

// The server's copy, checked against this build's content hash when the manifest lists the file:
// {response, current: true when it is this build's}. "no-cache" lets the HTTP cache answer only when
// the server confirms its copy (a 304 costs little); a host whose validators did not change with
// the deploy still gets caught by the hash, and then the file is fetched anew past the HTTP cache.
async function fetchCurrent(request) {
  const expected = HASHES.get(pathOf(request.url));
  const first = await fetch(new Request(request, { cache: "no-cache" }));
  if (!expected || !first.ok || first.type !== "basic") return { response: first, current: false };
  if ((await hashOf(first)) === expected) return { response: first, current: true };
  const again = await fetch(new Request(request, { cache: "reload" }));
  return { response: again, current: again.ok && again.type === "basic" && (await hashOf(again)) === expected };
}

// A copy of url in another version's cache, not yet retired.
async function oldCopy(url) {
  for (const key of await caches.keys()) {
    if (!OWN_CACHES.test(key) || CACHE_NAMES.includes(key)) continue;
    const found = await (await caches.open(key)).match(cacheKey(url));
    if (found) return found;
  }
  return null;
}

async function save(url, response) {
  await (await caches.open(cacheFor(url))).put(cacheKey(url), response);
}

async function hashOf(response) {
  return contentHash(await response.clone().arrayBuffer());
}

// The build's content hash (offline.py): the first 12 hex digits of SHA-256.
async function contentHash(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return [...digest.slice(0, 6)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// A URL as the manifest names it: relative to the scope, directory pages ending in "/".
function pathOf(url) {
  const key = cacheKey(url);
  return key.startsWith(SCOPE.href) ? key.slice(SCOPE.href.length) : null;
}

function cacheKey(url) {
  const u = new URL(url);
  u.search = "";
  u.hash = "";
  if (u.pathname.endsWith("/index.html")) u.pathname = u.pathname.slice(0, -"index.html".length);
  return u.href;
}

function cacheFor(url) {
  const path = new URL(url).href.slice(SCOPE.href.length);
  const owner = MANIFEST.caches.find((c) => c.prefix && path.startsWith(c.prefix));
  return (owner || MANIFEST.caches.find((c) => !c.prefix)).name;
}

async function precache(client) {
  try {
    for (const { name, files } of MANIFEST.caches) {
      const cache = await caches.open(name);
      const missing = [];
      for (const path of Object.keys(files)) {
        const url = new URL(path, SCOPE).href;
        if (!(await cache.match(url))) missing.push(url);
      }
      await inParallel(missing, PARALLEL_DOWNLOADS, async (url) => {
        const { response, saved } = download(url);
        const { ok, status } = await response;
        if (!ok) throw new Error(`${url}: HTTP ${status}`);
        if (!(await saved)) throw new Error(`${url}: the server's copy is not this version's (a deploy under way?)`);
      });
    }
    await retireOldCaches();
    client?.postMessage({ type: "bp-offline", ready: true, version: MANIFEST.version });
  } catch (error) {
    client?.postMessage({ type: "bp-offline", ready: false, error: String(error) });
  }
}

async function inParallel(items, limit, work) {
  const queue = [...items];
  const lanes = Array.from({ length: Math.min(limit, queue.length) }, async () => {
    while (queue.length) await work(queue.shift());
  });
  await Promise.all(lanes);
}
