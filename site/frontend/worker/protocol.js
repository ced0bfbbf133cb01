// The one protocol between the page (worker-client/client.js) and its Python workers (worker/worker.js).
//
// page -> worker, on the worker's own channel, once:
//   {v, type: "init", port, role: "page" | "grading", labs: [lab ids], interruptBuffer: Int32Array | null,
//    snapshot: {key, packed: Uint8Array} | null,   Python's memory as an earlier worker unzipped it
//    wasm: {key, module: WebAssembly.Module} | null}  Pyodide's wasm as an earlier worker compiled it
//   Everything after it travels on `port` (a MessagePort the worker keeps out of Python's reach), so
//   code that calls the worker's postMessage from Python cannot pass for the worker: the page ignores
//   the worker's own channel. A "grading" worker loads the labs' graders before anything else and
//   runs one Check; the page then ends it (no state survives from one Check to the next).
// page -> worker, on the port:
//   {v, type: "run", id, code, scope, cell}     a run cell's code in its scope ("page" or "lab:<id>")
//   {v, type: "call", id, module, func, args}   one of CALLS below, with keyword arguments args
// worker -> page, on the port:
//   {v, type: "status", state: "loading", stage, detail, loaded?, total?}  boot progress (bytes when known;
//                                                                    stage "start" once all has arrived)
//   {v, type: "snapshot", key, packed}          the snapshot this worker downloaded and unzipped, for the next
//                                               (sent once, before "ready", when it did not get one in init)
//   {v, type: "wasm", key, module}              the wasm this worker compiled (key: build.json's Pyodide
//                                               version), for the next; sent when it did not get one in init
//   {v, type: "status", state: "ready", ms, stages, bytes}           booted (stages: where the time went)
//   {v, type: "status", state: "error", detail}                      the boot failed
//   {v, type: "stdout" | "stderr", id, text}    output of the running request
//   {v, type: "capped", id, limit: {bytes, lines}}  output beyond the limit is no longer sent
//   {v, type: "event", id, kind, payload}       from Python's backprop_bridge.emit (a graph, a plot, ...)
//   {v, type: "result", id, result}             the request's JSON result (run: {ok, error?, ms})
//   {v, type: "fatal", id, kind, error}         Python broke for good; the page starts a new worker
// Results are JSON: NaN and Infinity are refused (Python's json.dumps(allow_nan=False)).

export const VERSION = 3;

