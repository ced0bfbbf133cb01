// The home page's progress: "N of M labs passed", and a way to start again.

import { button } from "../dom.js";
import { allLabs } from "./course.js";
import { passed, resetProgress } from "./store.js";

export function mountHomeProgress(holder, course, progress) {
  holder.classList.add("bp-progress--ready");
  const line = document.createElement("p");
  line.className = "bp-progress__line";
  line.setAttribute("role", "status");
  const bar = document.createElement("progress");
  bar.className = "bp-progress__bar";
  const reset = button("Reset progress", "bp-progress__reset", () => ask());
  const confirm = document.createElement("div");
  confirm.className = "bp-progress__confirm";
  confirm.hidden = true;
  holder.replaceChildren(line, bar, reset, confirm);

  function ask() {
    const yes = button("Forget my progress", "bp-progress__yes md-button--primary", () => {
      resetProgress();
      confirm.hidden = true;
      reset.focus();
    });
    const text = document.createElement("p");
    text.textContent = "Forget which labs you passed? Your code in the labs stays.";
    confirm.replaceChildren(text, yes, button("Keep it", "bp-progress__no", () => { confirm.hidden = true; reset.focus(); }));
    confirm.hidden = false;
    yes.focus();
  }

  function render(current) {
    const labs = allLabs(course);
    const done = labs.filter((id) => passed(id, current)).length;
    line.textContent = `${done} of ${labs.length} labs passed`;
    bar.max = Math.max(labs.length, 1);
    bar.value = done;
    bar.setAttribute("aria-label", line.textContent);
    reset.disabled = done === 0 && Object.keys(current.labs).length === 0;
  }

  render(progress);
  return { render };
}
