// Boxes that scroll inside the page (Material's wide tables, formulas, outputs, verdict tables, the
// solution): while one scrolls it is in the tab order, named, so the keyboard can scroll it too (WCAG
// 2.1.1; axe-core's scrollable-region-focusable). Boxes that fit stay out of the tab order.

const BOXES = [
  [".md-typeset__scrollwrap", "Table"],
  [".katex-display", "Formula"],
  [".bp-output", null], // a log already named "Output"
  [".bp-check__scroll", "Tried cases"],
  [".bp-check__tried", "Tried code"],
  [".bp-solution__code", "Solution"],
  [".bp-sampling__box", "Sampled names"],
  [".bp-chart__numbers-scroll", "Chart's numbers"],
];
const SELECTOR = BOXES.map(([selector]) => selector).join(", ");
const watched = new WeakSet();

export function keepScrollBoxesReachable(root = document.body) {
  const sizes = new ResizeObserver((entries) => {
    for (const entry of entries) mark(entry.target);
  });
  const watch = (box) => {
    if (watched.has(box)) return;
    watched.add(box);
    sizes.observe(box);
    new MutationObserver(() => mark(box)).observe(box, { childList: true }); // an output that grows past its height
  };
  const find = (node) => {
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    if (node.matches(SELECTOR)) watch(node);
    for (const box of node.querySelectorAll(SELECTOR)) watch(box);
  };
  find(root);
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) find(node);
  }).observe(root, { childList: true, subtree: true });
}

function mark(box) {
  const scrolls = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
  const ours = "scrollBox" in box.dataset;
  if (scrolls && !box.hasAttribute("tabindex")) {
    box.tabIndex = 0;
    box.dataset.scrollBox = "";
    const name = BOXES.find(([selector]) => box.matches(selector))?.[1];
    if (name && !box.hasAttribute("role")) {
      box.setAttribute("role", "region");
      box.setAttribute("aria-label", `${name}, scrolls`);
    }
  } else if (!scrolls && ours && document.activeElement !== box) {
    box.removeAttribute("tabindex");
    delete box.dataset.scrollBox;
    if (box.getAttribute("role") === "region") {
      box.removeAttribute("role");
      box.removeAttribute("aria-label");
    }
  }
}
