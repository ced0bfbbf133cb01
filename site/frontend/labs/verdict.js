// The verdict region of a lab: pass / fail / error, each check with what was tried, expected vs got
// (with the tolerance), the learner's traceback, the hint of a known mistake it matches or the likely
// cause read from the case (with a picture of the learner's graph, its first wrong node marked).

import { element } from "../dom.js";
import { showCausePicture } from "./picture.js";
import { richText } from "./text.js";

const LABELS = { pass: "Passed", fail: "Not yet", error: "Could not check" };

export function createVerdict(parent) {
  const region = element("div", "bp-verdict");
  region.setAttribute("role", "status");
  region.setAttribute("aria-live", "polite");
  parent.append(region);

  function summary(kind, text) {
    const p = element("p", "bp-verdict__summary");
    p.append(element("strong", "", `${LABELS[kind]}: `));
    richText(p, text);
    return p;
  }

  return {
    element: region,
    checking(budgetSeconds) {
      delete region.dataset.verdict;
      region.dataset.checking = "true";
      region.replaceChildren(element("p", "bp-verdict__summary", `Checking… (it is stopped after ${budgetSeconds} s)`));
    },
    // verdict: lab_checks.grading's verdict data; extra: sentences the page adds (why it stopped).
    show(verdict, extra = []) {
      const kind = LABELS[verdict.verdict] ? verdict.verdict : "error";
      delete region.dataset.checking;
      const text = verdict.verdict === "pass" ? verdict.summary.replace(/^Passed: /, "") : verdict.summary.replace(/^Not yet: /, "");
      // A screen reader hears the summary; the checks, with their tables, are there to read at will.
      const details = element("div", "bp-verdict__details");
      details.setAttribute("aria-live", "off");
      if (verdict.checks?.length) details.append(checkList(verdict.checks));
      if (kind === "error" && verdict.error?.traceback) details.append(element("p", "bp-verdict__note", "The traceback is in the Output above."));
      if (verdict.note) {
        const note = element("p", "bp-verdict__note bp-verdict__raised");
        richText(note, verdict.note);
        details.append(note);
      }
      region.replaceChildren(summary(kind, [text, ...extra].join(" ")), details);
      region.dataset.verdict = kind;
      if (verdict.ms !== undefined) region.dataset.pythonMs = String(verdict.ms);
    },
  };
}

function checkList(checks) {
  const list = element("ol", "bp-verdict__checks");
  for (const check of checks) list.append(checkItem(check));
  return list;
}

function checkItem(check) {
  const item = element("li", "bp-check");
  item.dataset.passed = String(check.passed);
  const head = element("p", "bp-check__head");
  if (check.skipped) {
    // a slow check (training) runs only once the quick ones pass
    item.dataset.skipped = "true";
    head.append(element("span", "bp-check__mark", "–"), element("span", "bp-sr", "not run: "));
    head.append(element("span", "bp-check__name", check.name));
    head.append(element("span", "bp-check__cases", " (not run yet: it runs once the checks above pass)"));
    item.append(head);
    return item;
  }
  head.append(element("span", "bp-check__mark", check.passed ? "✓" : "✗"));
  head.append(element("span", "bp-sr", check.passed ? "passed: " : "failed: "));
  head.append(element("span", "bp-check__name", check.name));
  if (check.passed) head.append(element("span", "bp-check__cases", ` (${check.cases} random ${check.cases === 1 ? "case" : "cases"})`));
  item.append(head);
  if (check.passed) return item;

  if (check.tried) {
    item.append(element("p", "bp-check__label", "Tried:"));
    const pre = element("pre", "bp-check__tried");
    pre.append(element("code", "", check.tried.replace(/\n+$/, "")));
    item.append(pre);
  }
  if (check.rows?.length) {
    // A wide table (a phone, long lists of numbers) scrolls itself, not the page; a region in the tab
    // order, so a keyboard can scroll it too.
    const scroll = element("div", "bp-check__scroll");
    scroll.tabIndex = 0;
    scroll.setAttribute("role", "region");
    scroll.setAttribute("aria-label", `Cases tried by ${check.name}`);
    scroll.append(table(check.rows));
    item.append(scroll, tolerance(check));
  }
  if (check.error) {
    item.append(element("p", "bp-check__label", "Your code raised an error:"));
    item.append(element("pre", "bp-check__error", check.error.traceback));
  }
  if (check.hint) {
    const hint = element("p", "bp-check__hint");
    hint.append(element("strong", "", "Likely cause: "));
    richText(hint, check.hint);
    item.append(hint);
    if (check.picture) showCausePicture(item, check.picture, hint);
  }
  return item;
}

function table(rows) {
  const t = element("table", "bp-check__table");
  const head = element("tr");
  for (const name of ["", "expected", "got"]) {
    const th = element("th", "", name);
    th.scope = "col";
    head.append(th);
  }
  t.append(element("thead"), element("tbody"));
  t.tHead.append(head);
  for (const row of rows) {
    const tr = element("tr");
    tr.dataset.ok = String(row.ok);
    const what = element("th");
    what.scope = "row";
    what.append(element("code", "", row.what));
    tr.append(what, element("td", "", row.expected));
    const got = element("td", "", row.got);
    got.append(element("span", "bp-check__ok", row.ok ? "\u00a0✓" : "\u00a0✗")); // the mark stays beside the number
    tr.append(got);
    t.tBodies[0].append(tr);
  }
  return t;
}

function tolerance(check) {
  return element(
    "p",
    "bp-check__tol",
    `Numbers count as equal when they differ by at most ${check.tol} (times the expected number, when that is bigger than 1).`,
  );
}
