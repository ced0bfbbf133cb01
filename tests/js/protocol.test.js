// worker/protocol.js: which Python functions the page may call, and the version check.
import assert from "node:assert/strict";
import { test } from "node:test";
import { allowed, CALLS, GRADING_CALLS, mismatch, VERSION } from "../../site/frontend/worker/protocol.js";

test("a page's worker may call every listed function but the Check", () => {
  for (const name of Object.keys(CALLS)) {
    const [module, func] = name.split(".");
    assert.equal(allowed("page", module, func), !GRADING_CALLS.includes(name), name);
  }
});

test("a grading worker runs the Check and nothing else", () => {
  assert.ok(allowed("grading", "labs", "check"));
  for (const name of Object.keys(CALLS).filter((n) => !GRADING_CALLS.includes(n))) {
    const [module, func] = name.split(".");
    assert.equal(allowed("grading", module, func), false, name);
  }
});

test("names not on the list are refused, however they are spelled", () => {
  for (const [module, func] of [
    ["os", "system"],
    ["labs", "check.__globals__"],
    ["labs.check", ""],
    ["", "labs.check"],
    ["graph", "constructor"],
    ["__proto__", "toString"],
  ]) {
    assert.equal(allowed("page", module, func), false, `${module}.${func}`);
    assert.equal(allowed("grading", module, func), false, `${module}.${func}`);
  }
});

test("only a message of this version is accepted", () => {
  assert.equal(mismatch({ v: VERSION, type: "result" }), null);
  for (const message of [{ v: VERSION - 1 }, { v: String(VERSION) }, {}, null, undefined]) {
    assert.match(mismatch(message), /different versions of the site.*reload the page/);
  }
});
