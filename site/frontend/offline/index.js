// The page's side of the service worker (sw.js at the site root): register it, ask it to save the
// site and Pyodide for offline use, and reload once when that makes the page cross-origin isolated.

const SW_URL = new URL("../../sw.js", import.meta.url); // main.js lives in <site>/assets/backprop/
const RELOAD_KEY = "backprop-lab:isolation-reload";
// Set while this browser refuses our worker: a fact about the browser, so outside "backprop-lab:",
// the learner's own keys (their progress and code, which a backup carries).
const REFUSED_KEY = "bp-browser:service-worker-refused";
const RELOAD_GAP_MS = 10_000; // at most one automatic reload in this long: never a loop
const TAKEOVER_MS = 3000; // how long a first visit waits for the new worker before going on without it
const PRELOAD_PATIENCE_MS = 30_000; // how long a reload waits for the downloads <head> started

// The build marks pages served by `mkdocs serve` (which sends the headers itself); ?no-sw opts out.
export function serviceWorkerWanted() {
  return (
    "serviceWorker" in navigator &&
    document.querySelector('meta[name="backprop-offline"]')?.content !== "off" &&
    !new URLSearchParams(location.search).has("no-sw")
  );
}

// Whether a page with code might reload itself once the worker is in control (so Python should wait).
// A browser that refused the worker last time (blocked by a setting or policy) will not reload either:
// its Python starts at once instead of after the refusal, a quarter of a warm start.
export function mayReloadForIsolation() {
  return serviceWorkerWanted() && !self.crossOriginIsolated && !remembered(REFUSED_KEY);
}

// Resolves true when the page is reloading itself to become isolated (start nothing more then).
// isolate: the page has code, so isolation matters; mayReload(): nothing the learner did would be lost.
export async function setUpOffline({ isolate, mayReload = () => true }) {
  if (!serviceWorkerWanted()) return false;
  let registration = null;
  try {
    registration = await navigator.serviceWorker.register(SW_URL, { type: "classic" });
  } catch {
    /* blocked or unsupported here: the page works, just not offline */
  }
  remember(REFUSED_KEY, !registration); // undefined: a browser (or test harness) that blocks service workers
  if (!registration) return false;
  try {
    listenForOfflineReady(registration);
    if (isolate && !self.crossOriginIsolated && (await controlled(registration))) {
      // A reload would cut Pyodide's downloads off and start them again; finished, they are in the
      // HTTP cache, and the reloaded page's service worker only has to revalidate them.
      await preloadsDone();
      if (mayReload() && reloadAllowed()) {
        location.reload();
        return true;
      }
    }
  } catch {
    /* the worker went away: the page works, just not offline */
  }
  return false;
}

// Ask the worker to save what is missing; call when the page has finished its own downloads.
export async function saveForOffline() {
  if (!serviceWorkerWanted()) return;
  try {
    const registration = await navigator.serviceWorker.ready;
    registration.active?.postMessage({ type: "precache" });
  } catch {
    /* no worker: nothing to save */
  }
}

function listenForOfflineReady(registration) {
  navigator.serviceWorker.addEventListener("message", ({ data }) => {
    if (data?.type !== "bp-offline") return;
    document.documentElement.dataset.offline = data.ready ? "ready" : "failed";
    if (data.version) document.documentElement.dataset.offlineVersion = data.version;
    document.dispatchEvent(new CustomEvent("bp-offline", { detail: data }));
    letNewVersionTakeOver(registration);
  });
  navigator.serviceWorker.startMessages();
}

// A new version of the site waits (sw.js's install says why) until this page is idle: its Python is up
// and the worker has answered its precache, so none of its requests is in flight. Then, or once a new
// version has installed later, the new worker takes over; the next load runs the new version. A page
// that is being left is not idle: the next page's request is already with the old worker, and a
// handover then would leave that navigation hanging.
let idle = false;
let leaving = false;
addEventListener("beforeunload", () => { leaving = true; });
addEventListener("pagehide", () => { leaving = true; });
addEventListener("pageshow", ({ persisted }) => { if (persisted) leaving = false; }); // back from the bfcache
function letNewVersionTakeOver(registration) {
  const takeOver = () => leaving || registration.waiting?.postMessage({ type: "take-over" });
  if (!idle) {
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker?.addEventListener("statechange", () => worker.state === "installed" && takeOver());
    });
  }
  idle = true;
  takeOver();
}

// Whether the worker controls this page (waiting briefly for a first install to take over).
function controlled(registration) {
  if (navigator.serviceWorker.controller) return Promise.resolve(true);
  // A worker already active but not in control means a hard reload (which bypasses it): a plain reload fixes that.
  if (registration.active && !registration.installing && !registration.waiting) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), TAKEOVER_MS);
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      clearTimeout(timer);
      resolve(true);
    }, { once: true });
  });
}

// Resolves once every <link rel=preload> has loaded or failed (or after PRELOAD_PATIENCE_MS).
function preloadsDone() {
  const done = (link) =>
    performance.getEntriesByName(link.href).length // a resource timing entry appears when it has finished
      ? Promise.resolve()
      : new Promise((resolve) => {
          link.addEventListener("load", resolve, { once: true });
          link.addEventListener("error", resolve, { once: true });
        });
  const links = [...document.querySelectorAll('link[rel="preload"]')];
  return Promise.race([Promise.all(links.map(done)), new Promise((resolve) => setTimeout(resolve, PRELOAD_PATIENCE_MS))]);
}

function reloadAllowed() {
  try {
    const last = Number(sessionStorage.getItem(RELOAD_KEY) || 0);
    if (Date.now() - last < RELOAD_GAP_MS) return false;
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
    return true;
  } catch {
    return false; // without sessionStorage we could not tell a loop from a first reload
  }
}

// A flag in localStorage (which a browser that blocks storage may refuse too: then nothing is remembered).
function remembered(key) {
  try {
    return localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

function remember(key, on) {
  try {
    if (on) localStorage.setItem(key, "1");
    else localStorage.removeItem(key);
  } catch {
    /* not remembered: the next visit waits for the refusal again */
  }
}
