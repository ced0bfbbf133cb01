// The Python worker: loads self-hosted Pyodide, unpacks the repo's Python, runs what the page asks.
// The messages are worker/protocol.js's. Add a request type by adding a handler below; set `current`
// while Python runs so output is routed.

import { allowed, failure, mismatch, VERSION } from "./protocol.js";
import { watchDownloads } from "./downloads.js";
import { forgetUnzipped, HOME, keepOursIf, keepUnzipped, loadSnapshot, WARM_IMPORTS } from "./snapshot.js";

const BASE = new URL("./", import.meta.url);
const PYODIDE = new URL("../pyodide/", BASE);
const OUTPUT_LIMIT = { bytes: 1_000_000, lines: 2000 };

let pyodide = null;
let runner = null;
let current = null; // {id, bytes, lines, capped, hiddenBytes}
let fatalError = null; // set by Pyodide when it breaks for good (e.g. the browser's stack overflowed)
let recursionRaised = false; // code raised sys.setrecursionlimit above the usual (see explainFatal)
let interrupt = null; // Int32Array on a SharedArrayBuffer when the page is cross-origin isolated
let role = "page"; // or "grading": a worker for one Check
// The page's end of the protocol, from the init message; only this module can reach it (not Python).
let port = null;

// Bound before any Python runs: Python reaches this realm's globals (js.MessagePort, js.Reflect), so
// a verdict's way out must not depend on anything it could replace later.
const send = MessagePort.prototype.postMessage;
const apply = Reflect.apply;
const post = (message, transfer = []) => apply(send, port, [{ v: VERSION, ...message }, transfer]);

function makeWriter(stream) {
  const decoder = new TextDecoder();
  return {
    write(buffer) {
      const text = decoder.decode(buffer, { stream: true });
      if (current && !fatalError) emit(stream, text);
      return buffer.length;
    },
  };
}

// Every write is posted at once (a print before a long computation must show before it); the page
// batches what arrives into one update per frame.
function emit(stream, text) {
  if (current.capped) {
    current.hiddenBytes += text.length;
    current.hiddenLines += (text.match(/\n/g) || []).length;
    return;
  }
  current.bytes += text.length;
  current.lines += (text.match(/\n/g) || []).length;
  if (current.bytes > OUTPUT_LIMIT.bytes || current.lines > OUTPUT_LIMIT.lines) {
    current.capped = true;
    current.hiddenBytes += text.length;
    current.hiddenLines += (text.match(/\n/g) || []).length;
    post({ type: "capped", id: current.id, limit: OUTPUT_LIMIT });
    return;
  }
  post({ type: stream, id: current.id, text });
}

// time.sleep that Stop can cut short: it waits on the interrupt buffer itself, so the page's
// Atomics.notify wakes it. Returns true when Stop was pressed (and takes the signal, so Python
// raises one KeyboardInterrupt, not two).
function interruptibleWait(ms) {
  if (interrupt[0] === 0) Atomics.wait(interrupt, 0, 0, Math.max(0, ms));
  if (interrupt[0] === 0) return false;
  interrupt[0] = 0;
  return true;
}

// Pyodide's wasm compiled once per page: the page's first worker hands its WebAssembly.Module on, and
// each later one (a Check's, a restart) instantiates that instead of fetching 9.6 MB and compiling it.
// Keyed by build.json's Pyodide version: a module only ever meets the JavaScript it was compiled for.
function compileOnce(info, given) {
  const instantiateStreaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async (source, imports) => {
    WebAssembly.instantiateStreaming = instantiateStreaming; // Pyodide instantiates once
    if (given) return { module: given, instance: await WebAssembly.instantiate(given, imports) };
    const result = await instantiateStreaming(source, imports);
    post({ type: "wasm", key: info.pyodide, module: result.module });
    return result;
  };
}

