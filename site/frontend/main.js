// The page script: finds the widgets the build embedded and brings each feature to life.

import { mountRunCells } from "./cells/index.js";
import { mountGraphs } from "./graph/index.js";
import { mountLabs } from "./labs/index.js";
import { saveForOffline, setUpOffline } from "./offline/index.js";
import { mountProgress } from "./progress/index.js";
import { python } from "./python/client.js";
import { mountStatus } from "./status/status.js";

function widgetsOfKind(kind) {
  return [...document.querySelectorAll(`.bp-widget[data-kind="${kind}"]`)].map((element) => ({
    element,
    data: JSON.parse(element.querySelector(":scope > script.bp-data").textContent),
  }));
}

function main() {
  mountGraphs(widgetsOfKind("graph")); // drawn without Python; a nudge starts it
  mountProgress(); // finished lessons in the navigation, "N of M labs passed" on the home page
  const runs = widgetsOfKind("run");
  const labs = widgetsOfKind("lab");
  const code = runs.length + labs.length > 0;
  if (code) {
    document.documentElement.dataset.python = "loading";
    mountStatus(document.querySelector(".md-content__inner") || document.body);
    mountRunCells(runs);
    mountLabs(labs);
  }
  // Offline copies and cross-origin isolation come from our service worker; on a first visit the page
  // may reload once to become isolated (before Python starts, so nothing is lost or loaded twice).
  const client = python();
  const untouched = () => client.state === "idle" && !document.querySelector(".bp-widget[data-edited]");
  setUpOffline({ isolate: code, mayReload: untouched }).then((reloading) => {
    if (reloading) return;
    if (code) client.start().then(saveForOffline, saveForOffline);
    else saveForOffline();
  });
}

main();
