// The live training page: <div class="bp-moons-trainer"></div> becomes controls, a decision-boundary
// picture and loss/accuracy curves, fed by moons_trainer.train() in the worker step by step.
// Python trains in the worker, so the page stays responsive; Stop interrupts it.

import { button, field } from "../dom.js";
import { createChart } from "../plots/index.js";
import { python } from "../worker-client/client.js";
import { createPicture } from "./picture.js";
import { createEngineSwitch } from "./engine-switch.js";
import { createRunner, ending, finishForm, seconds, whenNear } from "./trainer.js";

const DEMO = { learningRate: "1.0", hidden: "16, 16", steps: "100" };

export function mountMoonsTrainers(elements) {
  return elements.map((element, i) => mountMoonsTrainer(element, element.id || `bp-moons-trainer-${i + 1}`));
}

function mountMoonsTrainer(root, name) {
  const client = python();
  const settings = { ...DEMO, ...pick(root.dataset, Object.keys(DEMO)) };
  root.replaceChildren();
  root.setAttribute("role", "region");
  root.setAttribute("aria-label", "Live training");
  root.dataset.state = "idle";

  const form = document.createElement("form");
  form.className = "bp-trainer__controls";
  const learningRate = field(form, "Learning rate", `${name}-lr`, { type: "number", value: settings.learningRate, step: "any", min: "0.001", max: "10" });
  const hidden = field(form, "Hidden layer sizes", `${name}-hidden`, { type: "text", value: settings.hidden, inputMode: "numeric", pattern: "\\s*\\d+(\\s*,\\s*\\d+)*\\s*" });
  const steps = field(form, "Steps", `${name}-steps`, { type: "number", value: settings.steps, step: "1", min: "1", max: "1000" });
  const trainButton = button("Train", "bp-trainer__train md-button--primary", () => {});
  trainButton.type = "submit";
  const stopButton = button("Stop", "bp-trainer__stop", () => runner.stop());
  stopButton.disabled = true;
  const demoButton = button("Demo settings", "bp-trainer__demo", () => {
    learningRate.value = DEMO.learningRate;
    hidden.value = DEMO.hidden;
    steps.value = DEMO.steps;
  });
  const intro = "Press Train to train the network on 100 moons points.";
  const { readout, say } = finishForm(root, form, [trainButton, stopButton, demoButton], () => train(), intro, () => run?.last);

  const board = document.createElement("div");
  board.className = "bp-trainer__board";
  const pictureBox = document.createElement("figure");
  pictureBox.className = "bp-trainer__figure";
  const picture = createPicture(pictureBox);
  const caption = document.createElement("figcaption");
  caption.textContent = "The plane coloured by the network's answer: blue where it says −1, orange where it says +1.";
  pictureBox.append(caption);
  const curves = document.createElement("div");
  curves.className = "bp-trainer__curves";
  board.append(pictureBox, curves);
  const engineSwitch = createEngineSwitch(root, client, "moons", name);
  root.append(form, engineSwitch.element, readout, board);
  // The loss is the data loss (how far points are on the wrong side) plus the penalty on big weights:
  // two lines, so a network that only shrinks its weights does not pass for one that learns.
  const lossChart = createChart(curves, { title: "Loss", xlabel: "step", ylabel: "loss", series: [{ label: "data loss" }, { label: "penalty" }], height: 180 });
  const accuracyChart = createChart(curves, { title: "Accuracy", xlabel: "step", ylabel: "accuracy (%)", series: [{ label: "accuracy %" }], height: 180, yRange: [0, 100] });

  let run = null; // what this training run has seen so far
  const runner = createRunner(client, "moons_trainer", { controls: [trainButton, learningRate, hidden, steps, engineSwitch.control], stopButton, onEvent: receive, onFrame: draw, say });

  async function train() {
    if (runner.running) return;
    const sizes = hidden.value.split(",").map((s) => Number(s.trim()));
    const args = { hidden: sizes, steps: Number(steps.value), learning_rate: Number(learningRate.value), engine: engineSwitch.engine() };
    if (sizes.some((n) => !Number.isInteger(n))) return say("Hidden layer sizes are whole numbers separated by commas, e.g. 16, 16.", "error");
    run = { steps: args.steps, x: [], dataLoss: [], penalty: [], accuracy: [], last: null, started: performance.now(), boundary: null };
    lossChart.setData([], [[], []]);
    accuracyChart.setData([], [[]]);
    finish(await runner.call("train", args, { doing: "Building the network…", state: "training" }));
  }

  function receive(event) {
    if (!run) return;
    if (event.event === "start") {
      run.trainStarted = performance.now();
      picture.start(event);
      say(`Training an MLP with ${event.parameters} parameters on ${event.points.length} points, on ${event.engine === "mine" ? "your engine" : "the course's engine"}…`, "training");
    } else if (event.event === "step") {
      run.x.push(event.step);
      run.dataLoss.push(event.data_loss);
      run.penalty.push(event.penalty);
      run.accuracy.push(event.accuracy * 100);
      run.last = event;
      if (event.boundary) run.boundary = event.boundary;
    } else if (event.event === "done") {
      run.done = event;
    }
  }

  function draw() {
    if (!run?.last) return;
    lossChart.setData(run.x, [run.dataLoss, run.penalty]);
    accuracyChart.setData(run.x, [run.accuracy]);
    const { step, accuracy } = run.last;
    if (run.boundary) {
      picture.show(run.boundary, `Decision boundary after step ${step}: ${percent(accuracy)} of the points on the right side.`);
      run.boundary = null;
    }
    if (runner.running) say(`Step ${step} of ${run.steps} · ${losses(run.last)} · accuracy ${percent(accuracy)} · ${seconds(performance.now() - run.trainStarted)}`, "training");
  }

  function finish(result) {
    if (run?.last) {
      lossChart.setData(run.x, [run.dataLoss, run.penalty]);
      accuracyChart.setData(run.x, [run.accuracy]);
      if (run.boundary) picture.show(run.boundary, `Decision boundary after step ${run.last.step}.`);
    }
    const { ended, message, setting, engineBroken } = ending(result);
    const where = run?.last ? ` after step ${run.last.step}` : "";
    if (engineBroken) engineSwitch.broken(engineBroken);
    if (ended === "done") {
      const ms = result.seconds * 1000;
      root.dataset.accuracy = String(result.accuracy);
      root.dataset.seconds = String(result.seconds);
      root.dataset.parts = JSON.stringify(result.parts ?? {}); // where the seconds went (bench/browser_load.py)
      say(`Done: ${result.steps} steps in ${seconds(ms)} (${Math.round(ms / result.steps)} ms a step). ${losses(run.last)}. Training accuracy ${percent(result.accuracy)}.`, "done");
    } else if (ended === "stopped") say(`Stopped${where}.`, "stopped");
    else if (ended === "restarted") say(`Stopped${where}. (Python was restarted to stop it.)`, "stopped");
    else say(setting ? message : `Training failed: ${message}`, "error");
  }

  // The training points are drawn before Train: Python starts when the trainer comes near the screen
  // (Train needs it anyway) and sends the engine's moons.
  whenNear(root, client, async () => {
    const data = await client.call("moons_trainer", "points", {}).catch(() => null);
    if (data?.ok && !run) {
      picture.start(data);
      root.dataset.points = String(data.points.length);
    }
  });

  return { root, train, stop: runner.stop };
}

function losses(step) {
  if (!step) return "";
  return `loss ${step.loss.toFixed(4)} = data loss ${step.data_loss.toFixed(4)} + penalty ${step.penalty.toFixed(4)}`;
}

function pick(object, keys) {
  return Object.fromEntries(keys.filter((k) => object[k] !== undefined).map((k) => [k, object[k]]));
}

const percent = (fraction) => `${Math.round(fraction * 1000) / 10}%`;
