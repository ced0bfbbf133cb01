// Hints, one at a time ("Hint 1 of 3"), fetched from the lab's grader in the worker.

import { python } from "../worker-client/client.js";
import { element, setDisabled } from "../dom.js";
import { richText } from "./text.js";

export function createHints(parent, data, button) {
  const list = element("ol", "bp-hints");
  list.setAttribute("aria-live", "polite");
  list.setAttribute("aria-label", "Hints");
  list.hidden = true;
  parent.append(list);
  let shown = 0;

  async function next() {
    if (shown >= data.hints) return;
    setDisabled(button, true);
    try {
      const hint = await python().call("labs", "hint", { lab: data.id, index: shown });
      if (typeof hint?.text !== "string") throw new Error(hint?.error?.message || "no hint came back");
      const item = element("li", "bp-hint");
      item.append(element("strong", "bp-hint__count", `Hint ${hint.index + 1} of ${hint.count}: `));
      richText(item, hint.text);
      list.append(item);
      list.hidden = false;
      shown += 1;
    } catch (error) {
      const item = element("li", "bp-hint bp-hint--error", `The hint could not be loaded (${error.message}). Try again.`);
      list.append(item);
      list.hidden = false;
    } finally {
      setDisabled(button, shown >= data.hints);
      button.title = shown >= data.hints ? "That was the last hint" : `Show hint ${shown + 1} of ${data.hints}`;
    }
  }

  button.title = `Show hint 1 of ${data.hints}`;
  return { next };
}
