// Labs: every ```python lab="id" fence on the page. Each gets its own namespace ("lab:<id>"); the
// graders are loaded in the worker right after Python starts, before any learner code can run.

import { python } from "../python/client.js";
import { mountLab } from "./lab.js";

export function mountLabs(widgets) {
  if (!widgets.length) return [];
  const client = python();
  const labs = widgets.map((widget) => mountLab(widget));
  const ids = widgets.map(({ data }) => data.id);
  // Queued as soon as the worker starts (after start() returns, before any click can queue code).
  const prepare = () => queueMicrotask(() => client.call("lab_runner", "prepare", { labs: ids }).catch(() => {}));
  if (client.state !== "idle") prepare();
  else {
    const onState = ({ detail }) => {
      if (detail.state === "idle") return;
      client.removeEventListener("state", onState);
      prepare();
    };
    client.addEventListener("state", onState);
  }
  client.addEventListener("restart", prepare);
  return labs;
}
