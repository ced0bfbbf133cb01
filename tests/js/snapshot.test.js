// worker/snapshot.js: the shipped copy of Python's memory leaves its zero pages out and gets them back.
import assert from "node:assert/strict";
import { test } from "node:test";
import { forgetUnzipped, keepUnzipped, loadSnapshot, packPages, unpackPages, UNZIPPED_CACHE } from "../../site/frontend/worker/snapshot.js";

const joined = (parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

// work(asked) on a network that has nothing (404), noting every URL asked for; the real fetch back after.
async function withNoNetwork(work) {
  const asked = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (url) => {
    asked.push(String(url));
    return new Response(null, { status: 404 });
  };
  try {
    await work(asked);
  } finally {
    globalThis.fetch = realFetch;
  }
}

// Three pages of memory with one byte set, and the memory packed.
function memoryWith(at, value) {
  const memory = new Uint8Array(4096 * 3);
  memory[at] = value;
  return { memory, packed: joined(packPages(memory)) };
}

test("memory with zero pages, bytes near page edges and a short last page comes back byte for byte", () => {
  const memory = new Uint8Array(4096 * 5 + 100);
  memory[0] = 1; // page 0 kept
  memory[4096 * 2 - 1] = 2; // page 1 kept by its last byte
  memory[4096 * 5 + 99] = 3; // the short last page kept; pages 2, 3 and 4 are zeros
  const packed = joined(packPages(memory));
  assert.equal(packed.length, 4 + 6 + 4096 * 2 + 100);
  assert.deepEqual(unpackPages(packed), memory);
});

test("all zeros pack to the length and the page map alone", () => {
  const memory = new Uint8Array(3 * 4096);
  const packed = joined(packPages(memory));
  assert.equal(packed.length, 4 + 3);
  assert.deepEqual(unpackPages(packed), memory);
});

test("a later worker starts from the page's unzipped copy of this build, and downloads another build's", async () => {
  const { memory, packed } = memoryWith(5000, 7);
  await withNoNetwork(async (asked) => {
    const kept = await loadSnapshot({ snapshot: "v1" }, "http://site/", { key: "v1", packed });
    assert.equal(kept.from, "page");
    assert.deepEqual(kept.memory, memory);
    assert.deepEqual(asked, [], "nothing downloaded");
    assert.equal(await loadSnapshot({ snapshot: "v2" }, "http://site/", { key: "v1", packed }), null);
    assert.deepEqual(asked, ["http://site/python-snapshot.gz?v=v2"], "another build's copy is downloaded");
  });
});

// Cache Storage as the worker sees it: named caches of URL -> Response.
function fakeCaches() {
  const named = new Map();
  return {
    named,
    async open(name) {
      if (!named.has(name)) named.set(name, new Map());
      const entries = named.get(name);
      return {
        match: async (url) => entries.get(String(url))?.clone(),
        keys: async () => [...entries.keys()].map((url) => ({ url })),
        delete: async (request) => entries.delete(typeof request === "string" ? request : request.url),
        put: async (url, response) => {
          entries.set(String(url), response);
        },
      };
    },
  };
}

test("a visit after the first reads the unzipped copy it kept; only this build's copy is kept", async () => {
  const { memory, packed } = memoryWith(9000, 9);
  globalThis.caches = fakeCaches();
  await withNoNetwork(async (asked) => {
    const stored = keepUnzipped("http://site/", "v1", packed);
    packed.fill(0); // the worker transfers the bytes to the page at once: the copy is taken before
    await stored;
    const kept = await loadSnapshot({ snapshot: "v1" }, "http://site/");
    assert.equal(kept.from, "cache");
    assert.deepEqual(kept.memory, memory);
    assert.deepEqual(asked, [], "nothing downloaded");
    await keepUnzipped("http://site/", "v2", joined(packPages(memory)));
    const entries = [...globalThis.caches.named.get(UNZIPPED_CACHE).keys()];
    assert.deepEqual(entries, ["http://site/python-snapshot.unzipped?v=v2"], "v1's copy is gone");
    assert.equal(await loadSnapshot({ snapshot: "v1" }, "http://site/"), null, "v1 is downloaded (here: 404)");
    await forgetUnzipped("http://site/", "v2");
    assert.equal(await loadSnapshot({ snapshot: "v2" }, "http://site/"), null, "a forgotten copy is not read");
    assert.deepEqual(asked, ["http://site/python-snapshot.gz?v=v1", "http://site/python-snapshot.gz?v=v2"]);
  }).finally(() => {
    delete globalThis.caches;
  });
});
