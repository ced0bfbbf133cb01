// Saving learners' code in localStorage, per page and cell; a full or blocked storage is reported.

const PREFIX = "backprop-lab:code:";
const DELAY_MS = 300;

export function storageKey(widgetId) {
  return `${PREFIX}${location.pathname}#${widgetId}`;
}

export function loadCode(widgetId) {
  try {
    return localStorage.getItem(storageKey(widgetId));
  } catch {
    return null;
  }
}

// Returns save(code): debounced; onError(message) is called when the browser refuses to store.
export function autosaver(widgetId, onError) {
  let timer = null;
  return (code) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      try {
        localStorage.setItem(storageKey(widgetId), code);
      } catch (error) {
        onError?.(`Your code could not be saved in this browser (${error.name}); keep editing, but copy it before you leave.`);
      }
    }, DELAY_MS);
  };
}

export function forgetCode(widgetId) {
  try {
    localStorage.removeItem(storageKey(widgetId));
  } catch {
    /* nothing was stored */
  }
}
