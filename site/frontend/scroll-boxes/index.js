// Boxes that scroll inside the page (Material's wide tables, formulas, outputs, verdict tables, the
// solution): while one scrolls it is in the tab order, named, so the keyboard can scroll it too (WCAG
// 2.1.1; axe-core's scrollable-region-focusable), unless what is inside takes the focus. Boxes that fit
// stay out of the tab order. A box with more to see sideways says so by sight too: data-more ("right",
// "left", "both") fades that edge.

const BOXES = [
  [".md-typeset__scrollwrap", "Table"],
  [".katex-display", "Formula"],
  [".bp-output", null], // a log already named "Output"
  [".bp-check__scroll", "Tried cases"],
  [".bp-check__tried", "Tried code"],
  [".bp-solution__code", "Solution"],
  [".bp-sampling__box", null, "inside"], // its chart takes the focus, and scrolls to the bar it reads
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
    box.addEventListener("scroll", () => showMore(box), { passive: true });
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
  showMore(box);
  const scrolls = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
  const ours = "scrollBox" in box.dataset;
  const [, name, focus] = BOXES.find(([selector]) => box.matches(selector)) ?? [];
  if (focus === "inside") return;
  if (scrolls && !box.hasAttribute("tabindex")) {
    box.tabIndex = 0;
    box.dataset.scrollBox = "";
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

// Which sideways edges have more beyond them: the fade of styles/wcag.css ([data-more]) shows it.
function showMore(box) {
  const left = box.scrollLeft > 1;
  const right = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
  const more = left && right ? "both" : left ? "left" : right ? "right" : null;
  if (more === (box.dataset.more ?? null)) return;
  if (more) box.dataset.more = more;
  else delete box.dataset.more;
}
