// How often a screen reader hears a trainer's progress: its status line changes every frame while steps
// arrive, and is quiet then (aria-live off); a copy of the line goes to a polite live region at most once
// every EVERY_MS, and never sooner than EVERY_MS after the line itself last spoke (a run's start).

export const EVERY_MS = 10_000;

// said(now, stepping) for each new line (now from performance.now()): true when this one is to be heard
// through the progress region; a line said while not stepping is heard from the status line itself.
export function progressAnnouncer(everyMs = EVERY_MS) {
  let spoke = -Infinity;
  return {
    said(now, stepping) {
      if (stepping && now - spoke < everyMs) return false;
      spoke = now;
      return stepping;
    },
  };
}
