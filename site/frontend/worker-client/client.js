// The page's handle on a Python worker. python() is the page's: one per page, shared by every cell,
// lab and diagram. It owns the worker's life: boot (with progress), one request at a time, Stop
// (interrupt or restart) and recovery after a crash. Events: "state" {state, detail, progress},
// "restart" {reason}. A client with role "grading" runs one lab Check and is then closed (checks.js).
// Messages follow worker/protocol.js.

import { failure, mismatch, VERSION } from "../worker/protocol.js";

const WORKER_URL = new URL("./worker.js", import.meta.url);
const STOP_GRACE_MS = 600; // Stop waits this long for a KeyboardInterrupt before restarting Python
const RESIGNAL_MS = 50; // a signal Python took without stopping is sent again this often
const STALL_MS = 45_000; // a boot with no news for this long has failed
const START_MS = 90_000; // a boot whose files have all arrived and that is not ready this long after has hung

// A start that failed at the network level (not an HTTP error, not Python: a service worker stopped
// mid-download) or hung once everything had arrived: the start is tried once more, in a new worker.
const WORTH_A_RETRY = /network failed|connection broke|failed to fetch|networkerror|load failed|error loading dynamically imported module|could not start|did not finish starting/i;

export const RESTARTED_NOTE = "Python was restarted, so definitions from earlier cells are gone: run those cells again.";

// Python's memory as the build saved it, unzipped by this page's first worker ({key: build.json's
// snapshot hash, packed}): each later worker (a Check's, a restart) gets a copy instead of unzipping the
// download again, a quarter of its start. It costs the page 16 MB; a new build's workers ignore it.
let unzipped = null;
// Pyodide's compiled wasm ({key: build.json's Pyodide version, module}), from the page's first worker:
// later workers instantiate it instead of downloading and compiling 9.6 MB again.
let compiled = null;

export class PythonClient extends EventTarget {
  constructor({ role = "page", labs = [] } = {}) {
    super();
    this.role = role;
    this.labs = labs;
    this.state = "idle";
    this.detail = "";
    this.progress = null; // {loaded, total} bytes while downloading
    this.bootMs = null;
    this.queue = []; // requests waiting for the worker
    this.active = null; // the request the worker is running
    this.nextId = 1;
    this.generation = 0; // bumps on every restart: definitions from before are gone
    this.interruptBuffer = this.newInterruptBuffer();
    this.worker = null;
    this.port = null; // our end of the worker's MessageChannel: the only way its answers reach us
    this.ready = null;
  }

  get canInterrupt() {
    return this.interruptBuffer !== null;
  }

  start() {
    if (this.worker) return this.ready;
    this.setState("loading", "Starting Python");
    this.startedAt = performance.now();
    this.ready = new Promise((resolve, reject) => {
      this.resolveReady = resolve;
      this.rejectReady = reject;
    });
    this.ready.catch(() => {});
    this.startRetried = false;
    this.spawn();
    return this.ready;
  }

  // A new worker for this start (a second one when the first failed in a way worth a retry).
  spawn() {
    // Each worker gets its own buffer: a Stop that ended in a restart leaves SIGINT in the old one,
    // and a new Python handed it would raise KeyboardInterrupt while it starts.
    this.interruptBuffer = this.newInterruptBuffer();
    this.worker = new Worker(WORKER_URL, { type: "module" });
    const worker = this.worker;
    // Python can call the worker's own postMessage, so nothing that arrives that way is believed.
    const channel = new MessageChannel();
    this.port = channel.port1;
    channel.port1.onmessage = ({ data }) => worker === this.worker && this.receive(data);
    worker.onerror = (event) => {
      event.preventDefault?.();
      if (worker === this.worker) this.startFailed(event.message || "the Python worker could not start");
    };
    this.watchForStall();
    const init = { v: VERSION, type: "init", port: channel.port2, role: this.role, labs: this.labs, snapshot: unzipped, wasm: compiled };
    worker.postMessage({ ...init, interruptBuffer: this.interruptBuffer }, [channel.port2]);
  }

  // The start failed: once, for a reason worth a retry, a new worker tries again; else the error shows.
  startFailed(reason) {
    if (this.startRetried || !WORTH_A_RETRY.test(reason)) return this.fail(reason);
    this.startRetried = true;
    console.warn(`Python's start failed (${reason}); trying once more.`);
    clearTimeout(this.stallTimer);
    this.worker?.terminate();
    this.spawn();
  }

