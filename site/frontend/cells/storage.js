// Saving learners' code in localStorage, per page and cell; a full or blocked storage is reported.

import { earlierLabIds } from "../progress/renamed.js";

export const CODE_PREFIX = "backprop-lab:code:";
const DELAY_MS = 300;

export function storageKey(widgetId) {
  return `${CODE_PREFIX}${location.pathname}#${widgetId}`;
}

// The saved code, or null. Code saved under a renamed lab's earlier id moves to its id today.
export function loadCode(widgetId) {
  try {
    const code = localStorage.getItem(storageKey(widgetId));
    if (code !== null) return code;
    for (const old of earlierLabIds(widgetId)) {
      const earlier = localStorage.getItem(storageKey(old));
      if (earlier === null) continue;
      localStorage.setItem(storageKey(widgetId), earlier);
      localStorage.removeItem(storageKey(old));
      return earlier;
    }
    return null;
  } catch {
    return null;
  }
}

// Returns save(code): debounced, and flushed when the page is hidden or left. Code equal to the
// starting code is forgotten rather than stored. onError(message) is called once when the browser
// refuses to store (full or blocked); onSaved() after a save that worked again.
export function autosaver(widgetId, startingCode, { onError, onSaved } = {}) {
  if (typeof startingCode === "function") return autosaver(widgetId, null, { onError: startingCode }); // (id, onError)
  let timer = null;
  let pending = null;
  let failing = false;
  const write = () => {
    clearTimeout(timer);
    if (pending === null) return;
    const code = pending;
    pending = null;
    try {
      if (code === startingCode) localStorage.removeItem(storageKey(widgetId));
      else localStorage.setItem(storageKey(widgetId), code);
      if (failing) onSaved?.();
      failing = false;
    } catch (error) {
      if (!failing) onError?.(refusal(error));
      failing = true;
    }
  };
  addEventListener("pagehide", write);
  addEventListener("visibilitychange", () => document.visibilityState === "hidden" && write());
  const save = (code) => {
    pending = code;
    clearTimeout(timer);
    timer = setTimeout(write, DELAY_MS);
  };
  save.flush = write;
  return save;
}

function refusal(error) {
  return `Not saved: ${whyNotStored(error)}. Keep editing; copy your code somewhere before you leave the page.`;
}

// Why the browser refused to store (the error localStorage.setItem threw), in the learner's words.
export function whyNotStored(error) {
  return error?.name === "QuotaExceededError" ? "the browser's storage for this site is full" : "this browser blocks storage for this site";
}

export function forgetCode(widgetId) {
  try {
    localStorage.removeItem(storageKey(widgetId));
  } catch {
    /* nothing was stored */
  }
}

// Every saved cell's code, by where it stands ("<page path>#<cell id>"): what a backup holds.
export function allSavedCode() {
  const code = {};
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith(CODE_PREFIX)) code[key.slice(CODE_PREFIX.length)] = localStorage.getItem(key);
    }
  } catch {
    /* blocked: nothing saved */
  }
  return code;
}

// Store code for cells by where they stand (a restored backup); throws when the browser refuses.
export function saveCode(entries) {
  for (const [where, code] of Object.entries(entries)) localStorage.setItem(CODE_PREFIX + where, code);
}
