// The one protocol between the page (worker-client/client.js) and its Python workers (worker/worker.js).
//
// page -> worker, on the worker's own channel, once:
//   {v, type: "init", port, role: "page" | "grading", labs: [lab ids], interruptBuffer: Int32Array | null}
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
//   {v, type: "status", state: "ready", ms, stages, bytes}           booted (stages: where the time went)
//   {v, type: "status", state: "error", detail}                      the boot failed
//   {v, type: "stdout" | "stderr", id, text}    output of the running request
//   {v, type: "capped", id, limit: {bytes, lines}}  output beyond the limit is no longer sent
//   {v, type: "event", id, kind, payload}       from Python's backprop_bridge.emit (a graph, a plot, ...)
//   {v, type: "result", id, result}             the request's JSON result (run: {ok, error?, ms})
//   {v, type: "fatal", id, kind, error}         Python broke for good; the page starts a new worker
// Results are JSON: NaN and Infinity are refused (Python's json.dumps(allow_nan=False)).

export const VERSION = 3;

// The Python functions the page may call (module.function of the worker's package backprop_worker ->
// what it returns); the worker refuses others.
export const CALLS = {
  "labs.check": "{lab, code, seed?} -> the verdict (lab_checks/grading/__init__.py); grading workers only",
  "labs.hint": "{lab, index} -> {text, index, count}",
  "labs.solution": "{lab} -> {code}",
  "graph.nudge": "{graph, values: [[node id, value]]} -> {diagram, actual, predicted, ...}",
  "moons_trainer.points": "{} -> {ok, points, labels, extent}: the training points, drawn before Train",
  "moons_trainer.train": "{hidden, steps, learning_rate, ...} -> {ok, ...}; 'training' events per step",
  "attention.weights": "{name} -> {ok, name, tokens, heads} or {ok: false, message}: the trained GPT's attention",
  "names_trainer.story": "{} -> {ok, origin, trained, losses}: the names GPT's training so far, drawn before a press",
  "names_trainer.sample": "{temperature, count, seed} -> {ok, names, origin, trained}",
  "names_trainer.train": "{mode: continue | scratch, steps, learning_rate, temperature, ...} -> {ok, ...}; 'training' events per step",
  "engine_source.apply": "{files: {name: text}} -> {ok, changed, error?}",
  "engine_source.restore": "{} -> {ok, changed, error?}",
};

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