  setState(state, detail = "", progress = null) {
    this.state = state;
    this.detail = detail;
    this.progress = progress;
    if (this.role === "page") document.documentElement.dataset.python = state === "idle" ? "loading" : state;
    this.dispatchEvent(new CustomEvent("state", { detail: { state, detail, progress } }));
  }

  watchForStall() {
    clearTimeout(this.stallTimer);
    if (this.state !== "loading") return;
    this.stallTimer = setTimeout(() => this.fail(`nothing arrived for ${STALL_MS / 1000} s; is the network down?`), STALL_MS);
  }

  // Starting Python can be silent for long on a busy machine, but not for ever.
  watchStart() {
    clearTimeout(this.stallTimer);
    this.stallTimer = setTimeout(() => this.startFailed(`Python did not finish starting in ${START_MS / 1000} s`), START_MS);
  }

  fail(reason) {
    clearTimeout(this.stallTimer);
    this.worker?.terminate();
    this.worker = null;
    this.port = null;
    this.setState("error", reason);
    this.rejectReady?.(new Error(reason));
    const failed = [...(this.active ? [this.active] : []), ...this.queue];
    this.active = null;
    this.queue = [];
    for (const r of failed) r.reject(new Error(reason));
  }

  receive(message) {
    const wrong = mismatch(message);
    if (wrong) return this.fail(wrong);
    const { type, id } = message;
    const request = this.active?.id === id ? this.active : null;
    if (type === "status") {
      if (message.state === "ready") {
        clearTimeout(this.stallTimer);
        this.bootMs = Math.round(performance.now() - this.startedAt);
        this.bootInfo = { workerMs: message.ms, stages: message.stages, bytes: message.bytes };
        if (this.role === "page") {
          // For bench/browser_load.py: when Python became ready, and where the worker's time went.
          performance.mark("bp-python-ready", { detail: this.bootInfo });
          performance.measure("bp-python-boot", { start: this.startedAt });
        } else performance.mark("bp-check-ready", { detail: this.bootInfo }); // a Check's Python, likewise
        this.setState("ready", `ready in ${(this.bootMs / 1000).toFixed(1)} s`);
        this.resolveReady();
        this.next();
      } else if (message.state === "error") {
        this.startFailed(message.detail);
      } else {
        const progress = message.total ? { loaded: message.loaded, total: message.total } : null;
        this.setState(message.state, message.detail, progress);
        if (message.stage === "start") this.watchStart(); // all downloaded: no network to stall
        else this.watchForStall();
      }
    } else if (type === "snapshot") {
      if (message.packed instanceof Uint8Array) unzipped = { key: message.key, packed: message.packed };
    } else if (type === "wasm") {
      if (message.module instanceof WebAssembly.Module) compiled = { key: message.key, module: message.module };
    } else if (type === "stdout" || type === "stderr" || type === "capped" || type === "event") {
      try {
        request?.onOutput?.(type, message);
      } catch (error) {
        console.warn(`Python's ${type} message could not be shown:`, error); // never a page error
      }
    } else if (type === "result") {
      if (!request) return;
      this.finish(request, resultOf(message));
    } else if (type === "fatal") {
      this.crash(message.error, message.kind);
    }
  }

  finish(request, result) {
    if (this.active === request) this.active = null;
    request.resolve(result);
    if (!this.active && this.queue.length === 0 && this.state === "busy") this.setState("ready", this.detail);
    this.next();
  }

  // Hand the next waiting request to the worker once it is ready and idle.
  next() {
    if (this.active || this.state === "loading" || this.state === "error" || !this.worker) return;
    const request = this.queue.shift();
    if (!request) return;
    this.active = request;
    if (this.interruptBuffer) this.interruptBuffer[0] = 0;
    if (this.state !== "busy") this.setState("busy", "Running");
    this.port.postMessage({ v: VERSION, type: request.type, id: request.id, ...request.payload });
  }

  // Send a request; resolves with the worker's result. onOutput streams stdout/stderr/events.
  // The promise carries `requestId`, which stop() accepts to stop just this request.
  request(type, payload = {}, { onOutput } = {}) {
    if (this.state === "error") this.restart("Retrying after a failed start");
    else this.start();
    const id = this.nextId++;
    const promise = new Promise((resolve, reject) => {
      this.queue.push({ id, type, payload, onOutput, resolve, reject });
    });
    promise.requestId = id;
    this.next();
    return promise;
  }

  run(code, scope, onOutput, { cell } = {}) {
    return this.request("run", { code, scope, cell }, { onOutput });
  }

  // module.function(**args) in the worker's Python (e.g. a lab's grader); resolves with its JSON result.
  call(module, func, args, onOutput) {
    return this.request("call", { module, func, args }, { onOutput });
  }

