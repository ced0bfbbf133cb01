// What both trainers (the moons page and the names page) share around a run: the status line that
// speaks for them, the words for work that waits on Python, and starting Python as they come near.

// The trainer's status line: say(text, state) sets its text and the trainer's data-state.
export function createReadout(root, text, isStepping) {
  const readout = document.createElement("p");
  readout.className = "bp-trainer__readout";
  readout.setAttribute("role", "status");
  readout.setAttribute("aria-label", "Training progress");
  readout.textContent = text;
  const say = (message, state) => {
    // Screen readers hear how a run starts and ends, not every one of its steps.
    readout.setAttribute("aria-live", state === "training" && isStepping() ? "off" : "polite");
    readout.textContent = message;
    root.dataset.state = state;
  };
  return { readout, say };
}

// "Building the network…" when Python can start at once; otherwise what will happen once it is ready.
export function starting(client, doing, what) {
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
