// progress/backup.js: which files are backups this site restores, and why the others are refused.
import assert from "node:assert/strict";
import { test } from "node:test";
import { BACKUP_FORMAT, describePlan, parseBackup } from "../../site/frontend/progress/backup.js";

const GOOD = { format: BACKUP_FORMAT, version: 1, saved: "2026-12-01T00:00:00.000Z", labs: { slope: { passed: true, at: "2026-11-30T10:00:00Z" } }, code: { "/slopes/nudge-it/#slope": "x = 1" } };

test("a whole backup of format 1 is read as it is", () => {
  assert.deepEqual(parseBackup(JSON.stringify(GOOD)), { backup: GOOD });
});

test("each kind of bad file gets its own reason, and says nothing changed", () => {
  const cases = [
    ["notes about a lesson", /it is not JSON/],
    [JSON.stringify({ nbformat: 4, cells: [] }), /not a Backprop Lab backup\./],
    [JSON.stringify({ ...GOOD, version: 7 }), /newer version of Backprop Lab \(format 7; this site reads format 1\)/],
    [JSON.stringify(GOOD).slice(0, 60), /cut short/],
    [JSON.stringify({ ...GOOD, version: "1" }), /format number is missing/],
    [JSON.stringify({ ...GOOD, saved: "soon" }), /its date is not a date/],
    [JSON.stringify({ ...GOOD, labs: [] }), /passed labs are not a list of labs/],
    [JSON.stringify({ ...GOOD, labs: { slope: { passed: "yes", at: "2026-11-30" } } }), /lab "slope" is not a pass/],
    [JSON.stringify({ ...GOOD, code: { "slope": "x = 1" } }), /the cell "slope" is not code/],
    [JSON.stringify({ ...GOOD, code: { "/p/#c": 5 } }), /the cell "\/p\/#c" is not code/],
  ];
  for (const [text, reason] of cases) {
    const { backup, error } = parseBackup(text);
    assert.equal(backup, undefined, text);
    assert.match(error, reason, text);
    assert.match(error, /Nothing was changed\.$/, text);
  }
});

test("the confirmation lists what changes", () => {
  const plan = { passes: ["slope", "backward"], added: ["/a/#1"], replaced: [] };
  assert.match(describePlan(plan, GOOD), /^Restore the backup of December 1, 2026\? It marks 2 labs as passed and adds your code in 1 cell\. Everything else here stays\.$/);
  assert.match(describePlan({ passes: [], added: [], replaced: [] }, GOOD), /holds nothing this browser does not have already/);
});
