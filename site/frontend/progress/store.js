// Which labs the learner passed, in localStorage: {"labs": {"<id>": {"passed": true, "at": "<iso time>"}}}.
// Other tabs and features hear of changes through the window event "bp-progress".

import { migrateProgress } from "./renamed.js";

export const PROGRESS_KEY = "backprop-lab:progress";
const EVENT = "bp-progress";

let memory = null; // where progress lives when the browser refuses to store it

export function readProgress() {
  try {
    const stored = memory ?? JSON.parse(localStorage.getItem(PROGRESS_KEY));
    if (stored && typeof stored.labs === "object" && stored.labs !== null) {
      const { progress, changed } = migrateProgress(stored);
      if (changed && memory === null) keep(progress);
      return structuredClone(progress);
    }
  } catch {
    /* unreadable or blocked: no progress */
  }
  return { labs: {} };
}

// Whether progress is in localStorage (false: the browser refused it; it lasts while this page is open).
export function progressSaved() {
  return memory === null;
}

// When the lab was first passed, or null (none recorded, or not a date).
export function passedAt(labId, progress = readProgress()) {
  const at = new Date(progress.labs[labId]?.at ?? NaN);
  return Number.isNaN(at.getTime()) ? null : at;
}

export function passed(labId, progress = readProgress()) {
  return progress.labs[labId]?.passed === true;
}

// Progress under renamed labs' ids today, stored quietly (if storage refuses, the next read moves it again).
function keep(progress) {
  try {
    localStorage.setItem(PROGRESS_KEY, JSON.stringify(progress));
  } catch {
    /* full or blocked */
  }
}

function write(progress) {
  try {
    localStorage.setItem(PROGRESS_KEY, JSON.stringify(progress));
    memory = null;
  } catch {
    memory = progress; // storage full or blocked: progress lasts while this page is open
  }
  window.dispatchEvent(new CustomEvent(EVENT, { detail: progress }));
}

// The first time a lab passes is the time that counts. The first pass of all asks the browser to keep
// this site's storage (Safari, for one, clears script-written storage of a site not visited for 7 days).
export function markPassed(labId) {
  const progress = readProgress();
  if (passed(labId, progress)) return;
  if (!Object.values(progress.labs).some((lab) => lab.passed)) navigator.storage?.persist?.().catch(() => {});
  progress.labs[labId] = { passed: true, at: new Date().toISOString() };
  write(progress);
}

// Passes from elsewhere (a restored backup) added to this browser's: the earlier time of a pass counts.
export function addPasses(labs) {
  const progress = readProgress();
  for (const [id, lab] of Object.entries(labs)) {
    if (!lab.passed) continue;
    const here = passedAt(id, progress);
    if (!here || new Date(lab.at) < here) progress.labs[id] = { passed: true, at: lab.at };
  }
  write(progress);
}

export function resetProgress() {
  write({ labs: {} });
}

export function onProgressChange(listener) {
  window.addEventListener(EVENT, () => listener(readProgress()));
  window.addEventListener("storage", (event) => {
    if (event.key === PROGRESS_KEY || event.key === null) listener(readProgress());
  });
}
