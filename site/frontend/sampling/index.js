// Next-letter probabilities while sampling: for each step of a sampled name, the GPT's 27 probabilities
// as it learned them and after dividing the scores by the temperature, the chosen token marked. The build
// sampled the first name; the worker's GPT samples another for a new seed or temperature.

import { button, element, setDisabled, table } from "../dom.js";
import { failure } from "../worker/protocol.js";
import { python } from "../worker-client/client.js";

export function mountSamplingPictures(widgets) {
  for (const { element: root, data } of widgets) mountPicture(root, data);
}

function mountPicture(root, data) {
  const canvas = root.querySelector(".bp-picture__canvas");
  const details = root.querySelector(".bp-picture__details");
  const state = { shown: data, step: 0, token: data.steps[0].chosen };

  const form = element("form", "bp-picture__form");
  const temperature = input(form, `${root.id}-temperature`, "Temperature", { type: "number", min: "0.05", max: "5", step: "0.05", value: String(data.temperature) });
  const seed = input(form, `${root.id}-seed`, "Seed", { type: "number", min: "0", step: "1", value: String(data.seed) });
  const sample = button("Sample", "bp-picture__go", () => {});
  sample.type = "submit";
  form.append(sample);
  form.noValidate = true; // the readout says what is wrong, in words
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    resample();
  });

  const name = element("p", "bp-sampling__name");
  const steps = element("div", "bp-sampling__steps");
  steps.setAttribute("role", "group");
  steps.setAttribute("aria-label", "Step of the name");
  const readout = element("p", "bp-picture__readout");
  readout.setAttribute("role", "status");
  root.prepend(form, name, steps);
  canvas.after(readout);

  function say(text, kind = "info") {
    readout.textContent = text;
    readout.dataset.kind = kind;
  }

  function tokenText(t) {
    const token = state.shown.tokens[t];
    return token === "end" ? "BOS, the end" : `“${token}”`;
  }

  function inWords() {
    const { steps: all, temperature: t } = state.shown;
    const s = all[state.step];
    const chosen = s.chosen === state.token ? " (chosen)" : "";
    return `Step ${state.step + 1}, ${after(s)}: ${tokenText(state.token)} has ${s.learned[state.token].toFixed(3)} as learned, ${s.tempered[state.token].toFixed(3)} at temperature ${t}${chosen}.`;
  }

  function draw() {
    const { shown } = state;
    name.textContent = `Seed ${shown.seed}, temperature ${shown.temperature}: “${shown.name || "(empty)"}”`;
    steps.replaceChildren(
      ...shown.steps.map((s, k) => {
        const b = button("", "bp-sampling__step", () => pickStep(k));
        b.append(element("span", "bp-visually-hidden", `Step ${k + 1}: `), shownToken(shown.tokens[s.chosen]));
        b.setAttribute("aria-pressed", String(k === state.step));
        return b;
      }),
    );
    const chart = bars(shown, state);
    chart.addEventListener("keydown", move);
    for (const column of chart.querySelectorAll("[data-token]")) column.addEventListener("click", () => pickToken(Number(column.dataset.token)));
    canvas.replaceChildren(chart);
    const open = details.open;
    details.replaceChildren(element("summary", "", "The numbers as a table"), stepTable(shown, state.step), summaryTable(shown));
    details.open = open;
    root.dataset.step = String(state.step + 1);
    say(inWords());
  }

  function pickStep(k) {
    state.step = k;
    state.token = state.shown.steps[k].chosen;
    draw();
  }

  function pickToken(t) {
    state.token = t;
    for (const c of canvas.querySelectorAll("[data-token][aria-current]")) c.removeAttribute("aria-current");
    const column = canvas.querySelector(`[data-token="${t}"]`);
    column?.setAttribute("aria-current", "true");
    column?.scrollIntoView({ block: "nearest", inline: "nearest" }); // in a box that scrolls, the bar read
    say(inWords());
  }

  function move(event) {
    const last = state.shown.tokens.length - 1;
    const to = { ArrowLeft: state.token - 1, ArrowRight: state.token + 1, Home: 0, End: last }[event.key];
    const step = { ArrowUp: state.step - 1, ArrowDown: state.step + 1, PageUp: state.step - 1, PageDown: state.step + 1 }[event.key];
    if (to !== undefined) {
      event.preventDefault();
      pickToken(Math.max(0, Math.min(last, to)));
    } else if (step !== undefined) {
      event.preventDefault();
      pickStep(Math.max(0, Math.min(state.shown.steps.length - 1, step)));
      canvas.querySelector(".bp-sampling__chart")?.focus();
    }
  }

  async function resample() {
    const t = Number(temperature.value);
    const s = Number(seed.value);
    const problem =
      temperature.value.trim() === "" || !(t >= 0.05 && t <= 5) ? "The temperature must be a number from 0.05 to 5." : seed.value.trim() === "" || !Number.isInteger(s) || s < 0 || s > 2147483647 ? "The seed must be a whole number from 0 to 2,147,483,647." : "";
    if (problem) {
      root.dataset.state = "error";
      say(problem, "error");
      return;
    }
    root.dataset.state = "computing";
    setDisabled(sample, true);
    say(`The trained GPT is writing a name at temperature ${t}…`);
    const result = await python()
      .call("sampling", "steps", { seed: s, temperature: t })
      .catch((error) => failure("Unavailable", String(error?.message ?? error)));
    setDisabled(sample, false);
    if (!result.ok) {
      root.dataset.state = "error";
      say(`Could not sample: ${result.error?.message ?? "Python stopped."}`, "error");
      return;
    }
    state.shown = result;
    root.dataset.source = "live";
    root.dataset.name = result.name;
    root.dataset.state = "ready";
    pickStep(0);
  }

  root.dataset.source = "build";
  root.dataset.name = data.name;
  draw();
  root.dataset.state = "ready";
}

