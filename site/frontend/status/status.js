// The Python status line shown on pages with code: loading, ready (and how long it took), running, failed.

import { python } from "../python/client.js";

const WORDS = {
  idle: "Python will load when needed",
  loading: "Python is loading…",
  ready: "Python is ready",
  busy: "Python is running…",
  error: "Python failed to load",
};

export function mountStatus(container) {
  const client = python();
  const bar = document.createElement("div");
  bar.className = "bp-status";
  bar.setAttribute("role", "status");
  bar.setAttribute("aria-live", "polite");
  const text = document.createElement("span");
  const retry = document.createElement("button");
  retry.type = "button";
  retry.className = "md-button bp-button";
  retry.textContent = "Retry";
  retry.hidden = true;
  retry.addEventListener("click", () => client.restart("Retrying"));
  bar.append(text, retry);
  container.prepend(bar);

  const render = () => {
    const { state, detail } = client;
    bar.dataset.state = state;
    const suffix = state === "ready" && client.bootMs != null ? ` (loaded in ${(client.bootMs / 1000).toFixed(1)} s)` : detail && state !== "ready" ? `: ${detail}` : "";
    text.textContent = WORDS[state] + suffix;
    retry.hidden = state !== "error";
  };
  client.addEventListener("state", render);
  render();
}
