// The names page: <div class="bp-names-trainer"></div> becomes controls, a loss curve and a panel of
// sampled names, fed by names_trainer in the worker: the shipped checkpoint at first, sampled at once,
// trained further or from scratch step by step. Python trains in the worker; Stop interrupts it.

import { button, element, field } from "../dom.js";
import { createChart } from "../plots/index.js";
import { python } from "../worker-client/client.js";
import { createEngineSwitch } from "./engine-switch.js";
import { createRunner, ending, finishForm, seconds, whenNear } from "./trainer.js";

const DEFAULTS = { steps: "200", learningRate: "0.01", temperature: "0.5", seed: "42" }; // seed 42: the checkpoint's recipe
const NAMES = 10; // names a press of Sample names shows
const NAMES_WHILE_TRAINING = 6; // names sampled every SAMPLE_EVERY steps while training
const SAMPLE_EVERY = 20;
const TEXT_EVERY = 50; // the losses as text: the mean of each block of this many steps
const MEAN_OF = 50; // the running mean, as training/names_trainer.py MEAN_OF

export function mountNamesTrainers(elements) {
  return elements.map((root, i) => mountNamesTrainer(root, root.id || `bp-names-trainer-${i + 1}`));
}

function mountNamesTrainer(root, name) {
  const client = python();
  root.replaceChildren();
  root.setAttribute("role", "region");
  root.setAttribute("aria-label", "Names GPT");
  root.dataset.state = "idle";

  const form = element("form", "bp-trainer__controls");
  const steps = field(form, "Steps", `${name}-steps`, { type: "number", value: DEFAULTS.steps, step: "1", min: "1", max: "2000" });
  const learningRate = field(form, "Learning rate", `${name}-lr`, { type: "number", value: DEFAULTS.learningRate, step: "any", min: "0.0001", max: "1" });
  const temperature = field(form, "Temperature", `${name}-temperature`, { type: "number", value: DEFAULTS.temperature, step: "any", min: "0.05", max: "5" });
  // A new GPT's weights and its order of the names; 42 retraces the shipped checkpoint step for step.
  const seed = field(form, "Seed of a new GPT", `${name}-seed`, { type: "number", value: DEFAULTS.seed, step: "1", min: "0", max: "2147483647" });
  const sampleButton = button("Sample names", "bp-names-trainer__sample md-button--primary", () => form.reportValidity() && sample());
  const continueButton = button("Continue training", "bp-names-trainer__continue", () => form.reportValidity() && train("continue"));
  const scratchButton = button("Train from scratch", "bp-names-trainer__scratch", () => form.reportValidity() && train("scratch"));
  const stopButton = button("Stop", "bp-names-trainer__stop", () => runner.stop());
  stopButton.disabled = true;
  // Enter in a field presses the button that uses it (a form with no submit button ignores Enter).
  const enterPresses = new Map([[steps, continueButton], [learningRate, continueButton], [temperature, sampleButton], [seed, scratchButton]]);
  form.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" || !enterPresses.has(event.target)) return;
    event.preventDefault();
    enterPresses.get(event.target).click(); // a switched-off button ignores it
  });
  const intro = "Press Sample names to see the trained GPT invent names.";
  const { readout, say } = finishForm(root, form, [sampleButton, continueButton, scratchButton, stopButton], () => sample(), intro, () => run?.last);

  const board = element("div", "bp-names-trainer__board");
  const panel = element("section", "bp-names-trainer__names");
  panel.setAttribute("aria-label", "Sampled names");
  const heading = element("p", "bp-names-trainer__names-heading", "Sampled names");
  const list = element("ol", "bp-names-trainer__names-list");
  panel.append(heading, list);
  const curve = element("div", "bp-names-trainer__curve");
  board.append(panel, curve);
  const chart = createChart(curve, { title: "Loss", xlabel: "step", ylabel: "loss", series: [{ label: "one name" }, { label: "mean of last 50" }], height: 220, numbers: false }); // its text: the losses' table below
  const text = element("details", "bp-names-trainer__losses");
  const summary = element("summary", "", "The losses as text");
  const table = element("table");
  text.append(summary, table);
  const engineSwitch = createEngineSwitch(root, client, "names", name);
  root.append(form, engineSwitch.element, readout, board, text);

  let story = null; // {origin, seed, trained, shipped, x, losses, means}: the model's whole training so far
  let run = null; // this training run
  const runner = createRunner(client, "names_trainer", { controls: [sampleButton, continueButton, scratchButton, steps, learningRate, temperature, seed, engineSwitch.control], stopButton, onEvent: receive, onFrame: drawStep, say });
  let presses = 0; // Sample names uses seeds 0, 1, 2, ... from each training on: the first shows the checkpoint's samples

  const newStory = ({ origin, seed, trained, shipped }) => ({ origin, seed, trained, shipped, x: [], losses: [], means: [] });

  function setStory(told) {
    story = newStory(told);
    for (const loss of told.losses) add(loss);
    draw();
  }

  function add(loss, mean) {
    const { x, losses, means } = story;
    losses.push(loss);
    x.push(losses.length);
    if (mean === undefined) {
      const last = losses.slice(-MEAN_OF);
      mean = last.reduce((a, b) => a + b, 0) / last.length;
    }
    means.push(mean);
  }

  function draw() {
    chart.setData(story.x, [story.losses, story.means]);
    const rows = [["steps", "mean loss"]];
    for (let i = 0; i < story.losses.length; i += TEXT_EVERY) {
      const block = story.losses.slice(i, i + TEXT_EVERY);
      rows.push([`${i + 1}–${i + block.length}`, (block.reduce((a, b) => a + b, 0) / block.length).toFixed(3)]);
    }
    table.replaceChildren(
      ...rows.map((cells, r) => {
        const tr = element("tr");
        tr.append(...cells.map((c) => element(r ? "td" : "th", "", c)));
        return tr;
      }),
    );
    root.dataset.trained = String(story.trained);
  }

  function showNames(names, caption) {
    heading.textContent = caption;
    list.replaceChildren(...names.map((n) => element("li", "", n || "(empty)")));
    root.dataset.names = names.join(" ");
  }

  const about = () => {
    const trained = `${story.trained.toLocaleString("en")} step${story.trained === 1 ? "" : "s"} of training`;
    if (story.origin !== "checkpoint") return `your GPT from scratch (seed ${story.seed}, ${trained})`;
    const further = story.trained - story.shipped;
    return further > 0 ? `the shipped checkpoint trained ${further.toLocaleString("en")} step${further === 1 ? "" : "s"} further (${trained})` : `the shipped checkpoint (${trained})`;
  };

  async function sample() {
    if (runner.running) return;
    const args = { temperature: Number(temperature.value), count: NAMES, seed: presses++, engine: engineSwitch.engine() };
    const result = await runner.call("sample", args, { doing: "Sampling names…", state: "sampling" });
    if (!result?.ok) return failed(result);
    story ??= newStory(result);
    showNames(result.names, `${NAMES} names at temperature ${args.temperature}`);
    say(`Sampled ${NAMES} names from ${about()}: ${result.names.map((n) => n || "(empty)").join(", ")}.`, "sampled");
  }

  async function train(mode) {
    if (runner.running) return;
    const args = { mode, steps: Number(steps.value), learning_rate: Number(learningRate.value), temperature: Number(temperature.value), sample_every: SAMPLE_EVERY, count: NAMES_WHILE_TRAINING, engine: engineSwitch.engine() };
    if (mode === "scratch") args.seed = Number(seed.value);
    presses = 0; // a model trained anew samples with the first press's dice: a retrace gives the checkpoint's names
    run = { mode, steps: args.steps, last: null, ms: [], engine: args.engine };
    finish(await runner.call("train", args, { doing: "Building the GPT…", state: "training" }));
  }

  function receive(event) {
    if (!run) return;
    if (event.event === "start") {
      run.trainStarted = performance.now();
      setStory(event);
      const parameters = `${event.parameters.toLocaleString("en")} parameters`;
      if (run.mode === "scratch") {
        // The names shown were the old model's: the new one has none until its first sample.
        showNames([], `No names yet: the new GPT's first come after step ${Math.min(SAMPLE_EVERY, run.steps)}`);
        say(`Training a new GPT (seed ${event.seed}, ${parameters}) on ${onEngine(event.engine)}, one name a step…`, "training");
      } else say(`Training ${about()} further (${parameters}) on ${onEngine(event.engine)}, one name a step…`, "training");
    } else if (event.event === "step") {
      add(event.loss, event.mean);
      run.ms.push(event.ms);
      story.trained = event.step;
      run.last = event;
      if (event.names) run.names = event;
    }
  }

  function drawRun() {
    if (!run?.last) return;
    draw();
    if (run.names) {
      showNames(run.names.names, `After step ${run.names.step.toLocaleString("en")}, at temperature ${temperature.value}`);
      run.names = null;
    }
  }

  function drawStep() {
    drawRun();
    if (run?.last) say(progress(run), "training");
  }

  function finish(result) {
    drawRun();
    const { ended } = ending(result);
    if (ended === "done") {
      const ms = result.seconds * 1000;
      root.dataset.seconds = String(result.seconds);
      root.dataset.stepMs = String(median(run.ms)); // the worker's own timing of each step (bench/gpt_browser.py)
      root.dataset.stepsSeconds = String(run.ms.reduce((a, b) => a + b, 0) / 1000); // the steps alone, of the run
      return say(`Done: ${result.steps} step${result.steps === 1 ? "" : "s"} on ${onEngine(run.engine)} in ${seconds(ms)} (${Math.round(ms / result.steps)} ms a step). ${losses(run.last)}. The model is now ${about()}.`, "done");
    }
    const where = run?.last ? ` after step ${run.last.step.toLocaleString("en")}` : "";
    if (ended === "stopped") return say(`Stopped${where}. ${losses(run?.last)}`.trim(), "stopped");
    if (ended === "restarted") {
      story = null; // a new Python starts again from the checkpoint
      loadStory();
      return say(`Stopped${where}. Python was restarted to stop it, so the model is the shipped checkpoint again.`, "stopped");
    }
    failed(result);
  }

  function failed(result) {
    const { ended, message, setting, engineBroken } = ending(result);
    if (ended !== "failed") return say("Stopped.", "stopped");
    if (engineBroken) engineSwitch.broken(engineBroken);
    say(setting ? message : `It failed: ${message}`, "error");
  }

  // The checkpoint's own training curve is drawn before any press, once Python is up.
  async function loadStory() {
    const data = await client.call("names_trainer", "story", {}).catch(() => null);
    if (data?.ok && !runner.running) setStory(data);
  }
  whenNear(root, client, loadStory);

  return { root, sample, train, stop: runner.stop };
}

const onEngine = (engine) => (engine === "mine" ? "your engine" : "the course's engine");

function progress(run) {
  const { done, step } = run.last;
  const elapsed = (performance.now() - run.trainStarted) / 1000;
  const rate = done / elapsed;
  const left = (run.steps - done) / rate;
  return `Step ${step.toLocaleString("en")} (${done} of ${run.steps}) · ${losses(run.last)} · ${rate.toFixed(1)} steps/s · ${clock(left)} left`;
}

function losses(step) {
  if (!step) return "";
  const over = Math.min(MEAN_OF, step.step); // a model 20 steps old has no 50 to average
  return `loss ${step.loss.toFixed(3)} on "${step.name}", mean of the last ${over === 1 ? "step" : `${over} steps`} ${step.mean.toFixed(3)}`;
}

function clock(s) {
  if (!Number.isFinite(s)) return "?";
  const whole = Math.round(s);
  return whole < 60 ? `${whole} s` : `${Math.floor(whole / 60)} min ${whole % 60} s`;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2;
}

