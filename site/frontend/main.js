// The page script: finds the widgets the build embedded and brings each feature to life.

import { mountRunCells } from "./cells/index.js";
import { python } from "./python/client.js";
import { mountStatus } from "./status/status.js";

function widgetsOfKind(kind) {
  return [...document.querySelectorAll(`.bp-widget[data-kind="${kind}"]`)].map((element) => ({
    element,
    data: JSON.parse(element.querySelector(":scope > script.bp-data").textContent),
  }));
}

function main() {
  const runs = widgetsOfKind("run");
  if (runs.length) {
    document.documentElement.dataset.python = "loading";
    mountStatus(document.querySelector(".md-content__inner") || document.body);
    mountRunCells(runs);
    python().start();
  }
}

main();
