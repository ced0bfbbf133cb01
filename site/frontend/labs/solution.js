// The Solution button: asks first, then shows the reference next to the learner's code, and can
// load it into the editor, in the lab's starting code (its examples kept), while keeping the learner's
// code (Undo, or "Back to my code").

import { python } from "../worker-client/client.js";
import { button, element } from "../dom.js";

export function createSolution(parent, data, widget) {
  const panel = element("div", "bp-solution");
  panel.hidden = true;
  parent.append(panel);
  let mine = null; // the learner's code, while the solution is in the editor

  function close() {
    panel.hidden = true;
    panel.replaceChildren();
  }

  function ask() {
    const question = element("div", "bp-solution__ask");
    question.setAttribute("role", "group");
    question.setAttribute("aria-label", "Show the solution?");
    question.append(
      element("p", "", "See the reference solution? Working it out yourself is how it sticks; a hint may be all you need."),
    );
    const yes = button("Show the solution", "bp-solution__yes md-button--primary", () => show());
    question.append(yes, button("Not now", "bp-solution__no", close));
    panel.replaceChildren(question);
    panel.hidden = false;
    yes.focus();
  }

  async function show() {
    panel.replaceChildren(element("p", "", "Loading the solution…"));
    const reply = await python().call("labs", "solution", { lab: data.id, starting: data.code }).catch((error) => ({ error }));
    if (typeof reply?.code !== "string") {
      panel.replaceChildren(element("p", "", `The solution could not be loaded (${reply?.error?.message || "no answer"}).`));
      return;
    }
    const yours = widget.editor.code;
    const columns = element("div", "bp-solution__columns");
    columns.append(codeColumn("Your code", yours), codeColumn("Reference solution", reply.code));
    const load = button("Load the solution into the editor", "bp-solution__load", () => {
      mine = widget.editor.code;
      widget.editor.setCode(reply.whole ?? reply.code); // the lab's examples kept under it, to Run
      widget.output.clear();
      widget.output.notice("The solution is in the editor, with the lab's examples. Undo (Ctrl+Z) or “Back to my code” brings your code back.");
      load.replaceWith(back);
      back.focus();
    });
    const back = button("Back to my code", "bp-solution__back", () => {
      if (mine !== null) widget.editor.setCode(mine);
      mine = null;
      back.replaceWith(load);
      widget.output.clear();
      widget.output.notice("Your code is back in the editor.");
    });
    panel.replaceChildren(columns, element("div", "bp-toolbar"));
    panel.lastChild.append(load, button("Close", "bp-solution__close", close));
    load.focus();
  }

  return { ask };
}

function codeColumn(title, code) {
  const figure = element("figure", "bp-solution__column");
  const caption = element("figcaption", "", title);
  const pre = element("pre", "bp-solution__code");
  pre.append(element("code", "language-python", code));
  pre.tabIndex = 0;
  figure.append(caption, pre);
  return figure;
}
