// The loss, letter by letter: for a name, each position's probability of the right next token and its
// -ln p, for the trained GPT and the untrained one it started from; the sum, divided by the number of
// guesses, is the model's loss. The build drew its name; the worker's GPTs read a typed one.

import { button, element, setDisabled, table } from "../dom.js";
import { failure } from "../worker/protocol.js";
import { python } from "../worker-client/client.js";
import { MAX_LETTERS, typedName } from "../attention/typed-name.js";

const MODELS = { trained: "trained", untrained: "untrained" };

export function mountLetterLossPictures(widgets) {
  for (const { element: root, data } of widgets) mountPicture(root, data);
}

function mountPicture(root, data) {
  const canvas = root.querySelector(".bp-picture__canvas");
  const details = root.querySelector(".bp-picture__details");

  const form = element("form", "bp-picture__form");
  const wrap = element("div", "bp-picture__field");
  const label = element("label", "", "Name");
  const name = element("input", "bp-picture__input");
  Object.assign(name, { id: `${root.id}-name`, type: "text", value: data.name, maxLength: MAX_LETTERS, autocomplete: "off", spellcheck: false });
  label.htmlFor = name.id;
  wrap.append(label, name);
  const show = button("Show", "bp-picture__go", () => {});
  show.type = "submit";
  form.append(wrap, show);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    read(name.value);
  });
  const readout = element("p", "bp-picture__readout");
  readout.setAttribute("role", "status");
  root.prepend(form);
  canvas.after(readout);

  function say(text, kind = "info") {
    readout.textContent = text;
    readout.dataset.kind = kind;
  }

  function draw(shown) {
    canvas.replaceChildren(chart(shown));
    const open = details.open;
    details.replaceChildren(element("summary", "", "The numbers as a table"), lossTable(shown));
    details.open = open;
    const [trained, untrained] = shown.models;
    say(`“${shown.name}”: loss ${trained.loss.toFixed(3)} for the trained GPT, ${untrained.loss.toFixed(3)} for the untrained one.`);
  }

  async function read(text) {
    const { wanted, problem } = typedName(text);
    if (problem) {
      root.dataset.state = "error";
      say(problem, "error");
      return;
    }
    root.dataset.state = "computing";
    setDisabled(show, true);
    say(`Both GPTs are reading “${wanted}”…`);
    const result = await python()
      .call("letter_loss", "compare", { name: wanted })
      .catch((error) => failure("Unavailable", String(error?.message ?? error)));
    setDisabled(show, false);
    if (!result.ok) {
      root.dataset.state = "error";
      say(`Could not read that name: ${result.error?.message ?? "Python stopped."}`, "error");
      return;
    }
    root.dataset.name = result.name;
    root.dataset.source = "live";
    root.dataset.state = "ready";
    draw(result);
  }

  root.dataset.name = data.name;
  root.dataset.source = "build";
  draw(data);
  root.dataset.state = "ready";
}

// BOS, read first and predicted last (gpt/letter_loss.py spells that one "end"), as the lessons call it.
function spell(token) {
  return token === "end" ? "BOS" : token;
}

// A row per guess: what the model reads and the right next token, then a bar of -ln p per model, its
// length to scale (the longest bar of both models is the row's full width), with p and -ln p as text.
function chart(shown) {
  const [trained, untrained] = shown.models;
  const longest = Math.max(...trained.rows.map((r) => r.loss), ...untrained.rows.map((r) => r.loss));
  const list = element("ol", "bp-loss__rows");
  list.setAttribute("aria-label", `The loss of “${shown.name}”, guess by guess`);
  trained.rows.forEach((row, i) => {
    const item = element("li", "bp-loss__row");
    item.append(element("span", "bp-loss__guess", `${spell(row.reads)} → ${spell(row.next)}`));
    for (const model of shown.models) {
      const r = model.rows[i];
      const line = element("span", `bp-loss__line bp-loss__line--${model.model}`);
      const bar = element("span", "bp-loss__bar");
      bar.style.setProperty("--l", String(r.loss / longest));
      line.append(element("span", "bp-loss__who", MODELS[model.model]), bar, element("span", "bp-loss__num", `p ${r.p.toFixed(3)}, −ln p ${r.loss.toFixed(3)}`));
      item.append(line);
    }
    list.append(item);
  });
  const sums = element("p", "bp-loss__sums");
  const n = trained.rows.length;
  sums.textContent = shown.models.map((m) => `${MODELS[m.model]}: ${m.rows.map((r) => r.loss.toFixed(2)).join(" + ")} = ${m.total.toFixed(3)}; ÷ ${n} = loss ${m.loss.toFixed(3)}`).join(". ");
  const holder = element("div", "bp-loss");
  holder.append(list, sums);
  return holder;
}

function lossTable(shown) {
  const [trained, untrained] = shown.models;
  const rows = trained.rows.map((a, i) => {
    const b = untrained.rows[i];
    return [`${spell(a.reads)} → ${spell(a.next)}`, a.p.toFixed(3), a.loss.toFixed(3), b.p.toFixed(3), b.loss.toFixed(3)];
  });
  const n = rows.length;
  const foot = [
    ["sum of −ln p", "", trained.total.toFixed(3), "", untrained.total.toFixed(3)],
    [`loss: the sum ÷ ${n}`, "", trained.loss.toFixed(3), "", untrained.loss.toFixed(3)],
  ];
  return table("bp-picture__table", `The loss of “${shown.name}”, position by position`, ["reads → right next", "trained p", "trained −ln p", "untrained p", "untrained −ln p"], rows, foot);
}
