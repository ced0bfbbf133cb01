// Back up and restore: every pass and every saved code cell of this browser in one versioned JSON file,
// and that file merged back, here or in another browser. A file that is not a whole, valid backup of a
// format this site reads changes nothing, and says why.

import { allSavedCode, saveCode } from "../cells/storage.js";
import { addPasses, passed, readProgress } from "./store.js";

export const BACKUP_FORMAT = "backprop-lab-backup";
export const BACKUP_VERSION = 1;
const UNCHANGED = "Nothing was changed.";

// {format, version, saved, labs: {id: {passed, at}}, code: {"<page path>#<cell id>": code}}
export function createBackup(now = new Date()) {
  return { format: BACKUP_FORMAT, version: BACKUP_VERSION, saved: now.toISOString(), labs: readProgress().labs, code: allSavedCode() };
}

export function backupFileName(backup) {
  return `backprop-lab-backup-${backup.saved.slice(0, 10)}.json`;
}

// {backup} when text is a backup this site can restore, else {error}: a sentence for the learner.
export function parseBackup(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    const cut = /^\s*\{/.test(text) && !/\}\s*$/.test(text);
    return { error: cut ? `This backup is cut short: the file ends before its data does. ${UNCHANGED}` : `This file is not a Backprop Lab backup (it is not JSON). ${UNCHANGED}` };
  }
  if (!isObject(data) || data.format !== BACKUP_FORMAT) return { error: `This file is not a Backprop Lab backup. ${UNCHANGED}` };
  if (Number.isInteger(data.version) && data.version > BACKUP_VERSION) {
    return { error: `This backup comes from a newer version of Backprop Lab (format ${data.version}; this site reads format ${BACKUP_VERSION}). ${UNCHANGED}` };
  }
  const wrong = problem(data);
  return wrong ? { error: `This backup is damaged: ${wrong}. ${UNCHANGED}` } : { backup: data };
}

function problem({ version, saved, labs, code }) {
  if (version !== BACKUP_VERSION) return "its format number is missing or not one this site reads";
  if (typeof saved !== "string" || Number.isNaN(Date.parse(saved))) return "its date is not a date";
  if (!isObject(labs)) return "its passed labs are not a list of labs";
  for (const [id, lab] of Object.entries(labs)) {
    if (!isObject(lab) || typeof lab.passed !== "boolean" || typeof lab.at !== "string" || Number.isNaN(Date.parse(lab.at))) return `lab "${id}" is not a pass with its date`;
  }
  if (!isObject(code)) return "its code is not a list of cells";
  for (const [where, text] of Object.entries(code)) {
    if (!/^\/.*#./.test(where) || typeof text !== "string") return `the cell "${where}" is not code for a cell of a page`;
  }
  return null;
}

// What restoring would change here: {passes: new passes, added: cells this browser has no code for,
// replaced: cells whose code here differs (the backup's wins)}.
export function restorePlan(backup) {
  const progress = readProgress();
  const here = allSavedCode();
  const passes = Object.keys(backup.labs).filter((id) => backup.labs[id].passed && !passed(id, progress));
  const added = Object.keys(backup.code).filter((where) => !(where in here));
  const replaced = Object.keys(backup.code).filter((where) => where in here && here[where] !== backup.code[where]);
  return { passes, added, replaced };
}

export function describePlan({ passes, added, replaced }, backup) {
  if (!passes.length && !added.length && !replaced.length) return `This backup (${day(backup.saved)}) holds nothing this browser does not have already.`;
  const parts = [
    passes.length && `marks ${count(passes.length, "lab")} as passed`,
    added.length && `adds your code in ${count(added.length, "cell")}`,
    replaced.length && `replaces your code here in ${count(replaced.length, "cell")} with the backup's`,
  ].filter(Boolean);
  const listed = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : parts[0];
  return `Restore the backup of ${day(backup.saved)}? It ${listed}. Everything else here stays.`;
}

// Merge the backup into this browser (the caller asked first); throws when the browser refuses to store.
export function restoreBackup(backup) {
  saveCode(backup.code);
  addPasses(backup.labs);
}

const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);
export const count = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
const day = (iso) => new Date(iso).toLocaleDateString("en", { year: "numeric", month: "long", day: "numeric" });
