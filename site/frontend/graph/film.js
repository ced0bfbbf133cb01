// Film controls: which pass, Play/Pause, Step back, Step forward, a scrubber and the speed.
// Plain buttons, a range and a select, so the keyboard works as everywhere else; with
// prefers-reduced-motion the steps still advance, the CSS just stops animating them.

import { button, setDisabled } from "../dom.js";

const STEP_MS = 1400;
const PASSES = { forward: "Forward pass", backward: "Backward pass" };

// getFilm(): {forward: [...frames], backward: [...frames]}; onView(view | null) repaints.
export function createFilm(parent, { getFilm, onView, initialMode }) {
  const box = document.createElement("div");
  box.className = "bp-film";
  box.setAttribute("role", "group");
  box.setAttribute("aria-label", "Film of the forward and backward passes");
  const bar = document.createElement("div");
  bar.className = "bp-film__bar";
  const caption = document.createElement("p");
  caption.className = "bp-film__caption";
  caption.setAttribute("aria-live", "polite");
  box.append(bar, caption);
  parent.append(box);

  let mode = initialMode;
  let frame = null; // null: at rest, showing the values as traced
  let timer = null;

  const passButtons = Object.entries(PASSES).map(([key, label]) => {
    const b = button(label, "bp-film__pass", () => choose(key));
    b.dataset.pass = key;
    return b;
  });
  const passes = document.createElement("span");
  passes.className = "bp-film__passes";
  passes.setAttribute("role", "group");
  passes.setAttribute("aria-label", "Pass");
  passes.append(...passButtons);
  const back = button("Step back", "bp-film__back", () => go((frame ?? last()) - 1));
  const play = button("Play", "bp-film__play md-button--primary", () => (timer ? pause() : start()));
  const forward = button("Step forward", "bp-film__forward", () => go(frame === null || frame >= last() ? 0 : frame + 1));
  const scrubber = document.createElement("input");
  scrubber.type = "range";
  scrubber.min = "0";
  scrubber.step = "1";
  scrubber.className = "bp-film__scrubber";
  scrubber.setAttribute("aria-label", "Step");
  scrubber.addEventListener("input", () => {
    pause();
    go(Number(scrubber.value));
  });
  const speedLabel = document.createElement("label");
  speedLabel.className = "bp-film__speed";
  speedLabel.textContent = "Speed ";
  const speed = document.createElement("select");
  for (const [value, text] of [["0.5", "0.5×"], ["1", "1×"], ["2", "2×"]]) speed.add(new Option(text, value, value === "1", value === "1"));
  speed.addEventListener("change", () => timer && (pause(), start()));
  speedLabel.append(speed);
  bar.append(passes, back, play, forward, scrubber, speedLabel);

  const frames = () => getFilm()[mode];
  const last = () => frames().length - 1;

  function choose(key) {
    pause();
    mode = key;
    go(0);
  }

  function go(k) {
    frame = Math.max(0, Math.min(last(), k));
    sync();
    onView({ mode, frame });
  }

  function start() {
    if (frame === null || frame >= last()) go(0);
    play.textContent = "Pause";
    timer = setInterval(() => {
      if (frame >= last()) pause();
      else go(frame + 1);
    }, STEP_MS / Number(speed.value));
  }

  function pause() {
    clearInterval(timer);
    timer = null;
    play.textContent = "Play";
  }

  function sync() {
    const k = frame ?? last();
    passButtons.forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.pass === mode)));
    scrubber.max = String(last());
    scrubber.value = String(k);
    scrubber.setAttribute("aria-valuetext", `${PASSES[mode]}, step ${k} of ${last()}`);
    setDisabled(back, k <= 0);
    const text = frame === null ? `Press Play to watch the ${mode} pass, or step through it.` : `Step ${frame} of ${last()}: ${frames()[frame].caption}`;
    caption.textContent = text;
    box.dataset.mode = mode;
    box.dataset.frame = frame === null ? "rest" : String(frame);
  }

  // A new graph (after a nudge): back to rest, same pass.
  function reset() {
    pause();
    frame = null;
    sync();
    onView(null);
  }

  sync();
  return { element: box, reset, go, get view() { return frame === null ? null : { mode, frame }; } };
}
