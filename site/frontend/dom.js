// The DOM builders the features share: a button in the site's style, an element with a class, a
// labelled input of the trainers' forms, and switching a control off without losing the keyboard's focus.

export function button(label, className, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = `md-button bp-button ${className}`;
  b.textContent = label;
  b.addEventListener("click", onClick);
  return b;
}

// Switch a control off (or back on). Disabling the control that has the focus would drop the focus on the
// page's body (a keyboard user starts again from the top): that one stays focusable, marked aria-disabled,
// and its clicks (an Enter on it, a form it would submit) are ignored until it is switched on again.
export function setDisabled(control, off) {
  const keep = off && document.activeElement === control;
  if (keep && !ignored.has(control)) {
    ignored.add(control);
    control.addEventListener("click", (event) => {
      if (control.getAttribute("aria-disabled") !== "true") return;
      event.preventDefault();
      event.stopImmediatePropagation();
    }, true);
  }
  control.disabled = off && !keep;
  if (keep) control.setAttribute("aria-disabled", "true");
  else control.removeAttribute?.("aria-disabled"); // a trainer's engine switch passes a plain object
}
const ignored = new WeakSet();

export function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// A labelled, required input in its own wrapper, appended to form (the trainers' settings).
export function field(form, label, id, attributes) {
  const wrap = document.createElement("div");
  wrap.className = "bp-trainer__field";
  const labelElement = document.createElement("label");
  labelElement.htmlFor = id;
  labelElement.textContent = label;
  const input = document.createElement("input");
  input.id = id;
  Object.assign(input, attributes);
  input.required = true;
  wrap.append(labelElement, input);
  form.append(wrap);
  return input;
}

// A table of numbers whose first column names its rows: the text alternative of the GPT's pictures.
export function table(className, caption, head, rows, foot = []) {
  const t = element("table", className);
  t.append(element("caption", "", caption));
  const headRow = element("tr");
  for (const text of head) {
    const th = element("th", "", text);
    th.scope = "col";
    headRow.append(th);
  }
  const part = (tag, lines) => {
    const section = element(tag);
    for (const [first, ...rest] of lines) {
      const tr = element("tr");
      const th = element("th", "", first);
      th.scope = "row";
      tr.append(th, ...rest.map((text) => element("td", "", text)));
      section.append(tr);
    }
    return section;
  };
  const thead = element("thead");
  thead.append(headRow);
  t.append(thead, part("tbody", rows));
  if (foot.length) t.append(part("tfoot", foot));
  return t;
}
