// The gradient check: each sampled parameter's backward() gradient (up) against its nudged estimate
// (across), one dot each, on the diagonal when the two agree. The build checked the trained GPT on its
// name; the worker draws a new sample of parameters, breaks one engine rule in a copy of the engine, or
// (Run on my engine) checks the same weights on the engine the learner wrote in the labs.

import { button, element, setDisabled, table } from "../dom.js";
import { createEngineSwitch } from "../training/engine-switch.js";
import { failure } from "../worker/protocol.js";
import { python } from "../worker-client/client.js";

const SVG = "http://www.w3.org/2000/svg";
const SIZE = 260; // the plot's square, in SVG units; the axes' numbers sit outside it, left and below
const [LEFT, TOP, BOTTOM] = [44, 8, 36];
const AGREE = 1e-6; // how far apart the two may be and still count as on the diagonal

export function mountGradientCheckPictures(widgets) {
  for (const { element: root, data } of widgets) mountPicture(root, data);
}

function mountPicture(root, data) {
  const canvas = root.querySelector(".bp-picture__canvas");
  const details = root.querySelector(".bp-picture__details");
  const state = { shown: { engine: "course", ...data }, point: 0 };

  const form = element("form", "bp-picture__form");
  const wrap = element("div", "bp-picture__field");
  const label = element("label", "", "backward() on");
  const rule = element("select", "bp-picture__input");
  rule.id = `${root.id}-rule`;
  label.htmlFor = rule.id;
  rule.append(new Option("the course's engine, intact", "intact"));
  for (const [key, text] of Object.entries(data.broken)) rule.append(new Option(`a copy where ${text}`, key));
  wrap.append(label, rule);
  const seedWrap = element("div", "bp-picture__field");
  const seedLabel = element("label", "", "Seed");
  const seed = element("input", "bp-picture__input");
  Object.assign(seed, { id: `${root.id}-seed`, type: "number", min: "0", step: "1", value: String(data.seed) });
  seedLabel.htmlFor = seed.id;
  seedWrap.append(seedLabel, seed);
  const again = button("New sample", "bp-picture__go", () => {});
  again.type = "submit";
  form.append(wrap, seedWrap, again);
  form.noValidate = true; // the readout says what is wrong, in words
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    resample();
  });
  rule.addEventListener("change", () => rebreak(rule.value));
  const engineSwitch = createEngineSwitch(root, python(), "names", root.id);
  // The switch marks the figure's data-engine once the learner's engine is loaded (or dropped): check again.
  new MutationObserver(() => {
    if (root.dataset.engine !== state.shown.engine) resample();
  }).observe(root, { attributes: true, attributeFilter: ["data-engine"] });
  const readout = element("p", "bp-picture__readout");
  readout.setAttribute("role", "status");
  root.prepend(form, engineSwitch.element);
  canvas.after(readout);

  function say(text, kind = "info") {
    readout.textContent = text;
    readout.dataset.kind = kind;
  }

  function inWords() {
    const { parameters, estimates, gradients } = state.shown;
    const [m, r, c] = parameters[state.point];
    const e = estimates[state.point];
    const g = gradients[state.point];
    return `${m}[${r}][${c}]: nudged estimate ${e.toPrecision(6)}, backward() ${g.toPrecision(6)}, apart by ${Math.abs(e - g).toPrecision(2)}.`;
  }

  function draw() {
    const { shown } = state;
    const off = offDiagonal(shown);
    const plot = scatter(shown, state.point);
    plot.addEventListener("keydown", move);
    for (const dot of plot.querySelectorAll("[data-point]")) dot.addEventListener("click", () => pick(Number(dot.dataset.point)));
    const summary = element("p", "bp-gradient__summary");
    summary.textContent =
      off === 0
        ? `All ${shown.parameters.length} points are on the diagonal: backward() on ${ruleText(shown)} agrees with the nudges to within ${AGREE}.`
        : `${off} of ${shown.parameters.length} points are off the diagonal: backward() disagrees with the nudges (${ruleText(shown)}).`;
    canvas.replaceChildren(plot, summary);
    const open = details.open;
    details.replaceChildren(element("summary", "", "The numbers as a table"), gradientTable(shown));
    details.open = open;
    root.dataset.rule = shown.rule;
    root.dataset.checked = shown.engine;
    root.dataset.off = String(off);
    say(inWords());
  }

  function ruleText(shown) {
    if (shown.engine === "mine") return "your engine";
    return shown.rule === "intact" ? "the course's engine" : shown.broken[shown.rule];
  }

  function pick(k) {
    state.point = k;
    for (const d of canvas.querySelectorAll("[data-point][aria-current]")) d.removeAttribute("aria-current");
    canvas.querySelector(`[data-point="${k}"]`)?.setAttribute("aria-current", "true");
    say(inWords());
  }

  function move(event) {
    const last = state.shown.parameters.length - 1;
    const to = { ArrowLeft: state.point - 1, ArrowDown: state.point - 1, ArrowRight: state.point + 1, ArrowUp: state.point + 1, Home: 0, End: last }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    pick(Math.max(0, Math.min(last, to)));
  }

  async function ask(request, busy) {
    root.dataset.state = "computing";
    setDisabled(again, true);
    setDisabled(rule, true);
    say(busy);
    const result = await request().catch((error) => failure("Unavailable", String(error?.message ?? error)));
    setDisabled(again, false);
    setDisabled(rule, root.dataset.engine === "mine"); // the broken rules are copies of the course's engine
    if (!result.ok) {
      root.dataset.state = "error";
      say(`Could not check: ${result.error?.message ?? "Python stopped."}`, "error");
    }
    return result;
  }

  async function rebreak(wanted) {
    // The nudged estimates come from the forward pass, which no broken rule changes: only backward() reruns.
    const { name, parameters } = state.shown;
    const result = await ask(() => python().call("gradient_check", "gradients", { name, parameters, rule: wanted }), `backward() is running on ${wanted === "intact" ? "the course's engine" : "the broken copy"}…`);
    if (!result.ok) return;
    state.shown = { ...state.shown, rule: result.rule, gradients: result.gradients };
    root.dataset.source = "live";
    draw();
    root.dataset.state = "ready";
    rule.focus();
  }

  async function resample() {
    const s = Number(seed.value);
    if (seed.value.trim() === "" || !Number.isInteger(s) || s < 0 || s > 2147483647) {
      root.dataset.state = "error";
      say("The seed must be a whole number from 0 to 2,147,483,647.", "error");
      return;
    }
    const count = state.shown.parameters.length;
    const engine = root.dataset.engine;
    if (engine === "mine") rule.value = "intact";
    const result = await ask(() => python().call("gradient_check", "sample", { name: state.shown.name, seed: s, rule: rule.value, engine }), `Nudging ${count} parameters up and down: ${2 * count} forward passes, a few seconds…`);
    if (!result.ok) {
      if (engine === "mine") engineSwitch.broken(result.error); // back to the course's engine
      return;
    }
    state.shown = result;
    state.point = 0;
    root.dataset.source = "live";
    draw();
    root.dataset.state = "ready";
  }

  root.dataset.source = "build";
  draw();
  root.dataset.state = "ready";
}

