// The course map the build writes (assets/backprop/course.json): every page in nav order with its labs;
// and the course as notebooks (notebooks.json), which Download my code fills with the learner's code.

import { allSavedCode } from "../cells/storage.js";

const COURSE_URL = new URL("./course.json", import.meta.url);
const NOTEBOOKS_URL = new URL("./notebooks.json", import.meta.url);
export const SITE_ROOT = new URL("../../", import.meta.url); // main.js lives in <root>/assets/backprop/

let course = null;

// {"pages": [{"url", "title", "labs": [ids]}]}; an empty course when it cannot be read.
export function loadCourse() {
  course ??= fetch(COURSE_URL)
    .then((r) => (r.ok ? r.json() : { pages: [] }))
    .catch(() => ({ pages: [] }));
  return course;
}

// {"modules": [{number, title, file, lessons: [{url, title, cells}]}]} (site/backprop_site/notebooks.py).
export async function loadNotebooks() {
  const response = await fetch(NOTEBOOKS_URL);
  if (!response.ok) throw new Error(`the course's notebooks could not be read (HTTP ${response.status})`);
  return response.json();
}

export function allLabs(courseMap) {
  return courseMap.pages.flatMap((page) => page.labs);
}

export function pageHref(page) {
  return new URL(page.url, SITE_ROOT).pathname;
}

// Every saved lab's code by lab id (the key is "<page path>#<lab id>"); a lab's own page wins a tie.
export function savedLabCode(course, saved = allSavedCode()) {
  const byLab = {};
  for (const [where, code] of Object.entries(saved)) {
    const hash = where.lastIndexOf("#");
    const lab = where.slice(hash + 1);
    const page = course.pages.find((p) => p.labs.includes(lab));
    if (!(lab in byLab) || (page && where.slice(0, hash) === pageHref(page))) byLab[lab] = code;
  }
  return byLab;
}
