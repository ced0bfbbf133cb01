// Line charts drawn by uPlot: createChart() for the page's own features, and the "plot" output
// renderer for Python's plot() in cells (see worker/backprop_worker/plot.py for the data it sends).

import uPlot from "uplot";
import { element } from "../dom.js";
import { tickText, valueText } from "./numbers.js";

const SERIES_COLOURS = ["--bp-plot-1", "--bp-plot-2", "--bp-plot-3", "--bp-plot-4"];
const charts = new Set();

// Colours are read when drawing, so a chart follows Material's light/dark switch.
const cssColour = (element, name) => getComputedStyle(element).getPropertyValue(name).trim() || "currentColor";

// options: {title, xlabel, ylabel, series: [{label}], logx, logy, points, height, yRange: [min, max], legend}
// The legend (series names, and values under the cursor) shows when asked, or with several series.
// numbers: a closed "…as numbers" table under the chart, its text alternative (false where the widget
// has its own).
export function createChart(holder, { title = "", xlabel = "", ylabel = "", series = [], logx = false, logy = false, points = false, height = 220, yRange = null, legend = series.length > 1, numbers = true }) {
  const box = document.createElement("div");
  box.className = "bp-chart";
  box.setAttribute("role", "img");
  box.setAttribute("aria-label", [title || "Chart", ylabel && `${ylabel} against ${xlabel || "x"}`].filter(Boolean).join(": "));
  holder.append(box);
  const colour = (name) => () => cssColour(box, name);
  const axis = (label) => ({
    label,
    values: (u, splits) => splits.map(tickText),
    stroke: colour("--bp-plot-axis"),
    grid: { stroke: colour("--bp-plot-grid"), width: 1 },
    ticks: { stroke: colour("--bp-plot-grid"), width: 1 },
  });
  const options = {
    title,
    width: Math.max(box.clientWidth || holder.clientWidth || 320, 200),
    height,
    scales: {
      x: { time: false, distr: logx ? 3 : 1 },
      y: { distr: logy ? 3 : 1, ...(yRange ? { range: yRange } : {}) },
    },
    axes: [axis(xlabel), axis(ylabel)],
    legend: { show: legend, live: true },
    cursor: { drag: { x: false, y: false } },
    series: [
      { label: xlabel || "x", value: (u, v) => valueText(v) },
      ...series.map((s, i) => ({
        label: s.label,
        value: (u, v) => valueText(v),
        stroke: colour(SERIES_COLOURS[i % SERIES_COLOURS.length]),
        width: 2,
        spanGaps: false,
        ...(points ? { paths: () => null, points: { show: true, size: 6, fill: colour(SERIES_COLOURS[i % SERIES_COLOURS.length]) } } : { points: { show: false } }),
      })),
    ],
  };
  const plot = new uPlot(options, [[], ...series.map(() => [])], box);
  const resize = new ResizeObserver(() => {
    const width = Math.max(box.clientWidth, 200);
    if (Math.abs(width - plot.width) > 1) plot.setSize({ width, height });
  });
  resize.observe(box);
  const table = numbers ? numbersTable(holder, `${title || "The chart"} as numbers`, [xlabel || "x", ...series.map((s) => s.label)]) : null;
  const chart = {
    element: box,
    plot,
    setData(x, ys) {
      plot.setData([x, ...ys]);
      table?.setData(x, ys);
    },
    redraw() {
      plot.redraw(false, true);
    },
  };
  charts.add(chart);
  watchPalette();
  return chart;
}

// The chart's numbers under it, closed: at most ROWS rows, evenly spaced from the first x to the last (a
// training run has thousands), so that refilling it with each frame's data costs next to nothing.
const ROWS = 12;
function numbersTable(holder, caption, headings) {
  const details = element("details", "bp-chart__numbers");
  const scroller = element("div", "bp-chart__numbers-scroll");
  const table = element("table", "bp-chart__table"); // a class: Material's roomy look is for tables without one
  scroller.append(table);
  details.append(element("summary", "", caption), scroller);
  holder.append(details);
  const row = (cells, tag) => {
    const tr = element("tr");
    tr.append(...cells.map((text) => element(tag, "", text)));
    return tr;
  };
  const fill = (x, ys) => {
    const picked = x.length <= ROWS ? x.map((_, i) => i) : Array.from({ length: ROWS }, (_, k) => Math.round((k * (x.length - 1)) / (ROWS - 1)));
    const body = picked.map((i) => row([valueText(x[i]), ...ys.map((y) => (y[i] == null ? "–" : valueText(y[i])))], "td"));
    table.replaceChildren(row(headings, "th"), ...(body.length ? body : [row(["No numbers yet.", ...headings.slice(1).map(() => "")], "td")]));
  };
  fill([], []);
  return { setData: fill };
}

let watching = false;
function watchPalette() {
  if (watching) return;
  watching = true;
  new MutationObserver(() => {
    for (const chart of charts) {
      if (chart.element.isConnected) chart.redraw();
      else charts.delete(chart);
    }
  }).observe(document.body, { attributes: true, attributeFilter: ["data-md-color-scheme"] });
}

// plot(...) in a cell (main.js registers it for "plot"): payload {title, x, series: [{label, values}], xlabel, ylabel, logx, logy, points}.
export function renderPlot(holder, payload) {
  const chart = createChart(holder, { ...payload, series: payload.series });
  chart.setData(payload.x, payload.series.map((s) => s.values));
}