async function boot({ interruptBuffer, labs, snapshot: shared, wasm }) {
  const started = performance.now();
  const stages = {};
  interrupt = interruptBuffer ?? null;
  const grading = role === "grading";
  // build.json says which python.zip belongs to this build; asking for it by its hash keeps a browser's
  // HTTP cache from handing out the previous deploy's copy (our service worker checks hashes itself).
  const info = fetch(new URL("build.json", BASE), { cache: "no-cache" }).then((r) => (r.ok ? r.json() : {})).catch(() => ({}));
  const downloads = watchDownloads({
    // Once every file has arrived, "start": the page stops watching for a stalled network then (compiling
    // and starting Python can be silent for a long time on a busy machine).
    onProgress: (loaded, total) =>
      post(loaded < total ? { type: "status", state: "loading", stage: "download", detail: "Downloading Python", loaded, total }
        : { type: "status", state: "loading", stage: "start", detail: "Starting Python" }),
    sizes: info.then((i) => i.sizes ?? {}),
  });
  // The wasm first, before Pyodide's own JavaScript is imported: it is most of the download. (Not a
  // preload hint in the page: the HTTP cache of a private window keeps no 9.6 MB file for the worker.)
  // After build.json, whose sizes give the progress bar its total from the first byte on.
  const compiled = info.then((i) => {
    const given = wasm?.module instanceof WebAssembly.Module && i.pyodide && wasm.key === i.pyodide ? wasm.module : null;
    const url = new URL("pyodide.asm.wasm", PYODIDE).href;
    if (given) downloads.provide(url);
    else downloads.prefetch(url);
    compileOnce(i, given);
    return Boolean(given);
  });
  post({ type: "status", state: "loading", stage: "download", detail: "Downloading Python" });
  const archive = info.then((i) => fetch(new URL(`python.zip${i.python ? `?v=${i.python}` : ""}`, BASE))).then((r) => {
    if (!r.ok) throw new Error(`could not download python.zip (HTTP ${r.status})`);
    return r.arrayBuffer();
  });
  archive.catch(() => {});
  // The ms from the boot at which each piece arrived, in the stages the page is told.
  const noted = (stage) => (value) => {
    stages[stage] = Math.round(performance.now() - started);
    return value;
  };
  const [{ loadPyodide }, snapshot] = await Promise.all([
    import(new URL("pyodide.mjs", PYODIDE).href).then(noted("imported")),
    info.then(noted("info")).then((i) => loadSnapshot(i, BASE, shared)).then(noted("snapshot")),
  ]);
  stages.wasmFrom = (await compiled) ? "page" : "fetched"; // "page": compiled by an earlier worker; "fetched": here
  // Pyodide logs a failed download and then waits forever; the download watcher fails fast instead.
  const load = (options) => Promise.race([loadPyodide({ indexURL: PYODIDE.href, ...options }), downloads.failed]);
  if (snapshot) {
    try {
      pyodide = await load({ _loadSnapshot: snapshot.memory });
      stages.fromSnapshot = true;
      stages.snapshotFrom = snapshot.from; // "download", "cache" (an earlier visit's) or "page"
      if (snapshot.from === "download") keepUnzipped(BASE, snapshot.key, snapshot.packed); // copies it at once
      // The page keeps the unzipped copy for its next worker (a Check's): unzipping is a quarter of a start.
      if (snapshot.from !== "page") post({ type: "snapshot", key: snapshot.key, packed: snapshot.packed }, [snapshot.packed.buffer]);
      // The copy holds random's state as it was at build time: every visit would draw the same numbers.
      pyodide.runPython("import random; random.seed()");
    } catch (error) {
      if (String(error).includes("could not download")) throw error;
      if (snapshot.from === "cache") forgetUnzipped(BASE, snapshot.key);
      pyodide = null; // a copy this Pyodide cannot use: start the usual way
    }
  }
  if (!pyodide) {
    pyodide = await load({});
    pyodide.runPython(WARM_IMPORTS);
  }
  downloads.stop();
  stages.pyodide = Math.round(performance.now() - started);
  post({ type: "status", state: "loading", stage: "engine", detail: "Unpacking the engine" });
  // Note a fatal error as it starts: Pyodide then dumps its own stack to stderr, which is not the learner's.
  const fatal = pyodide._api.fatal_error;
  pyodide._api.fatal_error = (error) => {
    fatalError ??= error;
    return fatal(error);
  };
  pyodide._api.on_fatal = (error) => {
    fatalError ??= error;
  };
  pyodide.unpackArchive(await archive, "zip", { extractDir: HOME });
  pyodide.runPython(keepOursIf((await info).python));
  // Python code in the worker reaches the page through this module: `from backprop_bridge import emit`
  // then emit("graph", json_text) sends {type: "event", kind: "graph", payload} for the current request.
  pyodide.registerJsModule("backprop_bridge", {
    emit: (kind, json) => current && post({ type: "event", id: current.id, kind, payload: JSON.parse(json) }),
    wait: interrupt ? interruptibleWait : null,
    // Python ignores a KeyboardInterrupt raised inside a __del__; the runner presses Stop again here.
    interrupt_buffer: interrupt,
    note_recursion_limit: (raised) => {
      recursionRaised = raised;
    },
  });
  pyodide.setStdout(makeWriter("stdout"));
  pyodide.setStderr(makeWriter("stderr"));
  // A Check's Python is never interrupted (Stop ends it): it only sleeps on the buffer.
  const sleeps = Boolean(interrupt);
  const stoppable = sleeps && !grading;
  if (sleeps) Atomics.store(interrupt, 0, 0); // a Stop meant for an earlier Python is not for this one
  if (stoppable) pyodide.setInterruptBuffer(interrupt);
  runner = pyodide.pyimport("backprop_worker.runner");
  runner.install(sleeps, stoppable);
  // The graders load while the worker boots: the Check then starts at once, from Python as it booted.
  if (grading) pyodide.pyimport("backprop_worker.labs").prepare(pyodide.toPy(labs ?? []));
  stages.engine = Math.round(performance.now() - started) - stages.pyodide;
  post({ type: "status", state: "ready", ms: Math.round(performance.now() - started), stages, bytes: downloads.loaded });
}

