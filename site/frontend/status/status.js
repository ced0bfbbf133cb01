// The Python status line shown on pages with code: loading (with progress), ready (and how long it
// took), running, or failed (with the reason and Retry). It also says when the page works offline.

import { python } from "../worker-client/client.js";

const WORDS = {
  idle: "Python will load when needed",
  loading: "Python is loading…",
  ready: "Python is ready",
  busy: "Python is running…",
  error: "Python failed to load",
};

const megabytes = (bytes) => (bytes / 1e6).toFixed(1);

export function mountStatus(container) {
  const client = python();
  const bar = document.createElement("div");
  bar.className = "bp-status";
  const text = document.createElement("span");
  text.className = "bp-status__text";
  text.setAttribute("role", "status");
  // Byte counts change ten times a second: shown, but outside the live region (the meter has them).
  const numbers = document.createElement("span");
  numbers.className = "bp-status__numbers";
  numbers.setAttribute("aria-hidden", "true");
  const meter = document.createElement("progress");
  meter.className = "bp-status__progress";
  meter.setAttribute("aria-label", "Python download");
  meter.hidden = true;
  const retry = document.createElement("button");
  retry.type = "button";
  retry.className = "md-button bp-button";
  retry.textContent = "Retry";
  retry.hidden = true;
  retry.addEventListener("click", () => client.restart("Retrying"));
  const offline = document.createElement("span");
  offline.className = "bp-status__offline";
  bar.append(text, numbers, meter, retry, offline);
  container.prepend(bar);

  const render = () => {
    const { state, detail, progress } = client;
    bar.dataset.state = state;
    let words = WORDS[state];
    if (state === "ready" && client.bootMs != null) words += ` (loaded in ${(client.bootMs / 1000).toFixed(1)} s)`;
    else if (state !== "ready" && state !== "busy" && detail) words += ` ${state === "error" ? "—" : "·"} ${detail}`;
    if (text.textContent !== words) text.textContent = words;
    numbers.textContent = state === "loading" && progress ? `${megabytes(progress.loaded)} of ${megabytes(progress.total)} MB` : "";
    meter.hidden = !(state === "loading" && progress);
    if (progress) {
      meter.max = progress.total;
      meter.value = progress.loaded;
    }
    retry.hidden = state !== "error";
  };
  client.addEventListener("state", render);
  render();

  document.addEventListener("bp-offline", ({ detail }) => {
    offline.textContent = detail.ready ? "Works offline" : "";
    offline.title = detail.ready ? "This site and Python are saved in your browser: lessons open without a network." : "";
  });
}
