// Labs: every ```python lab="id" fence on the page. Each gets its own namespace ("lab:<id>") in the
// page's Python; its Check runs in a Python of its own (worker-client/checks.js), where the graders are
// loaded before any learner code runs.

import { labChecks } from "../worker-client/checks.js";
import { mountLab } from "./lab.js";

export function mountLabs(widgets) {
  if (!widgets.length) return [];
  const checks = labChecks(widgets.map(({ data }) => data.id));
  return widgets.map((widget) => mountLab(widget, checks));
}
