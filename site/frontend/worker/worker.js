// The Python worker: loads self-hosted Pyodide, unpacks the repo's Python, runs what the page asks.
// Messages (protocol v1): page -> worker {v, type: "init"|"run"|"call"|"reset-scope", id, ...};
// worker -> page {v, type: "status"|"stdout"|"stderr"|"capped"|"event"|"result"|"fatal", id, ...}.
// Add a request type by adding a handler below; set `current` while Python runs so output is routed.

import { watchDownloads } from "./downloads.js";
import { forgetSnapshot, loadSnapshot, saveSnapshot, WARM_IMPORTS } from "./snapshot.js";

const PROTOCOL = 1;
const BASE = new URL("./", import.meta.url);
const PYODIDE = new URL("../pyodide/", BASE);
const OUTPUT_LIMIT = { bytes: 1_000_000, lines: 2000 };

let pyodide = null;
let runner = null;
let current = null; // {id, bytes, lines, capped, hiddenBytes}
let fatalError = null; // set by Pyodide when it breaks for good (e.g. the browser's stack overflowed)
let interrupt = null; // Int32Array on a SharedArrayBuffer when the page is cross-origin isolated

const post = (message) => self.postMessage({ v: PROTOCOL, ...message });

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

async function boot({ interruptBuffer }) {
  const started = performance.now();
  const stages = {};
  interrupt = interruptBuffer ?? null;
  // build.json says which python.zip belongs to this build; asking for it by its hash keeps a browser's
  // HTTP cache from handing out the previous deploy's copy (our service worker checks hashes itself).
  const info = fetch(new URL("build.json", BASE), { cache: "no-cache" }).then((r) => (r.ok ? r.json() : {})).catch(() => ({}));
  const downloads = watchDownloads({
    onProgress: (loaded, total) => post({ type: "status", state: "loading", stage: "download", detail: "Downloading Python", loaded, total }),
    sizes: info.then((i) => i.sizes ?? {}),
  });
  post({ type: "status", state: "loading", stage: "download", detail: "Downloading Python" });
  const archive = info.then((i) => fetch(new URL(`python.zip${i.python ? `?v=${i.python}` : ""}`, BASE))).then((r) => {
    if (!r.ok) throw new Error(`could not download python.zip (HTTP ${r.status})`);
    return r.arrayBuffer();
  });
  archive.catch(() => {});
  const [{ loadPyodide }, snapshot] = await Promise.all([
    import(new URL("pyodide.mjs", PYODIDE).href),
    info.then((i) => loadSnapshot(i, BASE)),
  ]);
  // Pyodide logs a failed download and then waits forever; the download watcher fails fast instead.
  const load = (options) => Promise.race([loadPyodide({ indexURL: PYODIDE.href, ...options }), downloads.failed]);
  let made = null;
  if (snapshot) {
    try {
      pyodide = await load({ _loadSnapshot: snapshot });
      stages.fromSnapshot = true;
    } catch (error) {
      if (String(error).includes("could not download")) throw error;
      await forgetSnapshot(); // a copy this Pyodide cannot use: start the usual way
    }
  }
  if (!pyodide) {
    pyodide = await load({ _makeSnapshot: true });
    const before = performance.now();
    pyodide.runPython(WARM_IMPORTS);
    made = pyodide.makeMemorySnapshot();
    stages.snapshot = Math.round(performance.now() - before);
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
  pyodide.unpackArchive(await archive, "zip", { extractDir: "/home/pyodide/backprop" });
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/backprop')");
  // Python code in the worker reaches the page through this module: `from backprop_bridge import emit`
  // then emit("graph", json_text) sends {type: "event", kind: "graph", payload} for the current request.
  pyodide.registerJsModule("backprop_bridge", {
    emit: (kind, json) => current && post({ type: "event", id: current.id, kind, payload: JSON.parse(json) }),
    wait: interrupt ? interruptibleWait : null,
  });
  pyodide.setStdout(makeWriter("stdout"));
  pyodide.setStderr(makeWriter("stderr"));
  if (interrupt) {
    Atomics.store(interrupt, 0, 0); // a Stop meant for an earlier Python is not for this one
    pyodide.setInterruptBuffer(interrupt);
  }
  runner = pyodide.pyimport("backprop_runner");
  runner.install(Boolean(interrupt));
  stages.engine = Math.round(performance.now() - started) - stages.pyodide;
  post({ type: "status", state: "ready", ms: Math.round(performance.now() - started), stages, bytes: downloads.loaded });
  if (made) info.then((i) => saveSnapshot(i, BASE, made));
}

function toPlain(proxy) {
  const value = proxy.toJs({ dict_converter: Object.fromEntries });
  proxy.destroy();
  return value;
}

function withOutput(id, work) {
  const started = performance.now();
  current = { id, bytes: 0, lines: 0, capped: false, hiddenBytes: 0, hiddenLines: 0 };
  try {
    const result = work();
    if (result && typeof result === "object" && !Array.isArray(result)) {
      result.ms ??= Math.round(performance.now() - started);
      if (current.capped) Object.assign(result, { hiddenBytes: current.hiddenBytes, hiddenLines: current.hiddenLines });
    }
    return result;
  } finally {
    current = null;
  }
}

const handlers = {
  init: boot,
  run({ id, code, scope, cell }) {
    return withOutput(id, () => toPlain(runner.run_cell(code, scope || "page", cell || "")));
  },
  // Any Python function module.function(**args) returning JSON-able data: features add Python, not JS here.
  call({ id, module, func, args }) {
    return withOutput(id, () => JSON.parse(runner.call_json(module, func, JSON.stringify(args ?? {}))));
  },
  "reset-scope"({ scope }) {
    runner.reset_scope(scope);
    return { ok: true };
  },
};

// Plain words for what broke Pyodide itself; the page restarts the worker after a fatal message.
function explainFatal(error) {
  const text = String(error?.message || error);
  if (/call stack|stack overflow|too much recursion/i.test(text)) {
    return {
      kind: "stack",
      error: "Python crashed: a function called itself so deeply that the browser ran out of stack space. " +
        "This happens with deep recursion (for example a recursive topological sort on a long chain); a loop with " +
        "an explicit stack avoids it.",
    };
  }
  if (/memory|OOM|allocation/i.test(text)) {
    return { kind: "memory", error: "Python crashed: it ran out of memory. Try smaller sizes." };
  }
  return { kind: "other", error: `Python crashed (${text}).` };
}

self.onmessage = async ({ data }) => {
  const { type, id } = data;
  try {
    const result = await handlers[type](data);
    if (id !== undefined) post({ type: "result", id, result });
  } catch (error) {
    if (type === "init") {
      post({ type: "status", state: "error", detail: String(error?.message || error) });
    } else if (fatalError || pyodide?._api?.fatal_error_occurred || /fatally failed|fatal error/i.test(String(error))) {
      post({ type: "fatal", id, ...explainFatal(fatalError || error) });
    } else {
      const message = String(error?.message || error);
      post({ type: "result", id, result: { ok: false, error: { type: "InternalError", message, traceback: message } } });
    }
  }
};