function toPlain(proxy) {
  const value = proxy.toJs({ dict_converter: Object.fromEntries });
  proxy.destroy();
  return value;
}

// work() returns the result's message fields: {result} (plain data) or {json} (JSON text, which only
// the page parses). Built from literals only: Python could have put setters on Object.prototype.
function withOutput(id, work) {
  const started = performance.now();
  current = { id, bytes: 0, lines: 0, capped: false, hiddenBytes: 0, hiddenLines: 0 };
  try {
    const answer = work();
    const hidden = current.capped ? { hiddenBytes: current.hiddenBytes, hiddenLines: current.hiddenLines } : {};
    return { ...answer, ms: Math.round(performance.now() - started), ...hidden };
  } finally {
    current = null;
  }
}

const handlers = {
  run({ id, code, scope, cell }) {
    if (role === "grading") throw new Error("a grading worker runs Checks only");
    return withOutput(id, () => ({ result: toPlain(runner.run_cell(code, scope || "page", cell || "")) }));
  },
  // A Python function on protocol.js's list, module.function(**args), returning JSON data.
  call({ id, module, func, args }) {
    if (!allowed(role, module, func)) throw new Error(`${module}.${func} is not a function the page may call here`);
    return withOutput(id, () => ({ json: runner.call_json(module, func, JSON.stringify(args ?? {})) }));
  },
};

// Plain words for what broke Pyodide itself; the page restarts the worker after a fatal message.
function explainFatal(error) {
  const text = String(error?.message || error);
  if (/call stack|stack overflow|too much recursion/i.test(text)) {
    // Python stops its own recursion with RecursionError long before the browser's stack runs out,
    // unless code raised the limit; otherwise C code went deep: above all, freeing a long chain.
    if (recursionRaised) {
      return {
        kind: "stack",
        error: "Python crashed: a function called itself so deeply that the browser ran out of stack space. " +
          "This happens with deep recursion (for example a recursive topological sort on a long chain); a loop with " +
          "an explicit stack avoids it.",
      };
    }
    return {
      kind: "stack",
      error: "Python crashed: the browser ran out of stack space while Python was freeing a long chain of objects " +
        "that each hold the next (or going through a deeply nested structure), not in a function of yours. When the " +
        "last name for the head of such a chain goes (e.g. head = None, or a cell's variables being replaced), Python " +
        "frees each object inside the freeing of the one before. Keep long chains in a list, or undo the links from " +
        "the head down (node.prev = ()) before letting go.",
    };
  }
  if (/memory|OOM|allocation/i.test(text)) {
    return { kind: "memory", error: "Python crashed: it ran out of memory. Try smaller sizes." };
  }
  return { kind: "other", error: `Python crashed (${text}).` };
}

// The worker's own channel carries one message, init; everything else comes through its port.
self.onmessage = ({ data }) => {
  self.onmessage = null;
  if (data?.type !== "init" || !data.port) return;
  port = data.port;
  role = data.role === "grading" ? "grading" : "page";
  const wrong = mismatch(data);
  if (wrong) return post({ type: "status", state: "error", detail: wrong });
  port.onmessage = ({ data: message }) => receive(message);
  boot(data).catch((error) => post({ type: "status", state: "error", detail: String(error?.message || error) }));
};

async function receive(message) {
  const { type, id } = message ?? {};
  try {
    const wrong = mismatch(message);
    if (wrong) throw new Error(wrong);
    if (!Object.hasOwn(handlers, type)) throw new Error(`unknown request type ${JSON.stringify(type)}`);
    const answer = await handlers[type](message);
    post({ type: "result", id, ...answer });
  } catch (error) {
    if (fatalError || pyodide?._api?.fatal_error_occurred || /fatally failed|fatal error/i.test(String(error))) {
      post({ type: "fatal", id, ...explainFatal(fatalError || error) });
    } else {
      post({ type: "result", id, result: failure("InternalError", String(error?.message || error)) });
    }
  }
}
