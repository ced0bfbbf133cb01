// A saved copy of Python's memory right after it started, kept in the browser's Cache Storage:
// the next visit restores it instead of starting the interpreter again (several times faster).
// It holds Python and the standard library only (the repo's Python is unpacked after it), so it is named
// by Pyodide's version alone: rebuilding the site, or editing engine/, keeps it valid.

const CACHE = "bp-python-snapshot";
// Standard-library modules the worker, the engine and the graders import: imported once, kept in the copy.
export const WARM_IMPORTS = "import builtins, collections.abc, dataclasses, gc, importlib, json, linecache, math, " +
  "operator, pathlib, pkgutil, random, re, time, traceback, types";

function keyFor(info, base) {
  return new URL(`python-snapshot/${info.pyodide}`, base).href;
}

// The saved copy for this build, or null (none yet, or Cache Storage unavailable).
export async function loadSnapshot(info, base) {
  if (!info?.pyodide || !self.caches) return null;
  try {
    const response = await (await caches.open(CACHE)).match(keyFor(info, base));
    return response ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

// Keep this build's copy and drop the others.
export async function saveSnapshot(info, base, bytes) {
  if (!info?.pyodide || !self.caches) return;
  try {
    const cache = await caches.open(CACHE);
    const key = keyFor(info, base);
    for (const old of await cache.keys()) if (old.url !== key) await cache.delete(old);
    await cache.put(key, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
  } catch {
    /* no room or no Cache Storage: the next visit starts Python the slow way */
  }
}

export async function forgetSnapshot() {
  try {
    await caches.delete(CACHE);
  } catch {
    /* nothing saved */
  }
}
