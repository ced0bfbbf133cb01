// Marks finished lessons (every lab on them passed) in Material's navigation.

import { pageHref } from "./course.js";
import { passed } from "./store.js";

const MARK = "bp-nav-done";

export function markFinishedLessons(course, progress) {
  const finished = new Set(
    course.pages.filter((p) => p.labs.length && p.labs.every((id) => passed(id, progress))).map(pageHref),
  );
  for (const link of document.querySelectorAll("a.md-nav__link[href]")) {
    const target = new URL(link.href, location.href);
    const done = !target.hash && finished.has(target.pathname); // links with a #hash are the table of contents

    const mark = link.querySelector(`:scope > .${MARK}`);
    link.classList.toggle("bp-nav--finished", done);
    if (done && !mark) link.append(finishedMark());
    if (!done && mark) mark.remove();
  }
}

function finishedMark() {
  const mark = document.createElement("span");
  mark.className = MARK;
  mark.title = "Finished: every lab passed";
  const icon = document.createElement("span");
  icon.setAttribute("aria-hidden", "true");
  icon.textContent = "✓";
  const words = document.createElement("span");
  words.className = "bp-sr";
  words.textContent = " (finished)";
  mark.append(icon, words);
  return mark;
}
