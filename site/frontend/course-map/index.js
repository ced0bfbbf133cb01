// The home page's module map: each lesson link inside <div class="bp-course-map"> gets a badge with
// its labs' progress (from course.json, which the build writes, and the learner's passed labs).

import { loadCourse, pageHref } from "../progress/course.js";
import { onProgressChange, passed, readProgress } from "../progress/store.js";

export async function mountCourseMap(map) {
  const course = await loadCourse();
  const byPath = new Map(course.pages.map((page) => [pageHref(page), page]));
  const lessons = [...map.querySelectorAll("a[href]")]
    .map((link) => ({ link, page: byPath.get(new URL(link.href, location.href).pathname) }))
    .filter(({ page }) => page);
  const render = (progress) => {
    for (const { link, page } of lessons) badge(link, page, progress);
  };
  render(readProgress());
  onProgressChange(render);
  map.dataset.ready = "true";
}

function badge(link, page, progress) {
  let mark = link.parentElement.querySelector(":scope > .bp-course-map__badge");
  if (!mark) {
    mark = document.createElement("span");
    mark.className = "bp-course-map__badge";
    link.after(mark);
  }
  const total = page.labs.length;
  const done = page.labs.filter((id) => passed(id, progress)).length;
  mark.dataset.state = total === 0 ? "none" : done === total ? "done" : done > 0 ? "started" : "todo";
  if (total === 0) mark.textContent = "no lab";
  else if (total === 1) mark.textContent = done ? "✓ lab passed" : "lab to do";
  else mark.textContent = done === total ? `✓ ${total} labs passed` : `${done} of ${total} labs passed`;
}
