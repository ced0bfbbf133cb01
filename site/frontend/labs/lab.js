// One lab: a code widget (editor, Run/Stop/Reset, Output) in its own namespace, plus Check, Hint and
// Solution, a verdict region, and the lab's progress.

import { mountCodeWidget } from "../cells/cell.js";
import { button, element } from "../dom.js";
import { markPassed, passed, passedAt, progressSaved, readProgress } from "../progress/index.js";
import { createHints } from "./hints.js";
import { createSolution } from "./solution.js";
import { createVerdict } from "./verdict.js";

export const CHECK_BUDGET_MS = 10_000;

export function mountLab({ element: root, data }, checks) {
  const widget = mountCodeWidget(root, data, {
    scope: `lab:${data.id}`,
    note: "This lab has its own variables. Check runs your code afresh on hidden random cases.",
  });
  const badge = element("p", "bp-lab__passed");
  root.querySelector(".bp-lab__title")?.after(badge);
  const showBadge = (progress) => {
    badge.hidden = !passed(data.id, progress);
    const at = passedAt(data.id, progress);
    const unsaved = progressSaved() ? "" : " This browser would not store it (storage full or blocked), so it is gone after a reload.";
    badge.textContent = badge.hidden ? "" : `✓ You passed this lab${at ? ` on ${at.toLocaleDateString()}` : ""}.${unsaved}`;
    badge.dataset.saved = String(!unsaved);
    root.dataset.passed = String(!badge.hidden);
  };
  showBadge(readProgress());
  window.addEventListener("bp-progress", () => showBadge(readProgress()));

  const checkButton = button("Check", "bp-check-button md-button--primary", () => check());
  const hintButton = button("Hint", "bp-hint-button", () => hints.next());
  const solutionButton = button("Solution", "bp-solution-button", () => solution.ask());
  const note = widget.toolbar.querySelector(".bp-toolbar__note");
  widget.toolbar.insertBefore(element("span", "bp-toolbar__gap"), note);
  for (const b of [checkButton, hintButton, solutionButton]) widget.toolbar.insertBefore(b, note);
  const stopButton = widget.toolbar.querySelector(".bp-stop-button");
  warmOnIntent(root, checkButton, checks);

  const verdict = createVerdict(root);
  const hints = createHints(root, data, hintButton);
  const solution = createSolution(root, data, widget);

  let stopped = false;
  let timedOut = false;
  stopButton.addEventListener("click", () => {
    stopped = true;
  });

  async function check() {
    if (widget.running) return;
    stopped = false;
    timedOut = false;
    verdict.checking(CHECK_BUDGET_MS / 1000);
    const started = performance.now();
    const args = { lab: data.id, code: widget.editor.code };
    const pending = widget.execute("call", { module: "labs", func: "check", args }, { via: checks });
    const budget = startBudget(checks, () => {
      timedOut = true;
      stopButton.click();
    });
    const result = await pending;
    budget.cancel();
    verdict.element.dataset.checkMs = String(Math.round(performance.now() - started));
    show(result);
  }

  function show(result) {
    if (result?.printed) {
      widget.output.notice("Your code printed this during the check:");
      widget.output.stream("stdout", result.printed);
    }
    // A Check's Python ends at once when stopped, so its answer may come before our click listener runs.
    if (timedOut || stopped || result?.error?.type === "Stopped") {
      // Only what is known: it had not finished. Slow and endless look the same from here.
      const why = timedOut
        ? `The check had not finished after ${CHECK_BUDGET_MS / 1000} s, so it was stopped. Press Run to see where your code spends its time.`
        : "You stopped the check.";
      return verdict.show({ verdict: "error", summary: why });
    }
    if (result?.verdict) {
      if (result.raised) widget.showError(result.raised); // the lines after the lab's definitions raised
      const extra = result.reason === "interrupted" ? ["Your code raised KeyboardInterrupt, which stops a check."] : [];
      const summary = result.reason === "interrupted" ? "The check was stopped." : result.summary;
      verdict.show({ ...result, summary }, extra);
      if (result.verdict === "pass") markPassed(data.id);
      return;
    }
    const message = result?.error?.message || "Python did not answer.";
    verdict.show({ verdict: "error", summary: `The check could not run: ${message}` });
  }

  return { root, widget, check };
}

// The Check's own Python boots when the learner starts on the lab (the editor or a button focused or
// tapped, the pointer on Check), and again after each Check once they go on: not for a reader who
// scrolls past (a second Python costs a phone tens of MB and a second of work).
function warmOnIntent(root, checkButton, checks) {
  const warm = () => checks.warm();
  root.addEventListener("focusin", warm);
  root.addEventListener("pointerdown", warm);
  checkButton.addEventListener("pointerenter", warm);
}

// The time budget counts from when the Check's Python is ready (loading it is not the learner's code's time).
function startBudget(checks, onTimeout) {
  let timer = null;
  let cancelled = false;
  Promise.resolve(checks.ready)
    .catch(() => {})
    .then(() => {
      if (!cancelled) timer = setTimeout(onTimeout, CHECK_BUDGET_MS);
    });
  return {
    cancel() {
      cancelled = true;
      clearTimeout(timer);
    },
  };
}
