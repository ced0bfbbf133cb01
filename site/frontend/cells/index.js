// Run cells: every ```python run fence on the page; they share one namespace, like notebook cells.

import { mountCodeWidget } from "./cell.js";

export function mountRunCells(widgets) {
  return widgets.map(({ element, data }, n) =>
    mountCodeWidget(element, data, {
      scope: "page",
      name: `cell ${n + 1}`,
      note: n === 0 ? "Cells on this page share their variables, like notebook cells." : "",
    }),
  );
}
