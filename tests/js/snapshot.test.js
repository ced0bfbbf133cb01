// worker/snapshot.js: the shipped copy of Python's memory leaves its zero pages out and gets them back.
import assert from "node:assert/strict";
import { test } from "node:test";
import { loadSnapshot, packPages, unpackPages } from "../../site/frontend/worker/snapshot.js";

const joined = (parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

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
  const memory = new Uint8Array(4096 * 3);
  memory[5000] = 7;
  const packed = joined(packPages(memory));
  const asked = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (url) => {
    asked.push(String(url));
    return new Response(null, { status: 404 });
  };
  try {
    const kept = await loadSnapshot({ snapshot: "v1" }, "http://site/", { key: "v1", packed });
    assert.equal(kept.shared, true);
    assert.deepEqual(kept.memory, memory);
    assert.deepEqual(asked, [], "nothing downloaded");
    assert.equal(await loadSnapshot({ snapshot: "v2" }, "http://site/", { key: "v1", packed }), null);
    assert.deepEqual(asked, ["http://site/python-snapshot.gz?v=v2"], "another build's copy is downloaded");
  } finally {
    globalThis.fetch = realFetch;
  }
});
