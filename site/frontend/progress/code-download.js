// Download my code: the worker's Python (learner_engine/download.py) makes one zip of the learner's
// engine, microgpt.py on it and a notebook per module with the learner's code in its cells.

import { allSavedCode } from "../cells/storage.js";
import { python } from "../worker-client/client.js";
import { loadCourse, loadNotebooks, pageHref, savedLabCode } from "./course.js";
import { readProgress } from "./store.js";

// Resolves with {name, blob, summary}; throws an Error whose message is a sentence for the learner.
// onNews(text) hears how Python's start goes (a first visit downloads it).
export async function makeCodeZip(onNews) {
  const [course, notebooks] = await Promise.all([loadCourse(), loadNotebooks()]);
  const saved = allSavedCode();
  const progress = readProgress();
  const passed = Object.keys(progress.labs).filter((lab) => progress.labs[lab]?.passed);
  const labs = savedLabCode(course, saved);
  const modules = notebooks.modules.map((module) => ({
    ...module,
    lessons: module.lessons.map((lesson) => ({
      ...lesson,
      cells: lesson.cells.map((cell) => {
        if (!("code" in cell)) return cell;
        const mine = saved[`${pageHref(lesson)}#${cell.id}`] ?? (cell.kind === "lab" ? labs[cell.id] : undefined);
        return mine === undefined ? cell : { ...cell, code: mine, mine: true };
      }),
    })),
  }));
  const client = python();
  const listen = ({ detail }) => detail.state === "loading" && onNews(`Starting Python to put your code together: ${detail.detail}…`);
  client.addEventListener("state", listen);
  let result;
  try {
    result = await client.call("learner_engine", "download", { saved: labs, passed, modules, day: new Date().toISOString().slice(0, 10) });
  } finally {
    client.removeEventListener("state", listen);
  }
  if (!result?.ok) throw new Error(result?.error?.message ?? "Python could not make the zip");
  const bytes = Uint8Array.from(atob(result.zip), (c) => c.charCodeAt(0));
  return { name: result.name, blob: new Blob([bytes], { type: "application/zip" }), summary: describe(result, modules) };
}

function describe({ name, pieces, left_out: leftOut }, modules) {
  const yours = pieces.filter((p) => p.yours).length;
  const engine = yours ? `your engine (${yours} of its ${pieces.length} pieces yours, the course's for the rest)` : "the course's engine (pass the engine labs to make it yours)";
  const cells = modules.flatMap((m) => m.lessons.flatMap((l) => l.cells)).filter((c) => c.mine).length;
  const missing = Object.keys(leftOut);
  const kept = missing.length ? ` Your code of lab ${missing.join(" and ")} could not go in the engine (the README says why); it is in the notebooks.` : "";
  const notebooks = cells ? `${modules.length} notebooks with your code in ${cells} cell${cells === 1 ? "" : "s"}` : `${modules.length} notebooks of the course's cells (you have changed none yet)`;
  return `Saved ${name}: ${engine}, microgpt.py to train the GPT on it, and ${notebooks}.${kept} Unzip it and read its README.`;
}
