// The page's handle on the Python worker: one per page, shared by every cell, lab and diagram.
// It owns the worker's life: boot, requests, Stop (interrupt or restart) and recovery after a crash.

const WORKER_URL = new URL("./worker.js", import.meta.url);
const STOP_GRACE_MS = 1000;

export class PythonClient extends EventTarget {
  constructor() {
    super();
    this.state = "idle";
    this.detail = "";
    this.bootMs = null;
    this.pending = new Map();
    this.nextId = 1;
    this.generation = 0; // bumps on every restart: definitions from before are gone
    // SharedArrayBuffer (needed for the interrupt buffer) exists only on cross-origin isolated pages.
    this.interruptBuffer = self.crossOriginIsolated ? new Uint8Array(new SharedArrayBuffer(1)) : null;
    this.worker = null;
  }

  get canInterrupt() {
    return this.interruptBuffer !== null;
  }

  start() {
    if (this.worker) return this.ready;
    this.setState("loading", "Starting Python");
    this.worker = new Worker(WORKER_URL, { type: "module" });
    this.worker.onmessage = ({ data }) => this.receive(data);
    this.worker.onerror = (event) => this.fail(event.message || "the Python worker could not start");
    this.ready = new Promise((resolve, reject) => {
      this.resolveReady = resolve;
      this.rejectReady = reject;
    });
    this.ready.catch(() => {});
    this.worker.postMessage({ v: 1, type: "init", interruptBuffer: this.interruptBuffer?.buffer && this.interruptBuffer });
    return this.ready;
  }

  setState(state, detail = "") {
    this.state = state;
    this.detail = detail;
    document.documentElement.dataset.python = state === "idle" ? "loading" : state;
    this.dispatchEvent(new CustomEvent("state", { detail: { state, detail } }));
  }

  fail(reason) {
    this.setState("error", reason);
    this.rejectReady?.(new Error(reason));
    for (const { reject } of this.pending.values()) reject(new Error(reason));
    this.pending.clear();
  }

  receive(message) {
    const { type, id } = message;
    const request = this.pending.get(id);
    if (type === "status") {
      if (message.state === "ready") {
        this.bootMs = message.ms;
        this.setState("ready", `ready in ${(message.ms / 1000).toFixed(1)} s`);
        this.resolveReady();
      } else {
        this.setState(message.state, message.detail);
      }
    } else if (type === "stdout" || type === "stderr" || type === "capped" || type === "event") {
      request?.onOutput?.(type, message);
    } else if (type === "result") {
      if (id === undefined && message.error) return this.fail(message.error);
      this.pending.delete(id);
      if (this.pending.size === 0 && this.state === "busy") this.setState("ready", this.detail);
      request?.resolve(message.result);
    } else if (type === "fatal") {
      this.crash(message.error);
    }
  }

  // Send a request; resolves with the worker's result. onOutput streams stdout/stderr.
  async request(type, payload = {}, { onOutput } = {}) {
    await this.start();
    const id = this.nextId++;
    if (this.interruptBuffer) this.interruptBuffer[0] = 0;
    this.setState("busy", "Running");
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onOutput, generation: this.generation });
      this.worker.postMessage({ v: 1, type, id, ...payload });
    });
  }

  run(code, scope, onOutput) {
    return this.request("run", { code, scope }, { onOutput });
  }

  // module.function(**args) in the worker's Python (e.g. a lab's grader); resolves with its JSON result.
  call(module, func, args, onOutput) {
    return this.request("call", { module, func, args }, { onOutput });
  }

  // Stop: a KeyboardInterrupt where the page is isolated; else (or if ignored) a fresh worker.
  async stop() {
    if (this.pending.size === 0) return "idle";
    if (this.interruptBuffer) {
      this.interruptBuffer[0] = 2; // SIGINT
      const settled = await Promise.race([
        Promise.all([...this.pending.values()].map((r) => new Promise((res) => {
          const original = r.resolve;
          r.resolve = (value) => { original(value); res(); };
        }))).then(() => true),
        new Promise((res) => setTimeout(() => res(false), STOP_GRACE_MS)),
      ]);
      if (settled) return "interrupted";
    }
    this.restart("Stopped: Python was restarted, so definitions from earlier cells must be run again.");
    return "restarted";
  }

  crash(reason) {
    this.restart(`Python crashed (${reason}). It has been restarted; run earlier cells again.`);
  }

  restart(reason) {
    const pending = [...this.pending.values()];
    this.pending.clear();
    this.worker?.terminate();
    this.worker = null;
    this.generation++;
    for (const r of pending) r.resolve({ ok: false, restarted: true, error: { type: "Restarted", message: reason, traceback: reason } });
    this.dispatchEvent(new CustomEvent("restart", { detail: { reason } }));
    this.start();
  }
}

let client = null;
export function python() {
  client ??= new PythonClient();
  return client;
}
