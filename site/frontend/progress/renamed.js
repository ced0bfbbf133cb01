// Labs renamed after learners began using them: old id -> new id. Progress and saved code are kept
// under a lab's id, so renaming a lab without an entry here loses them (lessons/authors.md, 4.1).
export const RENAMED_LABS = Object.freeze({
  "closure-mul": "closure-ops", // 2026-12: the 3.1 lab asks for the closures of ** and tanh
});

// The lab's id today: follows renames, old -> newer -> newest.
export function currentLabId(id, renamed = RENAMED_LABS) {
  const seen = new Set();
  while (Object.hasOwn(renamed, id) && !seen.has(id)) {
    seen.add(id);
    id = renamed[id];
  }
  return id;
}

// Every earlier id of the lab id, newest first.
export function earlierLabIds(id, renamed = RENAMED_LABS) {
  const earlier = Object.keys(renamed).filter((old) => old !== id && currentLabId(old, renamed) === id);
  return earlier.reverse();
}

// Progress with each renamed lab's record under its id today; changed says whether any moved. A
// record already under the new id is kept.
export function migrateProgress(progress, renamed = RENAMED_LABS) {
  const labs = {};
  let changed = false;
  for (const [id, record] of Object.entries(progress.labs)) {
    const now = currentLabId(id, renamed);
    if (now === id) labs[id] = record;
    else changed = true;
  }
  for (const [id, record] of Object.entries(progress.labs)) {
    const now = currentLabId(id, renamed);
    if (now !== id && !(now in labs)) labs[now] = record;
  }
  return { progress: { ...progress, labs }, changed };
}