function offDiagonal(shown) {
  return shown.estimates.filter((e, k) => Math.abs(e - shown.gradients[k]) > AGREE).length;
}

function svg(tag, attributes, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attributes)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

// A signed square root spreads the many small gradients out; both axes share it and one symmetric range,
// so the diagonal (estimate = gradient) is still the line at 45 degrees.
function scale(v) {
  return Math.sign(v) * Math.sqrt(Math.abs(v));
}

function scatter(shown, point) {
  const all = [...shown.estimates, ...shown.gradients].map(Math.abs);
  const top = Math.max(...all) * 1.08 || 1;
  const unit = scale(top);
  const at = (v) => LEFT + ((scale(v) + unit) / (2 * unit)) * SIZE;
  const up = (v) => TOP + SIZE - ((scale(v) + unit) / (2 * unit)) * SIZE;
  const [width, height] = [LEFT + SIZE + TOP, TOP + SIZE + BOTTOM];
  const plot = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "bp-gradient__plot" });
  plot.setAttribute("role", "img");
  plot.setAttribute("tabindex", "0");
  plot.setAttribute("aria-label", `${shown.parameters.length} parameters of the GPT on “${shown.name}”: backward()'s gradient (up) against the nudged estimate (across), both on a square-root scale. Arrow keys read each point; the table has them all`);
  plot.append(svg("rect", { x: LEFT, y: TOP, width: SIZE, height: SIZE, class: "bp-gradient__frame" }));
  plot.append(svg("line", { x1: at(-top), y1: up(-top), x2: at(top), y2: up(top), class: "bp-gradient__diagonal" }));
  plot.append(svg("line", { x1: at(0), y1: TOP, x2: at(0), y2: TOP + SIZE, class: "bp-gradient__zero" }));
  plot.append(svg("line", { x1: LEFT, y1: up(0), x2: LEFT + SIZE, y2: up(0), class: "bp-gradient__zero" }));
  const tick = top.toPrecision(2);
  plot.append(svg("text", { x: at(-top), y: TOP + SIZE + 14, class: "bp-gradient__tick", "text-anchor": "start" }, `−${tick}`));
  plot.append(svg("text", { x: at(top), y: TOP + SIZE + 14, class: "bp-gradient__tick", "text-anchor": "end" }, tick));
  plot.append(svg("text", { x: LEFT - 4, y: TOP + 10, class: "bp-gradient__tick", "text-anchor": "end" }, tick));
  plot.append(svg("text", { x: LEFT - 4, y: TOP + SIZE, class: "bp-gradient__tick", "text-anchor": "end" }, `−${tick}`));
  plot.append(svg("text", { x: LEFT + SIZE / 2, y: height - 6, class: "bp-gradient__axis", "text-anchor": "middle" }, "nudged estimate (√ scale)"));
  const side = svg("text", { x: 12, y: TOP + SIZE / 2, class: "bp-gradient__axis", "text-anchor": "middle", transform: `rotate(-90 12 ${TOP + SIZE / 2})` }, "backward() (√ scale)");
  plot.append(side);
  shown.estimates.forEach((e, k) => {
    const g = shown.gradients[k];
    const dot = svg("circle", { cx: at(e), cy: up(g), r: 4.5, class: "bp-gradient__dot", "data-point": k });
    if (Math.abs(e - g) > AGREE) dot.dataset.off = "";
    if (k === point) dot.setAttribute("aria-current", "true");
    plot.append(dot);
  });
  const box = element("div", "bp-gradient__box");
  box.append(plot);
  return box;
}

function gradientTable(shown) {
  const rows = shown.parameters.map(([m, r, c], k) => {
    const e = shown.estimates[k];
    const g = shown.gradients[k];
    return [`${m}[${r}][${c}]`, e.toFixed(6), g.toFixed(6), Math.abs(e - g) > AGREE ? "off" : "on"];
  });
  const engine = shown.engine === "mine" ? "your engine" : shown.rule === "intact" ? "the course's engine" : `a copy where ${shown.broken[shown.rule]}`;
  return table("bp-picture__table", `Gradients of the loss of “${shown.name}” for ${rows.length} parameters, backward() on ${engine}`, ["parameter", "nudged estimate", "backward()", "diagonal"], rows);
}
