// training/announce.js: a trainer's progress is heard at most once every EVERY_MS while it trains.
import assert from "node:assert/strict";
import { test } from "node:test";
import { EVERY_MS, progressAnnouncer } from "../../site/frontend/training/announce.js";

// A run's lines at one a frame: its start at 0 (not stepping), steps until `ms`, its end: what is heard
// through the progress region, as [time, …].
function heard(ms, frame = 16) {
  const announcer = progressAnnouncer();
  const times = [];
  announcer.said(0, false);
  for (let now = frame; now < ms; now += frame) if (announcer.said(now, true)) times.push(now);
  assert.equal(announcer.said(ms, false), false, "the end is heard from the status line");
  return times;
}

test("a minute of steps is heard every EVERY_MS, not every frame", () => {
  const times = heard(6 * EVERY_MS);
  assert.equal(times.length, 5, `heard at ${times}`); // at 1, 2, 3, 4 and 5 × EVERY_MS; the end at 6
  for (let i = 1; i < times.length; i++) assert.ok(times[i] - times[i - 1] >= EVERY_MS, `${times[i]} too soon`);
  assert.ok(times[0] >= EVERY_MS, "the first progress waits EVERY_MS after the start was heard");
});

test("a run shorter than EVERY_MS is heard at its start and end only", () => {
  assert.deepEqual(heard(EVERY_MS - 1), []);
});

test("a new run waits its turn after its own start, not after the last run's progress", () => {
  const announcer = progressAnnouncer();
  announcer.said(0, false);
  assert.equal(announcer.said(EVERY_MS, true), true);
  announcer.said(EVERY_MS + 100, false); // stopped, then started again
  assert.equal(announcer.said(EVERY_MS + 200, true), false);
  assert.equal(announcer.said(2 * EVERY_MS + 100, true), true);
});
