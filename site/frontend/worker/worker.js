// The Python worker: loads self-hosted Pyodide, unpacks the repo's Python, runs what the page asks.
// Messages (protocol v1): page -> worker {v, type: "init"|"run"|"reset-scope", id, ...};
// worker -> page {v, type: "status"|"stdout"|"stderr"|"capped"|"event"|"result"|"fatal", id, ...}.
// Add a request type by adding a handler below; set `current` while Python runs so output is routed.

const PROTOCOL = 1;
const BASE = new URL("./", import.meta.url);
const OUTPUT_LIMIT = { bytes: 1_000_000, lines: 2000 };

let pyodide = null;
let runner = null;
let current = null; // {id, bytes, lines, capped}

const post = (message) => self.postMessage({ v: PROTOCOL, ...message });

function makeWriter(stream) {
  const decoder = new TextDecoder();
  return {
    write(buffer) {
      const text = decoder.decode(buffer, { stream: true });
      if (current) emit(stream, text);
      return buffer.length;
    },
  };
}

function emit(stream, text) {
  if (current.capped) return;
  current.bytes += text.length;
  current.lines += (text.match(/\n/g) || []).length;
  if (current.bytes > OUTPUT_LIMIT.bytes || current.lines > OUTPUT_LIMIT.lines) {
    current.capped = true;
    post({ type: "capped", id: current.id, limit: OUTPUT_LIMIT });
    return;
  }
  post({ type: stream, id: current.id, text });
}

async function boot({ interruptBuffer }) {
  const started = performance.now();
  post({ type: "status", state: "loading", detail: "Downloading Python" });
  const { loadPyodide } = await import(new URL("../pyodide/pyodide.mjs", BASE).href);
  const archive = fetch(new URL("python.zip", BASE)).then((r) => {
    if (!r.ok) throw new Error(`python.zip: HTTP ${r.status}`);
    return r.arrayBuffer();
  });
  pyodide = await loadPyodide({ indexURL: new URL("../pyodide/", BASE).href });
  post({ type: "status", state: "loading", detail: "Unpacking the engine" });
  pyodide.unpackArchive(await archive, "zip", { extractDir: "/home/pyodide/backprop" });
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/backprop')");
  // Python code in the worker reaches the page through this module: `from backprop_bridge import emit`
  // then emit("graph", json_text) sends {type: "event", kind: "graph", payload} for the current request.
  pyodide.registerJsModule("backprop_bridge", {
    emit: (kind, json) => current && post({ type: "event", id: current.id, kind, payload: JSON.parse(json) }),
  });
  pyodide.setStdout(makeWriter("stdout"));
  pyodide.setStderr(makeWriter("stderr"));
  if (interruptBuffer) pyodide.setInterruptBuffer(interruptBuffer);
  runner = pyodide.pyimport("backprop_runner");
  post({ type: "status", state: "ready", ms: Math.round(performance.now() - started) });
}

function toPlain(proxy) {
  const value = proxy.toJs({ dict_converter: Object.fromEntries });
  proxy.destroy();
  return value;
}

const handlers = {
  init: boot,
  run({ id, code, scope }) {
    current = { id, bytes: 0, lines: 0, capped: false };
    try {
      return toPlain(runner.run_cell(code, scope || "page"));
    } finally {
      current = null;
    }
  },
  // Any Python function module.function(**args) returning JSON-able data: features add Python, not JS here.
  call({ id, module, func, args }) {
    current = { id, bytes: 0, lines: 0, capped: false };
    try {
      return JSON.parse(runner.call_json(module, func, JSON.stringify(args ?? {})));
    } finally {
      current = null;
    }
  },
  "reset-scope"({ scope }) {
    runner.reset_scope(scope);
    return { ok: true };
  },
};

self.onmessage = async ({ data }) => {
  const { type, id } = data;
  try {
    const result = await handlers[type](data);
    if (id !== undefined) post({ type: "result", id, result });
  } catch (error) {
    // A JavaScript-level error here means Pyodide itself broke (e.g. a fatal stack overflow).
    const fatal = !pyodide || pyodide._api?.fatal_error_occurred || /fatal error/i.test(String(error));
    post({ type: fatal ? "fatal" : "result", id, error: String(error?.message || error), result: fatal ? undefined : { ok: false, error: { type: "InternalError", message: String(error), traceback: String(error) } } });
  }
};