function after(step) {
  return step.so_far ? `after “${step.so_far}”` : "at the start";
}

function input(form, id, text, attributes) {
  const wrap = element("div", "bp-picture__field");
  const label = element("label", "", text);
  label.htmlFor = id;
  const box = element("input", "bp-picture__input");
  Object.assign(box, { id, ...attributes });
  wrap.append(label, box);
  form.append(wrap);
  return box;
}

// 27 columns: the lighter bar is the probability as learned, the darker one after the temperature.
function bars(shown, state) {
  const s = shown.steps[state.step];
  const top = Math.max(...s.learned, ...s.tempered);
  const chart = element("div", "bp-sampling__chart");
  chart.tabIndex = 0;
  chart.setAttribute("role", "img");
  chart.setAttribute("aria-label", `Step ${state.step + 1} of “${shown.name}”: the 27 next-token probabilities; left and right arrows read each token, up and down change the step; the table has them all`);
  shown.tokens.forEach((token, t) => {
    const column = element("span", "bp-sampling__column");
    column.dataset.token = String(t);
    if (t === s.chosen) column.dataset.chosen = "";
    if (t === state.token) column.setAttribute("aria-current", "true");
    const learned = element("span", "bp-sampling__bar bp-sampling__bar--learned");
    learned.style.setProperty("--p", String(s.learned[t] / top));
    const tempered = element("span", "bp-sampling__bar bp-sampling__bar--tempered");
    tempered.style.setProperty("--p", String(s.tempered[t] / top));
    const label = element("span", "bp-sampling__token", token === "end" ? "·" : token);
    column.append(learned, tempered, label);
    chart.append(column);
  });
  const holder = element("div", "bp-sampling__picture");
  const box = element("div", "bp-sampling__box"); // the chart scrolls at phone width; its legend wraps below
  const legend = element("p", "bp-sampling__legend");
  legend.append(element("span", "bp-sampling__key bp-sampling__key--learned"), ` as learned (temperature 1)  `, element("span", "bp-sampling__key bp-sampling__key--tempered"), ` after dividing the scores by ${shown.temperature}; the tallest bar is ${top.toFixed(3)}; · is BOS, the end of the name`);
  box.append(chart);
  holder.append(box, legend);
  chart.addEventListener("focus", () => chart.scrollIntoView({ block: "nearest", inline: "nearest" }));
  return holder;
}

function stepTable(shown, k) {
  const s = shown.steps[k];
  const rows = shown.tokens.map((token, t) => [shownToken(token), s.learned[t].toFixed(3), s.tempered[t].toFixed(3), t === s.chosen ? "chosen" : ""]);
  return table("bp-picture__table", `Step ${k + 1}, ${after(s)}: every token's probability`, ["token", "as learned", `at temperature ${shown.temperature}`, ""], rows);
}

function summaryTable(shown) {
  const t = shown.temperature;
  const rows = shown.steps.map((s, k) => [String(k + 1), s.so_far || "(nothing yet)", shownToken(shown.tokens[s.chosen]), s.learned[s.chosen].toFixed(3), s.tempered[s.chosen].toFixed(3)]);
  return table("bp-picture__table", `Sampling “${shown.name}” (seed ${shown.seed}, temperature ${t}): each step's choice`, ["step", "written so far", "chosen", "probability as learned", `probability at temperature ${t}`], rows);
}

// The token that ends a name is BOS (the one every name starts from), as the lessons call it; in the
// chart's narrow columns it is drawn ·.
function shownToken(token) {
  return token === "end" ? "BOS" : token;
}