// Every call the page may make (module.function of the worker's calls.CALLS), typed once: args are its
// keyword arguments, result the keys of what it returns when it works, events (trainers only) the keys
// of each "training" event it streams, by event name. A key ending in "?" may be absent. Whatever the
// call, a failure returns failure()'s shape below. tests/worker/test_protocol.py runs every call in
// CPython and holds its payloads to these keys.
export const CALLS = {
  // The verdict on code (lab_checks/grading/__init__.py); grading workers only.
  "labs.check": {
    args: ["lab", "code", "seed?"],
    result: ["verdict", "summary", "lab", "seed", "ms", "printed", "checks", "error?", "raised?", "note?", "reason?"],
  },
  "labs.hint": { args: ["lab", "index"], result: ["text", "index", "count"] },
  // code: the reference solution; whole: the lab's starting code with it put in, examples kept.
  "labs.solution": { args: ["lab", "starting?"], result: ["code", "whole"] },
  // A diagram recomputed with nudged leaves: the new diagram, each leaf's grad × nudge, their sum
  // (the prediction), the output's real change, and the numbers as the page prints them.
  "graph.nudge": { args: ["graph", "values"], result: ["ok", "graph", "terms", "prediction", "change", "text"] },
  // The training points, drawn before Train.
  "moons_trainer.points": { args: [], result: ["ok", "points", "labels", "extent"] },
  "moons_trainer.train": {
    args: ["hidden?", "steps?", "learning_rate?", "samples?", "noise?", "alpha?", "data_seed?", "model_seed?", "picture_every?", "engine?"],
    result: ["ok", "steps", "seconds", "accuracy", "parts"],
    events: {
      start: ["points", "labels", "extent", "parameters", "engine"],
      step: ["step", "loss", "data_loss", "penalty", "accuracy", "learning_rate", "ms", "boundary?"],
      done: ["seconds", "accuracy", "parts"],
    },
  },
  // The names GPT's training so far, drawn before a press.
  "names_trainer.story": { args: [], result: ["ok", "origin", "seed", "trained", "shipped", "losses"] },
  "names_trainer.sample": { args: ["temperature?", "count?", "seed?", "engine?"], result: ["ok", "names", "origin", "seed", "trained", "shipped"] },
  "names_trainer.train": {
    args: ["mode?", "steps?", "learning_rate?", "temperature?", "sample_every?", "count?", "engine?", "seed?"],
    result: ["ok", "steps", "seconds", "origin", "seed", "trained", "shipped"],
    events: {
      start: ["parameters", "origin", "seed", "trained", "shipped", "losses", "engine"],
      step: ["step", "done", "name", "loss", "mean", "learning_rate", "ms", "names?"],
      done: ["seconds"],
    },
  },
  // Run on my engine: the learner's engine (saved code by lab id, passed labs) put together, loaded, tried
  // piece by piece and timed against the course's for a trainer ("moons" or "names"). A piece that is
  // wrong fails with type EngineBroken, its message and the lab to revisit (error.lab).
  "learner_engine.use": { args: ["trainer", "saved", "passed"], result: ["ok", "pieces", "ms"] },
  // Download my code: the zip (base64) of the learner's engine, microgpt.py and a notebook per module
  // (modules: notebooks.json's, with the learner's code in the cells they changed), named for the day.
  "learner_engine.download": { args: ["saved", "passed", "modules", "day"], result: ["ok", "name", "zip", "files", "pieces", "left_out"] },
  // The trained GPT's attention for a typed name (a name it cannot read fails with a ValueError).
  "attention.weights": { args: ["name"], result: ["ok", "name", "tokens", "heads"] },
  // A name sampled by the trained GPT, each step's 27 probabilities as learned and after the temperature.
  "sampling.steps": { args: ["seed?", "temperature?"], result: ["ok", "name", "seed", "temperature", "tokens", "steps"] },
  // A typed name's loss position by position, for the trained GPT and the untrained one it started from.
  "letter_loss.compare": { args: ["name"], result: ["ok", "name", "models"] },
  // The gradient check: a new sample of parameters (seed), nudged estimates and backward()'s gradients on
  // the engine rule names ("intact" or a key of broken), on the course's engine or ("mine") the learner's
  // (switched on in this worker before); gradients alone for the same parameters.
  "gradient_check.sample": { args: ["name", "seed?", "rule?", "engine?"], result: ["ok", "engine", "name", "seed", "nudge", "parameters", "estimates", "rule", "gradients", "broken"] },
  "gradient_check.gradients": { args: ["name", "parameters", "rule"], result: ["ok", "rule", "gradients"] },
  // The engine page: the learner's files loaded, or the originals back (error: the load's traceback).
  "engine_source.apply": { args: ["files"], result: ["ok", "changed", "error?"] },
  "engine_source.restore": { args: [], result: ["ok", "changed", "error?"] },
};

// The events a run cell's code sends (backprop_worker/outputs.py), drawn in its Output by kind; the
// trainers' "training" events are typed with their calls above.
export const EVENTS = {
  graph: ["kind", "graph", "title"], // show(v): graph is diagrams.diagram_in's data
  plot: ["title", "x", "series", "xlabel", "ylabel", "logx", "logy", "points"], // plot(x, *ys)
};

// A request that failed, in the one shape every end reads (the worker's Python builds the same in
// backprop_worker/runner.py's failure()): type names what went wrong (a Python exception's name, or
// Cancelled, Restarted, Crashed, Stopped, Unavailable, InvalidResult, InternalError, EngineBroken).
export function failure(type, message, more = {}) {
  return { ok: false, error: { type, message, traceback: message, ...more } };
}

// Only a grading worker may run a Check, and it runs nothing else.
export const GRADING_CALLS = ["labs.check"];

export function allowed(role, module, func) {
  const name = `${module}.${func}`;
  return Object.hasOwn(CALLS, name) && GRADING_CALLS.includes(name) === (role === "grading");
}

// A message of another version means a page and a worker from different deploys: reloading fixes it.
export function mismatch(message) {
  return message?.v === VERSION
    ? null
    : `the page and its Python worker are from different versions of the site (protocol ${VERSION} and ${message?.v}): reload the page`;
}
