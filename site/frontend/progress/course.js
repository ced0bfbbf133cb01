// The course map the build writes (assets/backprop/course.json): every page in nav order with its labs.

const COURSE_URL = new URL("./course.json", import.meta.url);
export const SITE_ROOT = new URL("../../", import.meta.url); // main.js lives in <root>/assets/backprop/

let course = null;

// {"pages": [{"url", "title", "labs": [ids]}]}; an empty course when it cannot be read.
export function loadCourse() {
  course ??= fetch(COURSE_URL)
    .then((r) => (r.ok ? r.json() : { pages: [] }))
    .catch(() => ({ pages: [] }));
  return course;
}

export function allLabs(courseMap) {
  return courseMap.pages.flatMap((page) => page.labs);
}

export function pageHref(page) {
  return new URL(page.url, SITE_ROOT).pathname;
}
