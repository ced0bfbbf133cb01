// The attention picture: which earlier letters each position of a name looks at, one head at a time.
// The build drew head 1 on its name with the trained GPT; here the learner picks a head, moves over the
// cells (mouse or arrow keys) to read each weight, and types a name for the worker's GPT to read.

import { button, element } from "../dom.js";
import { failure } from "../worker/protocol.js";
import { python } from "../worker-client/client.js";
import { MAX_LETTERS, typedName } from "./typed-name.js";

const STRONG = 0.7; // from this weight on, a cell is dark enough for light text (as the build draws it)

export function mountAttentionPictures(widgets) {
  for (const { element: root, data } of widgets) mountPicture(root, data);
}

function mountPicture(root, data) {
  const picture = root.querySelector(".bp-attention__picture");
  const details = root.querySelector(".bp-attention__details");
  const state = { shown: data, head: 0, row: data.tokens.length - 1, col: 0 };

  const form = element("form", "bp-attention__form");
  const label = element("label", "bp-attention__label", "Name");
  const input = element("input", "bp-attention__name");
  Object.assign(input, { id: `${root.id}-name`, type: "text", value: data.name, maxLength: MAX_LETTERS, autocomplete: "off", spellcheck: false });
  label.htmlFor = input.id;
  const show = button("Show", "bp-attention__show", () => {});
  show.type = "submit";
  form.append(label, input, show);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    readName(input.value);
  });

  const heads = element("div", "bp-attention__heads");
  heads.setAttribute("role", "group");
  heads.setAttribute("aria-label", "Head");
  const headButtons = data.heads.map((_, h) => {
    const b = button(`Head ${h + 1}`, "bp-attention__head", () => {
      state.head = h;
      draw();
    });
    heads.append(b);
    return b;
  });

  const readout = element("p", "bp-attention__readout");
  readout.setAttribute("role", "status");
  root.prepend(form, heads);
  picture.after(readout);

  function say(text, kind = "info") {
    readout.textContent = text;
    readout.dataset.kind = kind;
  }

  function cellInWords() {
    const { tokens, heads: all } = state.shown;
    const w = all[state.head][state.row][state.col];
    return `Head ${state.head + 1}: ${name(tokens, state.row)} looks at ${name(tokens, state.col)} with weight ${w.toFixed(2)}.`;
  }

  function draw() {
    headButtons.forEach((b, h) => b.setAttribute("aria-pressed", String(h === state.head)));
    const grid = heatmap(state.shown, state.head, state);
    grid.addEventListener("keydown", (event) => move(event));
    for (const cell of grid.querySelectorAll(".bp-attention__cell[data-col]")) {
      const pick = () => select(Number(cell.dataset.row), Number(cell.dataset.col));
      cell.addEventListener("pointerenter", pick);
      cell.addEventListener("click", pick);
    }
    picture.replaceChildren(grid);
    const open = details.open;
    details.replaceChildren(element("summary", "", "Table of weights"), table(state.shown, state.head));
    details.open = open;
    root.dataset.head = String(state.head + 1);
    say(cellInWords());
  }

  function select(row, col) {
    state.row = row;
    state.col = Math.min(col, row); // a position only looks back
    for (const cell of picture.querySelectorAll(".bp-attention__cell[data-selected]")) delete cell.dataset.selected;
    const chosen = picture.querySelector(`.bp-attention__cell[data-row="${state.row}"][data-col="${state.col}"]`);
    if (chosen) chosen.dataset.selected = ""; // shown by an outline; the readout (role status) says it
    say(cellInWords());
  }

  function move(event) {
    const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1], Home: [0, -99], End: [0, 99] };
    const step = steps[event.key];
    if (!step) return;
    event.preventDefault();
    const last = state.shown.tokens.length - 1;
    const row = Math.max(0, Math.min(last, state.row + step[0]));
    select(row, Math.max(0, Math.min(row, state.col + step[1])));
  }

  async function readName(text) {
    const { wanted, problem } = typedName(text);
    if (problem) {
      root.dataset.state = "error";
      say(problem, "error");
      return;
    }
    if (root.dataset.state === "computing") return;
    root.dataset.state = "computing";
    show.setAttribute("aria-disabled", "true"); // not `disabled`: that would drop the focus to the page
    say(`The trained GPT is reading “${wanted}”…`);
    const result = await python()
      .call("attention", "weights", { name: wanted })
      .catch((error) => failure("Unavailable", String(error?.message ?? error)));
    show.removeAttribute("aria-disabled");
    if (!result.ok) {
      root.dataset.state = "error";
      say(`Could not read that name: ${result.error?.message ?? "Python stopped."}`, "error");
      return;
    }
    state.shown = result;
    state.row = result.tokens.length - 1;
    state.col = 0;
    root.dataset.name = result.name;
    root.dataset.source = "live";
    root.dataset.state = "ready";
    draw();
  }

  root.dataset.name = data.name;
  root.dataset.source = "build";
  draw();
  root.dataset.state = "ready";
}

function name(tokens, i) {
  return tokens[i] === "BOS" ? "the start (BOS)" : `“${tokens[i]}” (position ${i})`;
}

function heatmap(shown, head, state) {
  const { tokens } = shown;
  const rows = shown.heads[head];
  const grid = element("div", "bp-attention__grid");
  grid.style.setProperty("--n", String(tokens.length));
  grid.dataset.wide = String(tokens.length > 8);
  grid.tabIndex = 0;
  grid.setAttribute("role", "img");
  grid.setAttribute("aria-label", `Head ${head + 1} on “${shown.name}”: arrow keys move between the weights, read out below; the table of weights has them all`);
  grid.append(element("span", "bp-attention__corner"));
  for (const t of tokens) grid.append(element("span", "bp-attention__key", glyph(t)));
  rows.forEach((row, r) => {
    grid.append(element("span", "bp-attention__query", glyph(tokens[r])));
    tokens.forEach((_, c) => {
      if (c >= row.length) {
        grid.append(element("span", "bp-attention__cell bp-attention__cell--future"));
        return;
      }
      const cell = element("span", "bp-attention__cell", row[c].toFixed(2));
      cell.dataset.row = String(r);
      cell.dataset.col = String(c);
      cell.style.setProperty("--w", String(row[c]));
      if (row[c] >= STRONG) cell.dataset.strong = "";
      if (r === state.row && c === state.col) cell.dataset.selected = "";
      grid.append(cell);
    });
  });
  return grid;
}

function table(shown, head) {
  const { tokens } = shown;
  const t = element("table", "bp-attention__table");
  t.append(element("caption", "", `Head ${head + 1} on “${shown.name}”: how much each position (row) looks at each position up to it (column)`));
  const headRow = element("tr");
  headRow.append(th("position", "col"), ...tokens.map((tok, s) => th(`${s} ${tok}`, "col")));
  const body = element("tbody");
  shown.heads[head].forEach((row, r) => {
    const tr = element("tr");
    tr.append(th(`${r} ${tokens[r]}`, "row"), ...tokens.map((_, c) => element("td", "", c < row.length ? row[c].toFixed(2) : "")));
    body.append(tr);
  });
  const thead = element("thead");
  thead.append(headRow);
  t.append(thead, body);
  return t;
}

function th(text, scope) {
  const cell = element("th", "", text);
  cell.scope = scope;
  return cell;
}

function glyph(token) {
  return token === "BOS" ? "·" : token;
}
