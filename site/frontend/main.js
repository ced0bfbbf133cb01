// The page script: finds the widgets the build embedded and brings each feature to life.

import { mountRunCells } from "./cells/index.js";
import { mountCourseMap } from "./course-map/index.js";
import { mountEngineSources } from "./engine-source/index.js";
import { mountGraphs } from "./graph/index.js";
import { mountLabs } from "./labs/index.js";
import { renderMath } from "./math/index.js";
import { mayReloadForIsolation, saveForOffline, setUpOffline } from "./offline/index.js";
import { mountProgress } from "./progress/index.js";
import { python } from "./python/client.js";
import { mountStatus } from "./status/status.js";
import "./plots/index.js"; // plot() in cells: the "plot" output renderer
import { mountTrainers } from "./training/index.js";

function widgetsOfKind(kind) {
  return [...document.querySelectorAll(`.bp-widget[data-kind="${kind}"]`)].map((element) => ({
    element,
    data: JSON.parse(element.querySelector(":scope > script.bp-data").textContent),
  }));
}

function main() {
  const runs = widgetsOfKind("run");
  const labs = widgetsOfKind("lab");
  const trainers = [...document.querySelectorAll(".bp-trainer")]; // lesson 5's live training
  const sources = [...document.querySelectorAll(".bp-engine-source")]; // lesson 6.1's editable engine/
  const code = runs.length + labs.length + trainers.length + sources.length > 0;
  const client = python();
  // Python and the service worker first, so their work overlaps drawing the page. Offline copies and
  // cross-origin isolation come from our service worker; on a first visit the page may reload once to
  // become isolated (before Python starts then, so nothing is lost or loaded twice).
  if (code && !mayReloadForIsolation()) client.start();
  const untouched = () => client.state === "idle" && !document.querySelector(".bp-widget[data-edited]");
  const offline = setUpOffline({ isolate: code, mayReload: untouched });
  renderMath(); // formulas at once, before anything waits for Python
  mountGraphs(widgetsOfKind("graph")); // drawn without Python; a nudge starts it
  mountProgress(); // finished lessons in the navigation, "N of M labs passed" on the home page
  if (code) {
    document.documentElement.dataset.python = "loading";
    mountStatus(document.querySelector(".md-content__inner") || document.body);
    mountRunCells(runs);
    mountLabs(labs);
    mountTrainers(trainers);
    mountEngineSources(sources);
  }
  const courseMap = document.querySelector(".bp-course-map");
  if (courseMap) mountCourseMap(courseMap); // the home page's lessons with their labs' progress
  offline.then((reloading) => {
    if (reloading) return;
    if (code) client.start().then(saveForOffline, saveForOffline);
    else saveForOffline();
  });
}

main();
