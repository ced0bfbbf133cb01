// plots/numbers.js: chart ticks and hover values below 0.001 are numbers, not "0".
import assert from "node:assert/strict";
import { test } from "node:test";
import { tickText, valueText } from "../../site/frontend/plots/numbers.js";

test("log-axis ticks from 1e-12 to 1e6 each print their own value", () => {
  const ticks = [1e-12, 1e-9, 1e-6, 1e-5, 1e-4, 0.001, 0.01, 0.1, 1, 10, 100, 1e5, 1e6];
  assert.deepEqual(ticks.map(tickText), ["1e-12", "1e-9", "1e-6", "1e-5", "1e-4", "0.001", "0.01", "0.1", "1", "10", "100", "1e+5", "1e+6"]);
  assert.deepEqual([2e-7, 5e-4, 0.25, 0, -3e-8].map(tickText), ["2e-7", "5e-4", "0.25", "0", "-3e-8"]);
});

test("hover values keep four significant digits at any size", () => {
  assert.deepEqual([1.234567e-7, 9.0e-5, 0.0012346, 0.5, 123.456, 2.5e6, null].map(valueText), [
    "1.235e-7", "9e-5", "0.001235", "0.5", "123.5", "2.5e+6", "—",
  ]);
});