  // Stop one request (by the requestId of its promise) or, without one, everything.
  // Resolves with "idle", "cancelled" (it had not started), "interrupted" or "restarted".
  async stop(requestId) {
    const waiting = this.queue.filter((r) => requestId === undefined || r.id === requestId);
    this.queue = this.queue.filter((r) => !waiting.includes(r));
    for (const r of waiting) r.resolve(failure("Cancelled", "Stopped before it started."));
    const target = this.active && (requestId === undefined || this.active.id === requestId) ? this.active : null;
    if (!target) {
      if (!this.active && this.state === "busy") this.setState("ready", this.detail);
      return waiting.length ? "cancelled" : "idle";
    }
    if (this.interruptBuffer) {
      const buffer = this.interruptBuffer;
      let settle;
      const settled = new Promise((resolve) => {
        settle = resolve;
        const original = target.resolve;
        target.resolve = (value) => {
          original(value);
          resolve(true);
        };
      });
      const signal = () => {
        Atomics.store(buffer, 0, 2); // SIGINT
        Atomics.notify(buffer, 0); // wakes a time.sleep
      };
      signal();
      // Python takes the signal (the buffer goes back to 0) but may lose the KeyboardInterrupt: raised
      // inside a __del__ it is only printed, and code may catch it. Signal again until the grace ends
      // (a press that lands after the code has ended, while the worker reports, is dropped: runner.on_stop).
      const again = setInterval(() => buffer[0] === 0 && this.active === target && signal(), RESIGNAL_MS);
      const timer = setTimeout(() => settle(false), STOP_GRACE_MS);
      const interrupted = await settled;
      clearInterval(again);
      clearTimeout(timer);
      if (interrupted) return "interrupted";
      if (this.active !== target) return "interrupted";
    }
    this.restart(`Stopped. ${RESTARTED_NOTE}`);
    return "restarted";
  }

  // End this worker for good (a grading worker after its Check, or when its Check is stopped):
  // what it was running, and what waited for it, resolve with `reason`.
  close(reason = "Closed.", error = { type: "Stopped" }) {
    clearTimeout(this.stallTimer);
    this.worker?.terminate();
    this.worker = null;
    this.port = null;
    const ended = [...(this.active ? [this.active] : []), ...this.queue];
    this.active = null;
    this.queue = [];
    for (const r of ended) r.resolve(failure(error.type, reason, error));
    this.setState("closed", reason);
  }

  // SharedArrayBuffer (needed for the interrupt buffer) exists only on cross-origin isolated pages. A
  // grading worker is never interrupted (Stop ends it), but its time.sleep waits on the buffer too:
  // without one, Pyodide's sleep keeps a core busy for as long as it sleeps.
  newInterruptBuffer() {
    return self.crossOriginIsolated ? new Int32Array(new SharedArrayBuffer(4)) : null;
  }

  crash(reason, kind = "other") {
    this.restart(`${reason} ${RESTARTED_NOTE}`, { type: "Crashed", kind });
  }

  // A fresh worker: the running request ends with `reason`; waiting ones run on the new worker.
  // A grading worker is not restarted: its one Check ends with `reason`.
  restart(reason, error = { type: "Restarted" }) {
    if (this.role === "grading") return this.close(reason.replace(RESTARTED_NOTE, "").trim(), error);
    clearTimeout(this.stallTimer);
    const active = this.active;
    this.active = null;
    this.worker?.terminate();
    this.worker = null;
    this.port = null;
    this.generation++;
    if (active) active.resolve({ ...failure(error.type, reason, error), restarted: true });
    this.dispatchEvent(new CustomEvent("restart", { detail: { reason } }));
    this.start();
  }
}

// A result message's result, with how long it took and how much output was not shown. A call's result
// arrives as JSON text (a lab's verdict among them): parsed here, in the page, where no learner code
// runs, by a JSON.parse that refuses NaN and Infinity.
function resultOf({ result, json, ms, hiddenBytes, hiddenLines }) {
  if (json !== undefined) {
    try {
      result = JSON.parse(json);
    } catch (error) {
      return failure("InvalidResult", `Python's answer was not valid JSON (${error.message}).`);
    }
  }
  if (result && typeof result === "object" && !Array.isArray(result)) {
    result.ms ??= ms;
    if (hiddenBytes) Object.assign(result, { hiddenBytes, hiddenLines });
  }
  return result;
}

let client = null;
export function python() {
  client ??= new PythonClient();
  return client;
}
