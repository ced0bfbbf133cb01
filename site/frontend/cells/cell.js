// A code widget: editor, Run/Stop/Reset and Output. Run cells use it as is; labs add their buttons.

import { button, setDisabled } from "../dom.js";
import { createEditor } from "../editor/editor.js";
import { failure } from "../worker/protocol.js";
import { python } from "../worker-client/client.js";
import { createOutput } from "./output.js";
import { renderEvent } from "./renderers.js";
import { autosaver, loadCode } from "./storage.js";

// name: how tracebacks call this code when it is not the code that failed ("cell 2").
export function mountCodeWidget(root, data, { scope, note, name }) {
  const client = python();
  root.querySelector(".bp-fallback")?.remove();
  const saved = loadCode(data.id);
  const toolbar = document.createElement("div");
  toolbar.className = "bp-toolbar";
  const editorBox = document.createElement("div");
  editorBox.className = "bp-editor";
  root.append(editorBox, toolbar);
  const output = createOutput(root);
  // Short news about this widget (saving trouble, how long a run took), read out politely.
  const news = document.createElement("span");
  news.className = "bp-toolbar__news";
  news.setAttribute("role", "status");
  const save = autosaver(data.id, data.code, {
    onError: (message) => {
      news.textContent = message;
      news.dataset.kind = "warning";
    },
    onSaved: () => {
      news.textContent = "Saved again.";
      news.dataset.kind = "";
    },
  });

  const editor = createEditor(editorBox, {
    code: saved ?? data.code,
    label: data.kind === "lab" ? `Code for lab: ${data.title}` : "Python code cell",
    onRun: () => run(),
    onChange: (code) => {
      root.dataset.edited = "true";
      save(code);
    },
  });

  let running = false;
  let requestId = null;
  let runningOn = client; // who runs the current request: the page's Python, or a lab's Checks
  const runButton = button("Run", "bp-run-button md-button--primary", () => run());
  const stopButton = button("Stop", "bp-stop-button", () => stop());
  const resetButton = button("Reset", "bp-reset-button", () => reset());
  runButton.title = "Run (Ctrl+Enter)";
  stopButton.title = client.canInterrupt
    ? "Stop the running code; your definitions stay"
    : "Stop the running code by restarting Python; earlier definitions must then be run again";
  stopButton.disabled = true;
  toolbar.append(runButton, stopButton, resetButton);
  if (note) {
    const hint = document.createElement("span");
    hint.className = "bp-toolbar__note";
    hint.textContent = note;
    toolbar.append(hint);
  }
  toolbar.append(news);

  function setRunning(on) {
    running = on;
    setDisabled(stopButton, !on);
    root.dataset.running = on ? "true" : "false";
    output.element.setAttribute("aria-busy", String(on)); // a screen reader hears the output once, whole
  }

  // Runs a request (type "run" with the editor's code, or any other) with streamed output on the page's
  // Python (or on `via`, e.g. a lab's Checks); resolves with the worker's result.
  async function execute(type, payload, { via = client } = {}) {
    runningOn = via;
    setRunning(true);
    output.clear();
    editor.markLine(null);
    if (news.dataset.kind !== "warning") news.textContent = "";
    let waiting = null;
    if (via.state !== "ready" && via.state !== "busy") waiting = output.notice("Python is loading; your code will run as soon as it is ready.");
    else if (via.state === "busy") waiting = output.notice("Waiting for the code that is running to finish…");
    try {
      const pending = via.request(type, payload, {
        onOutput: (kind, message) => {
          waiting?.remove();
          if (kind === "capped") output.notice(`Output stops here: more than ${message.limit.lines.toLocaleString()} lines or 1 MB was printed. The code goes on running (Stop ends it).`);
          else if (kind === "event") renderEvent(output, message.kind, message.payload);
          else output.stream(kind, message.text);
        },
      });
      requestId = pending.requestId;
      const result = await pending;
      waiting?.remove();
      if (result?.hiddenBytes) output.notice(notShown(result));
      if (result?.error) showError(result.error);
      else if (result?.ok && result.ms != null && news.dataset.kind !== "warning") news.textContent = `Ran in ${duration(result.ms)}`;
      return result;
    } catch (error) {
      output.error(`Python is not available: ${error.message}. The status above has a Retry button.`);
      return failure("Unavailable", error.message);
    } finally {
      requestId = null;
      output.flush(); // the log is whole before the cell says it has finished
      setRunning(false);
    }
  }

  function showError(error) {
    if (error.type === "Restarted" || error.type === "Cancelled") return output.notice(error.message);
    if (error.type === "KeyboardInterrupt") return output.notice("Stopped. Your definitions from earlier runs are still there.");
    if (error.type === "Crashed") return output.error(error.message);
    output.error(explain(error, client.generation > 0));
    if (error.line) editor.markLine(error.line, error.col);
  }

  const run = () => (running ? null : execute("run", { code: editor.code, scope, cell: name }));
  async function stop() {
    setDisabled(stopButton, true);
    await runningOn.stop(requestId ?? undefined);
  }
  function reset() {
    editor.setCode(data.code);
    save.flush?.();
    output.clear();
    output.notice("Back to the starting code. Undo (Ctrl+Z) brings your version back.");
  }

  return { root, editor, output, toolbar, execute, showError, setRunning, get running() { return running; } };
}

const duration = (ms) => (ms < 1000 ? `${Math.max(1, Math.round(ms))} ms` : `${(ms / 1000).toFixed(1)} s`);

function notShown({ hiddenLines, hiddenBytes }) {
  const size = hiddenBytes < 1e6 ? `${Math.ceil(hiddenBytes / 1e3)} kB` : `${(hiddenBytes / 1e6).toFixed(1)} MB`;
  return hiddenLines > 1
    ? `${hiddenLines.toLocaleString()} more lines (${size}) were not shown.`
    : `${size} more output was not shown.`;
}

// Plain words for the failures that are not the learner's bug (restarted: Python has restarted on this page).
function explain(error, restarted) {
  const extra = {
    MemoryError: "\n\nPython ran out of memory. Try smaller sizes.",
    RecursionError: "\n\nA function called itself too many times. Is there a base case, or can a loop do it?",
    NameError: restarted ? "\n\nIf another cell defines this name: Python restarted since that cell ran, so run it again." : "",
  }[error.type];
  return error.traceback + (extra || "");
}
