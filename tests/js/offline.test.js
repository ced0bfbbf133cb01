// offline/index.js: a browser that refused the service worker once starts Python at once next time.
import assert from "node:assert/strict";
import { test } from "node:test";

// The page's globals the module reads: a navigator whose register() answers as `answer` says.
const store = new Map();
let answer;
const globals = {
  self: globalThis,
  addEventListener: () => {},
  document: { querySelector: () => null },
  location: { search: "" },
  crossOriginIsolated: false,
  localStorage: {
    getItem: (key) => (store.has(key) ? store.get(key) : null),
    setItem: (key, value) => store.set(key, String(value)),
    removeItem: (key) => store.delete(key),
  },
  navigator: {
    serviceWorker: {
      register: async () => answer(),
      addEventListener: () => {},
      startMessages: () => {},
      controller: {},
    },
  },
};
for (const [name, value] of Object.entries(globals)) Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
const { mayReloadForIsolation, setUpOffline } = await import("../../site/frontend/offline/index.js");

test("a refusal is remembered, and forgotten once the browser takes the worker", async () => {
  assert.equal(mayReloadForIsolation(), true, "a first visit may reload into isolation");
  answer = () => undefined; // what a browser (or Playwright) that blocks service workers gives
  assert.equal(await setUpOffline({ isolate: true }), false);
  assert.equal(mayReloadForIsolation(), false, "the next visit starts Python without waiting");
  answer = () => ({ active: {}, addEventListener: () => {} }); // the setting was changed back
  assert.equal(await setUpOffline({ isolate: false }), false);
  assert.equal(mayReloadForIsolation(), true);
});

test("a register() that throws counts as a refusal", async () => {
  answer = () => {
    throw new DOMException("The operation is insecure.", "SecurityError");
  };
  assert.equal(await setUpOffline({ isolate: true }), false);
  assert.equal(mayReloadForIsolation(), false);
});

test("without localStorage nothing is remembered and nothing breaks", async () => {
  store.clear();
  const throwing = () => {
    throw new DOMException("denied", "SecurityError");
  };
  globalThis.localStorage = { getItem: throwing, setItem: throwing, removeItem: throwing };
  answer = () => undefined;
  assert.equal(await setUpOffline({ isolate: true }), false);
  assert.equal(mayReloadForIsolation(), true, "it waits for the refusal again, as before");
});
