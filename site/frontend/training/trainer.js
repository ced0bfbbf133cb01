// What both trainers (the moons page and the names page) share: the status line that speaks for them,
// one run's skeleton (the call, its "training" events drawn once a frame, Stop, what its end means),
// the words for work that waits on Python, and starting Python as they come near.

import { element, setDisabled } from "../dom.js";
import { progressAnnouncer } from "./announce.js";

// The trainer's form made whole: its buttons in one row, a submit runs onSubmit (Enter does, where the
// form has a submit button), and under it the status line ({readout, say}: say(text, state) sets its text
// and the trainer's data-state), where a setting the browser refuses is said. intro is the line's first
// text; isStepping() whether steps are arriving.
export function finishForm(root, form, buttons, onSubmit, intro, isStepping) {
  const actions = document.createElement("div");
  actions.className = "bp-trainer__actions";
  actions.append(...buttons);
  form.append(actions);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    onSubmit();
  });
  const line = createReadout(root, intro, isStepping);
  sayWhenInvalid(form, line.say);
  return line;
}

function createReadout(root, text, isStepping) {
  const readout = document.createElement("p");
  readout.className = "bp-trainer__readout";
  readout.setAttribute("role", "status");
  readout.setAttribute("aria-label", "Training progress");
  readout.textContent = text;
  // Screen readers hear how a run starts and ends, and where it is now and then (announce.js).
  const progress = element("p", "bp-trainer__announcer bp-visually-hidden");
  progress.setAttribute("aria-live", "polite");
  const announcer = progressAnnouncer();
  const say = (message, state) => {
    const stepping = state === "training" && isStepping();
    readout.setAttribute("aria-live", stepping ? "off" : "polite");
    readout.textContent = message;
    root.dataset.state = state;
    if (announcer.said(performance.now(), stepping)) progress.textContent = message;
    else if (!stepping) progress.textContent = ""; // no stale step left for a reader browsing the page
  };
  root.append(progress);
  return { readout, say };
}

// One call at a time into the trainer's module: its buttons and fields are disabled while it runs, Stop
// only then. onEvent(payload) gets each "training" event; onFrame() draws, at most once a frame (many
// steps can arrive between two frames); say is the readout's (createReadout).
export function createRunner(client, module, { controls, stopButton, onEvent, onFrame, say }) {
  let pending = null;
  let frame = 0;

  const setRunning = (on) => {
    for (const control of controls) setDisabled(control, on);
    setDisabled(stopButton, !on);
  };

  const schedule = () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      onFrame();
    });
  };

  // The call's result (after its last frame is cancelled), or null when a call is already running. The
  // readout says `doing` ("Building the network…") in the trainer's `state` meanwhile.
  async function call(func, args, { doing, state }) {
    if (pending) return null;
    setRunning(true);
    pending = client.call(module, func, args, (type, message) => {
      if (type !== "event" || message.kind !== "training") return;
      onEvent(message.payload);
      schedule();
    });
    say(starting(client, doing, state), state);
    const result = await pending;
    pending = null;
    cancelAnimationFrame(frame);
    frame = 0;
    setRunning(false);
    return result;
  }

  async function stop() {
    if (!pending) return;
    setDisabled(stopButton, true);
    await client.stop(pending.requestId);
  }

  return { call, stop, get running() { return pending !== null; } };
}

// What a call's end means: {ended: "done" | "stopped" | "restarted" | "failed", message?, engineBroken?}.
// A ValueError is the trainer refusing a setting and EngineBroken the learner's engine failing (the
// error, with the lab to revisit), both said in their own words; anything else shows Python's traceback.
export function ending(result) {
  if (result?.ok) return { ended: "done" };
  const error = result?.error || { message: "Python did not answer." };
  if (error.type === "Restarted" || result?.restarted) return { ended: "restarted" };
  if (error.type === "KeyboardInterrupt" || error.type === "Cancelled") return { ended: "stopped" };
  const plain = error.type === "ValueError" || error.type === "EngineBroken"; // said in the trainer's own words
  return { ended: "failed", message: plain ? error.message : error.traceback || error.message, setting: plain, engineBroken: error.type === "EngineBroken" ? error : null };
}

// The browser refuses to submit a field out of range (no submit event): say which, replacing older news.
function sayWhenInvalid(form, say) {
  form.addEventListener("invalid", ({ target }) => say(`${target.labels?.[0]?.textContent ?? "A setting"}: ${target.validationMessage}`, "error"), true);
}

// "Building the network…" when Python can start at once; otherwise what will happen once it is ready.
function starting(client, doing, what) {
  return client.state === "ready" || client.state === "busy" ? doing : `Python is loading; ${what} starts as soon as it is ready…`;
}

// Start Python when the trainer comes near the screen (every button needs it), then run then().
export function whenNear(root, client, then) {
  const near = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    near.disconnect();
    if (client.state === "idle") client.start();
    then();
  }, { rootMargin: "400px" });
  near.observe(root);
}

export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
