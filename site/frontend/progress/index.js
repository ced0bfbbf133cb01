// Progress through the course: passed labs (localStorage), finished lessons in the navigation, and
// "N of M labs passed" on the home page (wherever a <div class="bp-progress"></div> stands), with the
// panel that backs up and restores the learner's work beside it.

import { loadCourse } from "./course.js";
import { mountBackupPanel } from "./backup-panel.js";
import { mountHomeProgress } from "./home.js";
import { markFinishedLessons } from "./nav.js";
import { onProgressChange, readProgress } from "./store.js";

export { markPassed, passed, passedAt, progressSaved, readProgress } from "./store.js";

export async function mountProgress() {
  const course = await loadCourse();
  const holder = document.querySelector(".bp-progress");
  const home = holder ? mountHomeProgress(holder, course, readProgress()) : null;
  if (holder) mountBackupPanel(holder);
  const render = (progress) => {
    markFinishedLessons(course, progress);
    home?.render(progress);
  };
  render(readProgress());
  onProgressChange(render);
}
