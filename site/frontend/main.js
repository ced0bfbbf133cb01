// The page script: finds the widgets the build embedded and brings each feature to life. It is small
// and starts Python first; each feature's code (KaTeX, CodeMirror, the diagrams, uPlot, the trainer) is
// a separate file that only the pages using it fetch (esbuild splits the bundle at each import()).

import { registerOutputRenderer } from "./cells/renderers.js";
import { mayReloadForIsolation, saveForOffline, setUpOffline } from "./offline/index.js";
import { mountProgress } from "./progress/index.js";
import { keepScrollBoxesReachable } from "./scroll-boxes/index.js";
import { python } from "./worker-client/client.js";

function widgetsOfKind(kind) {
  return [...document.querySelectorAll(`.bp-widget[data-kind="${kind}"]`)].map((element) => ({
    element,
    data: JSON.parse(element.querySelector(":scope > script.bp-data").textContent),
  }));
}

// Rich output in cells, drawn by code fetched the first time it is needed: show(v) and plot(...).
function registerLazyRenderer(kind, load) {
  registerOutputRenderer(kind, (holder, payload) => load().then((render) => render(holder, payload)));
}

function main() {
  const runs = widgetsOfKind("run");
  const labs = widgetsOfKind("lab");
  const graphs = widgetsOfKind("graph");
  const moonsTrainers = [...document.querySelectorAll(".bp-moons-trainer")]; // lesson 5's live training
  const namesTrainers = [...document.querySelectorAll(".bp-names-trainer")]; // the GPT module's names page
  const sources = [...document.querySelectorAll(".bp-engine-source")]; // lesson 6.1's editable engine/
  const attention = widgetsOfKind("attention"); // the GPT module's attention picture (live for a typed name)
  const sampling = widgetsOfKind("sampling"); // and its pictures of what the model thinks
  const letterLoss = widgetsOfKind("letter-loss");
  const gradientCheck = widgetsOfKind("gradient-check");
  const pictures = attention.length + sampling.length + letterLoss.length + gradientCheck.length;
  const code = runs.length + labs.length + moonsTrainers.length + namesTrainers.length + sources.length + pictures > 0;
  const client = python();
  // Python and the service worker first, so their work overlaps drawing the page. Offline copies and
  // cross-origin isolation come from our service worker; on a first visit the page may reload once to
  // become isolated (before Python starts then, so nothing is lost or loaded twice).
  if (code && !mayReloadForIsolation()) client.start();
  const untouched = () => client.state === "idle" && !document.querySelector(".bp-widget[data-edited]");
  const offline = setUpOffline({ isolate: code, mayReload: untouched });
  // Formulas at once, before anything waits for Python; diagrams are drawn without it (a nudge starts it).
  const drawn = []; // what draws without Python: with `loaded`, every widget of the page
  if (document.querySelector(".arithmatex")) drawn.push(import("./math/index.js").then(({ renderMath }) => renderMath()));
  if (graphs.length) drawn.push(import("./graph/index.js").then(({ mountGraphs }) => mountGraphs(graphs)));
  keepScrollBoxesReachable(); // wide tables, formulas and outputs: in the tab order while they scroll
  mountProgress(); // finished lessons in the navigation, "N of M labs passed" on the home page
  const loaded = [];
  if (code) {
    document.documentElement.dataset.python = "loading";
    registerLazyRenderer("graph", () => import("./graph/index.js").then((m) => m.renderShownGraph));
    registerLazyRenderer("plot", () => import("./plots/index.js").then((m) => m.renderPlot));
    loaded.push(import("./status/status.js").then(({ mountStatus }) => mountStatus(document.querySelector(".md-content__inner") || document.body)));
    if (runs.length) loaded.push(import("./cells/index.js").then(({ mountRunCells }) => mountRunCells(runs)));
    if (labs.length) loaded.push(import("./labs/index.js").then(({ mountLabs }) => mountLabs(labs)));
    if (moonsTrainers.length) loaded.push(import("./training/index.js").then(({ mountMoonsTrainers }) => mountMoonsTrainers(moonsTrainers)));
    if (namesTrainers.length) loaded.push(import("./training/index.js").then(({ mountNamesTrainers }) => mountNamesTrainers(namesTrainers)));
    if (attention.length) loaded.push(import("./attention/index.js").then(({ mountAttentionPictures }) => mountAttentionPictures(attention)));
    if (sampling.length) loaded.push(import("./sampling/index.js").then(({ mountSamplingPictures }) => mountSamplingPictures(sampling)));
    if (letterLoss.length) loaded.push(import("./letter-loss/index.js").then(({ mountLetterLossPictures }) => mountLetterLossPictures(letterLoss)));
    if (gradientCheck.length) loaded.push(import("./gradient-check/index.js").then(({ mountGradientCheckPictures }) => mountGradientCheckPictures(gradientCheck)));
    if (sources.length) loaded.push(import("./engine-source/index.js").then(({ mountEngineSources }) => mountEngineSources(sources)));
  }
  const courseMap = document.querySelector(".bp-course-map");
  if (courseMap) drawn.push(import("./course-map/index.js").then(({ mountCourseMap }) => mountCourseMap(courseMap))); // the home page's lessons
  // <html data-widgets="mounted">: every widget is in the page (tests and audits wait on it; load fires earlier).
  Promise.allSettled([...drawn, ...loaded]).then(() => {
    document.documentElement.dataset.widgets = "mounted";
  });
  offline.then(async (reloading) => {
    if (reloading) return;
    const started = code ? client.start() : null; // no reload coming: Python need not wait for the widgets
    await Promise.allSettled([...loaded, started]); // offline copies are saved once the page's own downloads are done
    saveForOffline();
  });
}

main();
