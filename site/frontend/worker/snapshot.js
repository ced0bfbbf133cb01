// A copy of Python's memory right after it started, made at build time (make-snapshot.mjs) and shipped
// gzipped, zero pages left out, beside python.zip: every visit, the first included, restores it instead of starting the
// interpreter and importing the worker's Python (several times faster). It holds the standard library
// and our Python as imported from this build's python.zip, so it is made anew whenever that changes.
// Files are not in it: the worker still unpacks python.zip (tracebacks and the engine's source read them).

// Where the worker unpacks python.zip, first on sys.path.
export const HOME = "/home/pyodide/backprop";

// Standard-library modules the worker, the engine and the graders import: imported once, kept in the copy.
export const WARM_IMPORTS = "import builtins, collections.abc, dataclasses, gc, importlib, json, linecache, math, " +
  "operator, pathlib, pkgutil, random, re, time, traceback, types";

// Our Python as every worker boots it (the page's and a Check's), marked with python.zip's hash.
export const ourImports = (python) =>
  `import sys; sys.path.insert(0, ${JSON.stringify(HOME)}); import backprop_worker, backprop_worker.runner, ` +
  `backprop_worker.labs; backprop_worker.PYTHON_ZIP = ${JSON.stringify(python)}`;

// After a restore: our Python in the copy is kept only if it came from this python.zip (a cache may hand
// out another version's copy during a redeploy); otherwise it is forgotten and imported from the files.
export const keepOursIf = (python) =>
  "import sys\n" +
  `if getattr(sys.modules.get("backprop_worker"), "PYTHON_ZIP", None) != ${JSON.stringify(python ?? "")}:\n` +
  `    for name in [n for n, m in sys.modules.items() if (getattr(m, "__file__", None) or "").startswith(${JSON.stringify(HOME)})]:\n` +
  "        del sys.modules[name]\n" +
  `if ${JSON.stringify(HOME)} not in sys.path:\n` +
  `    sys.path.insert(0, ${JSON.stringify(HOME)})\n`;

// Half of Python's memory is pages of zeros: the shipped copy leaves them out, which halves the bytes
// each start unzips (a tenth of a second of every page's start and every Check's). Its layout:
// [total bytes, u32][a byte per 4 KiB page: 1 if it is kept][the kept pages, in order].
const PAGE = 4096;

export function packPages(memory) {
  const pages = Math.ceil(memory.length / PAGE);
  const kept = new Uint8Array(pages);
  const parts = [];
  for (let i = 0; i < pages; i++) {
    const page = memory.subarray(i * PAGE, (i + 1) * PAGE);
    if (page.some((byte) => byte !== 0)) {
      kept[i] = 1;
      parts.push(page);
    }
  }
  const head = new Uint8Array(4);
  new DataView(head.buffer).setUint32(0, memory.length, true);
  return [head, kept, ...parts];
}

export function unpackPages(packed) {
  const total = new DataView(packed.buffer, packed.byteOffset, 4).getUint32(0, true);
  const pages = Math.ceil(total / PAGE);
  const memory = new Uint8Array(total);
  let at = 4 + pages;
  for (let i = 0; i < pages; i++) {
    if (!packed[4 + i]) continue;
    const length = Math.min(PAGE, total - i * PAGE);
    memory.set(packed.subarray(at, at + length), i * PAGE);
    at += length;
  }
  return memory;
}

// The unzipped copy, kept in Cache Storage once a visit has unzipped it: reading 15 MB back costs a
// sixth of fetching and unzipping the shipped 6 MB (about 25 ms against 180 ms on a 2-core machine),
// most of what a warm start can still save. One entry, this build's; the service worker's "off"
// version deletes it with its own caches.
export const UNZIPPED_CACHE = "bp-unzipped-snapshot";
const unzippedUrl = (base, key) => new URL(`python-snapshot.unzipped?v=${key}`, base).href;

async function unzippedCache() {
  try {
    return (await globalThis.caches?.open(UNZIPPED_CACHE)) ?? null; // none outside a secure context
  } catch {
    return null; // storage blocked
  }
}

async function readUnzipped(base, key) {
  try {
    const hit = await (await unzippedCache())?.match(unzippedUrl(base, key));
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

// After Python has started (off the wait): this build's copy in, any other version's out.
// The bytes are copied before it returns, so the caller may transfer them.
export async function keepUnzipped(base, key, packed) {
  const response = new Response(packed);
  const cache = await unzippedCache();
  if (!cache) return;
  const url = unzippedUrl(base, key);
  try {
    for (const request of await cache.keys()) if (request.url !== url) await cache.delete(request);
    await cache.put(url, response);
  } catch {
    // a full disk: the next visit unzips again
  }
}

// A copy that failed to restore is not tried again.
export async function forgetUnzipped(base, key) {
  try {
    await (await unzippedCache())?.delete(unzippedUrl(base, key));
  } catch {
    // nothing to forget
  }
}

// The shipped copy for this build (named in build.json), as {key, memory, packed, from}: from `shared` (the
// packed bytes a worker of this page unzipped before, {key, packed}) when it is this build's, else from
// the unzipped copy an earlier visit kept, else downloaded and unzipped. Null when the build has none or
// it cannot be read; the worker then starts Python the slow way.
export async function loadSnapshot(info, base, shared = null) {
  if (!info?.snapshot) return null;
  const key = info.snapshot;
  const found = (packed, from) => ({ key, memory: unpackPages(packed), packed, from });
  if (shared?.key === key && shared.packed instanceof Uint8Array) return found(shared.packed, "page");
  const kept = await readUnzipped(base, key);
  if (kept) return found(kept, "cache");
  if (typeof DecompressionStream === "undefined") return null;
  try {
    const response = await fetch(new URL(`python-snapshot.gz?v=${key}`, base));
    if (!response.ok) return null;
    const unzipped = new Response(response.body.pipeThrough(new DecompressionStream("gzip")));
    return found(new Uint8Array(await unzipped.arrayBuffer()), "download");
  } catch {
    return null;
  }
}
