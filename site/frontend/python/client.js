// The page's handle on the Python worker: one per page, shared by every cell, lab and diagram.
// It owns the worker's life: boot (with progress), one request at a time, Stop (interrupt or
// restart) and recovery after a crash. Events: "state" {state, detail, progress}, "restart" {reason}.

const WORKER_URL = new URL("./worker.js", import.meta.url);
const STOP_GRACE_MS = 600; // Stop waits this long for a KeyboardInterrupt before restarting Python
const STALL_MS = 45_000; // a boot with no news for this long has failed

export const RESTARTED_NOTE = "Python was restarted, so definitions from earlier cells are gone: run those cells again.";

export class PythonClient extends EventTarget {
  constructor() {
    super();
    this.state = "idle";
    this.detail = "";
    this.progress = null; // {loaded, total} bytes while downloading
    this.bootMs = null;
    this.queue = []; // requests waiting for the worker
    this.active = null; // the request the worker is running
    this.nextId = 1;
    this.generation = 0; // bumps on every restart: definitions from before are gone
    this.interruptBuffer = newInterruptBuffer();
    this.worker = null;
    this.ready = null;
  }

  get canInterrupt() {
    return this.interruptBuffer !== null;
  }

  // How many requests are running or waiting (labs and cells use it to show "busy").
  get pending() {
    return new Map([...(this.active ? [this.active] : []), ...this.queue].map((r) => [r.id, r]));
  }

  start() {
    if (this.worker) return this.ready;
    this.setState("loading", "Starting Python");
    this.startedAt = performance.now();
    // Each worker gets its own buffer: a Stop that ended in a restart leaves SIGINT in the old one,
    // and a new Python handed it would raise KeyboardInterrupt while it starts.
    this.interruptBuffer = newInterruptBuffer();
    this.worker = new Worker(WORKER_URL, { type: "module" });
    const worker = this.worker;
    worker.onmessage = ({ data }) => worker === this.worker && this.receive(data);
    worker.onerror = (event) => {
      event.preventDefault?.();
      if (worker === this.worker) this.fail(event.message || "the Python worker could not start");
    };
    this.ready = new Promise((resolve, reject) => {
      this.resolveReady = resolve;
      this.rejectReady = reject;
    });
    this.ready.catch(() => {});
    this.watchForStall();
    worker.postMessage({ v: 1, type: "init", interruptBuffer: this.interruptBuffer });
    return this.ready;
  }

  setState(state, detail = "", progress = null) {
    this.state = state;
    this.detail = detail;
    this.progress = progress;
    document.documentElement.dataset.python = state === "idle" ? "loading" : state;
    this.dispatchEvent(new CustomEvent("state", { detail: { state, detail, progress } }));
  }

  watchForStall() {
    clearTimeout(this.stallTimer);
    if (this.state !== "loading") return;
    this.stallTimer = setTimeout(() => this.fail(`nothing arrived for ${STALL_MS / 1000} s; is the network down?`), STALL_MS);
  }

  fail(reason) {
    clearTimeout(this.stallTimer);
    this.worker?.terminate();
    this.worker = null;
    this.setState("error", reason);
    this.rejectReady?.(new Error(reason));
    const failed = [...(this.active ? [this.active] : []), ...this.queue];
    this.active = null;
    this.queue = [];
    for (const r of failed) r.reject(new Error(reason));
  }

  receive(message) {
    const { type, id } = message;
    const request = this.active?.id === id ? this.active : null;
    if (type === "status") {
      if (message.state === "ready") {
        clearTimeout(this.stallTimer);
        this.bootMs = Math.round(performance.now() - this.startedAt);
        this.bootInfo = { workerMs: message.ms, stages: message.stages, bytes: message.bytes };
        // For bench/browser_load.py: when Python became ready, and where the worker's time went.
        performance.mark("bp-python-ready", { detail: this.bootInfo });
        performance.measure("bp-python-boot", { start: this.startedAt });
        this.setState("ready", `ready in ${(this.bootMs / 1000).toFixed(1)} s`);
        this.resolveReady();
        this.next();
      } else if (message.state === "error") {
        this.fail(message.detail);
      } else {
        const progress = message.total ? { loaded: message.loaded, total: message.total } : null;
        this.setState(message.state, message.detail, progress);
        this.watchForStall();
      }
    } else if (type === "stdout" || type === "stderr" || type === "capped" || type === "event") {
      request?.onOutput?.(type, message);
    } else if (type === "result") {
      if (!request) return;
      this.finish(request, message.result);
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
    this.worker.postMessage({ v: 1, type: request.type, id: request.id, ...request.payload });
  }

  // Send a request; resolves with the worker's result. onOutput streams stdout/stderr/events.
  // The promise carries `requestId`, which stop() accepts to stop just this request.
  request(type, payload = {}, { onOutput } = {}) {
    if (this.state === "error") this.restart("Retrying after a failed start");
    else this.start();
    const id = this.nextId++;
    const promise = new Promise((resolve, reject) => {
      this.queue.push({ id, type, payload, onOutput, resolve, reject, generation: this.generation });
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
    for (const r of waiting) r.resolve({ ok: false, error: { type: "Cancelled", message: "Stopped before it started.", traceback: "" } });
    const target = this.active && (requestId === undefined || this.active.id === requestId) ? this.active : null;
    if (!target) {
      if (!this.active && this.state === "busy") this.setState("ready", this.detail);
      return waiting.length ? "cancelled" : "idle";
    }
    if (this.interruptBuffer) {
      const settled = new Promise((resolve) => {
        const original = target.resolve;
        target.resolve = (value) => {
          original(value);
          resolve(true);
        };
      });
      Atomics.store(this.interruptBuffer, 0, 2); // SIGINT
      Atomics.notify(this.interruptBuffer, 0); // wakes a time.sleep
      const interrupted = await Promise.race([settled, new Promise((res) => setTimeout(() => res(false), STOP_GRACE_MS))]);
      if (interrupted) return "interrupted";
      if (this.active !== target) return "interrupted";
    }
    this.restart(`Stopped. ${RESTARTED_NOTE}`);
    return "restarted";
  }

  crash(reason, kind = "other") {
    this.restart(`${reason} ${RESTARTED_NOTE}`, { type: "Crashed", kind });
  }

  // A fresh worker: the running request ends with `reason`; waiting ones run on the new worker.
  restart(reason, error = { type: "Restarted" }) {
    clearTimeout(this.stallTimer);
    const active = this.active;
    this.active = null;
    this.worker?.terminate();
    this.worker = null;
    this.generation++;
    if (active) active.resolve({ ok: false, restarted: true, error: { ...error, message: reason, traceback: reason } });
    this.dispatchEvent(new CustomEvent("restart", { detail: { reason } }));
    this.start();
  }
}

// SharedArrayBuffer (needed for the interrupt buffer) exists only on cross-origin isolated pages.
function newInterruptBuffer() {
  return self.crossOriginIsolated ? new Int32Array(new SharedArrayBuffer(4)) : null;
}

let client = null;
export function python() {
  client ??= new PythonClient();
  return client;
}
