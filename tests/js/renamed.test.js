// progress/renamed.js: a renamed lab keeps its learners' progress and saved code.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

// The browser globals store.js and storage.js use, in memory.
const items = new Map();
globalThis.localStorage = {
  getItem: (key) => (items.has(key) ? items.get(key) : null),
  setItem: (key, value) => items.set(key, String(value)),
  removeItem: (key) => items.delete(key),
};
globalThis.location = { pathname: "/designs/two-designs/" };
globalThis.window = globalThis;
beforeEach(() => items.clear());

const { currentLabId, earlierLabIds, migrateProgress, RENAMED_LABS } = await import("../../site/frontend/progress/renamed.js");
const { PROGRESS_KEY, passed, readProgress } = await import("../../site/frontend/progress/store.js");
const { loadCode, storageKey } = await import("../../site/frontend/cells/storage.js");

test("closure-mul is closure-ops today, and renames follow each other", () => {
  assert.equal(RENAMED_LABS["closure-mul"], "closure-ops");
  assert.equal(currentLabId("closure-mul"), "closure-ops");
  assert.equal(currentLabId("value-ops"), "value-ops");
  const chain = { a: "b", b: "c", loop: "loop" };
  assert.equal(currentLabId("a", chain), "c");
  assert.equal(currentLabId("loop", chain), "loop");
  assert.deepEqual(earlierLabIds("c", chain), ["b", "a"]);
  assert.deepEqual(earlierLabIds("closure-ops"), ["closure-mul"]);
});

test("a pass saved under the old id counts for the new one, and is stored under it", () => {
  const at = "2026-11-30T10:00:00.000Z";
  items.set(PROGRESS_KEY, JSON.stringify({ labs: { "closure-mul": { passed: true, at }, slope: { passed: true, at } } }));
  assert.ok(passed("closure-ops"));
  assert.deepEqual(JSON.parse(items.get(PROGRESS_KEY)).labs, { "closure-ops": { passed: true, at }, slope: { passed: true, at } });
  assert.equal(readProgress().labs["closure-mul"], undefined);
});

test("a record under the new id is kept over the old one's", () => {
  const progress = { labs: { "closure-mul": { passed: true, at: "old" }, "closure-ops": { passed: true, at: "new" } } };
  const { progress: migrated, changed } = migrateProgress(progress);
  assert.ok(changed);
  assert.deepEqual(migrated.labs, { "closure-ops": { passed: true, at: "new" } });
  assert.deepEqual(migrateProgress({ labs: { slope: { passed: true } } }).changed, false);
});

test("code saved under the old id opens in the renamed lab, and moves to its key", () => {
  items.set(storageKey("closure-mul"), "my closures");
  assert.equal(loadCode("closure-ops"), "my closures");
  assert.equal(items.get(storageKey("closure-ops")), "my closures");
  assert.equal(items.has(storageKey("closure-mul")), false);
});

test("code saved under the new id wins, and other labs' code is untouched", () => {
  items.set(storageKey("closure-mul"), "old");
  items.set(storageKey("closure-ops"), "new");
  assert.equal(loadCode("closure-ops"), "new");
  assert.equal(loadCode("value-ops"), null);
  assert.equal(items.get(storageKey("closure-mul")), "old");
});
