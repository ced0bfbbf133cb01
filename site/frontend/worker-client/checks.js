// Where lab Checks run: each in a Python of its own, started from the build's snapshot of Python's memory and
// ended after its one verdict, so nothing learner code did before (in run cells or an earlier Check)
// can bend a verdict. Once the learner starts on a lab (labs/lab.js), one such worker boots ahead, so
// Check answers at once; a reader who only reads or scrolls past a lab never starts a second Python.
// It looks like a PythonClient to a code widget: request(), stop(), state and ready.

import { python, PythonClient } from "./client.js";

class Checks {
  constructor(labs) {
    this.labs = labs;
    this.spare = null; // booted (or booting) and never used
    this.current = null; // running a Check
  }

  // Boot the next Check's worker, once the page's own Python is up (they would share two cores).
  warm() {
    if (this.spare) return;
    const spare = new PythonClient({ role: "grading", labs: this.labs });
    this.spare = spare;
    const page = python();
    const go = () => this.spare === spare && spare.start();
    if (page.state === "ready" || page.state === "busy") return go();
    const onState = ({ detail }) => {
      if (detail.state !== "ready") return;
      page.removeEventListener("state", onState);
      go();
    };
    page.addEventListener("state", onState);
  }

  get worker() {
    return this.current ?? this.spare;
  }

  get state() {
    return this.worker?.state === "ready" || this.worker?.state === "busy" ? this.worker.state : "loading";
  }

  get ready() {
    return this.worker?.ready ?? null;
  }

  get canInterrupt() {
    return false;
  }

  // Runs one request (a "call" of labs.check) on a fresh worker, then ends that worker.
  request(type, payload, options) {
    this.warm();
    const worker = this.spare;
    this.spare = null;
    this.current = worker;
    worker.start();
    const pending = worker.request(type, payload, options);
    const done = pending.finally(() => {
      worker.close("This Check is over.");
      if (this.current === worker) this.current = null;
    });
    done.requestId = pending.requestId;
    return done;
  }

  // Stop a Check: its worker ends at once (nothing else runs there, so nothing else is lost).
  async stop() {
    this.current?.close("Stopped.");
    return "stopped";
  }
}

let checks = null;
// The page's Checks, for the labs with these ids (their graders load before any learner code).
export function labChecks(labs) {
  checks ??= new Checks(labs);
  return checks;
}
