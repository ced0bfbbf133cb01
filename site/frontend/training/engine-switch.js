// Run on my engine: a switch on a trainer that moves its training onto the engine the learner wrote in
// the labs (learner_engine in the worker puts it together, tries each piece and times it). It is
// available once the labs that make an engine are passed, and says which are missing until then.

import { loadCourse, pageHref, savedLabCode } from "../progress/course.js";
import { onProgressChange, readProgress } from "../progress/store.js";

// The labs whose code makes the engine, the first two needed: learner_engine/assemble.py's PIECES, which
// tests/learner_engine/test_switch.py keeps these equal to (the page needs them before Python starts).
const NEEDED = ["value-ops", "backward"];
const PIECES = { moons: [...NEEDED, "iterative-topo"], names: [...NEEDED, "iterative-topo", "softmax-cross-entropy", "linear", "attention-head", "adam"] };

// root: the trainer's region (it gets data-engine). Returns {element, control, engine(), broken(error)};
// control goes in the runner's controls: the switch holds still while the trainer runs.
export function createEngineSwitch(root, client, trainer, name) {
  const box = document.createElement("div");
  box.className = "bp-engine-switch";
  const label = document.createElement("label");
  label.className = "bp-engine-switch__label";
  const input = document.createElement("input");
  input.type = "checkbox";
  input.setAttribute("role", "switch");
  input.id = `${name}-my-engine`;
  label.append(input, document.createTextNode(" Run on my engine"));
  const about = document.createElement("p");
  about.className = "bp-engine-switch__about";
  about.id = `${name}-my-engine-about`;
  about.setAttribute("aria-live", "polite");
  input.setAttribute("aria-describedby", about.id);
  box.append(label, about);

  let engine = "course";
  let course = { pages: [] };
  let busy = false; // putting the engine together
  let running = false; // the trainer is running: the engine stays as it is
  let ready = false; // the needed labs are passed
  const setDisabled = () => {
    input.disabled = busy || running || !(ready || engine === "mine");
  };
  const setEngine = (value) => {
    engine = value;
    input.checked = value === "mine";
    root.dataset.engine = value;
  };
  setEngine("course");

  const labLink = (lab) => {
    const page = course.pages.find((p) => p.labs.includes(lab));
    if (!page) return document.createTextNode(lab);
    const a = document.createElement("a");
    a.href = `${pageHref(page)}#lab-${lab}`;
    a.textContent = `${page.title} (lab ${lab})`;
    return a;
  };

  const say = (...parts) => about.replaceChildren(...parts.map((p) => (typeof p === "string" ? document.createTextNode(p) : p)));

  function describe(progress = readProgress()) {
    if (busy || engine === "mine") return;
    delete root.dataset.engineError;
    const missing = NEEDED.filter((lab) => !progress.labs[lab]?.passed);
    ready = !missing.length;
    setDisabled();
    root.dataset.engineReady = String(ready);
    if (missing.length) {
      const links = missing.flatMap((lab, i) => (i ? [" and ", labLink(lab)] : [labLink(lab)]));
      return say("Off: this runs on the course's engine. To run it on yours, pass ", ...links, " first.");
    }
    const yours = PIECES[trainer].filter((lab) => progress.labs[lab]?.passed);
    say(`Off: this runs on the course's engine. Switch on to run it on yours: your code from ${list(yours)}, and the course's for the rest.`);
  }

  async function switchOn() {
    busy = true;
    setDisabled();
    say("Putting your engine together and trying each piece…");
    const progress = readProgress();
    const passed = Object.keys(progress.labs).filter((lab) => progress.labs[lab]?.passed);
    const result = await client.call("learner_engine", "use", { trainer, saved: savedLabCode(course), passed }).catch((error) => ({ ok: false, error: { message: String(error) } }));
    busy = false;
    if (!result?.ok) {
      setEngine("course");
      setDisabled();
      root.dataset.engineError = result?.error?.lab ?? "";
      return say(result?.error?.message ?? "Your engine could not be loaded.");
    }
    delete root.dataset.engineError;
    setEngine("mine");
    setDisabled();
    const mine = result.pieces.filter((p) => p.yours).map((p) => p.what);
    const theirs = result.pieces.filter((p) => !p.yours && PIECES[trainer].includes(p.lab)).map((p) => p.what);
    root.dataset.mineMs = String(result.ms.mine);
    root.dataset.courseMs = String(result.ms.course);
    say(`On: this runs on your engine: your ${list(mine)}${theirs.length ? `; the course's ${list(theirs)}` : ""}. One step's forward and backward took ${result.ms.mine} ms on your engine and ${result.ms.course} ms on the course's.`);
  }

  input.addEventListener("change", () => {
    if (input.checked) return switchOn();
    setEngine("course");
    describe();
  });
  onProgressChange((progress) => describe(progress));
  loadCourse().then((map) => {
    course = map;
    describe();
  });
  describe();

  return {
    element: box,
    control: {
      set disabled(on) {
        running = on;
        setDisabled();
      },
    },
    engine: () => engine,
    // A run on the learner's engine broke (result.error of type EngineBroken): back to the course's.
    broken(error) {
      setEngine("course");
      setDisabled();
      root.dataset.engineError = error?.lab ?? "";
      say(error?.message ?? "Your engine broke.");
    },
  };
}

function list(items) {
  if (items.length < 2) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
