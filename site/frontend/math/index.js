// Formulas: pymdownx.arithmatex's generic output, typeset by KaTeX bundled from npm (its fonts are
// served by this site, so no other host is asked). The TeX stays readable if KaTeX cannot parse it.

import katex from "katex";

const INLINE = /^\\\(([\s\S]*)\\\)$/;
const DISPLAY = /^\\\[([\s\S]*)\\\]$/;

export function renderMath(root = document) {
  for (const element of root.querySelectorAll(".arithmatex")) {
    const text = element.textContent.trim();
    const display = element.tagName === "DIV";
    const tex = (text.match(display ? DISPLAY : INLINE) || [null, text])[1];
    katex.render(tex, element, { displayMode: display, throwOnError: false, output: "htmlAndMathml" });
    element.classList.add("bp-math");
  }
}
