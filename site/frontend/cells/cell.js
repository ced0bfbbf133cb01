// A code widget: editor, Run/Stop/Reset and Output. Run cells use it as is; labs add their buttons.

import { createEditor } from "../editor/editor.js";
import { python } from "../python/client.js";
import { createOutput } from "./output.js";
import { renderEvent } from "./renderers.js";
import { autosaver, forgetCode, loadCode } from "./storage.js";

export function button(label, className, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = `md-button bp-button ${className}`;
  b.textContent = label;
  b.addEventListener("click", onClick);
  return b;
}

export function mountCodeWidget(root, data, { scope, note }) {
  const client = python();
  root.querySelector(".bp-fallback")?.remove();
  const saved = loadCode(data.id);
  const toolbar = document.createElement("div");
  toolbar.className = "bp-toolbar";
  const editorBox = document.createElement("div");
  editorBox.className = "bp-editor";
  root.append(editorBox, toolbar);
  const output = createOutput(root);
  const save = autosaver(data.id, (message) => output.notice(message));

  const editor = createEditor(editorBox, {
    code: saved ?? data.code,
    label: data.kind === "lab" ? `Code for lab: ${data.title}` : "Python code cell",
    onRun: () => run(),
    onChange: (code) => save(code),
  });

  let running = false;
  const runButton = button("Run", "bp-run-button md-button--primary", () => run());
  const stopButton = button("Stop", "bp-stop-button", () => stop());
  const resetButton = button("Reset", "bp-reset-button", () => reset());
  stopButton.disabled = true;
  toolbar.append(runButton, stopButton, resetButton);
  if (note) {
    const hint = document.createElement("span");
    hint.className = "bp-toolbar__note";
    hint.textContent = note;
    toolbar.append(hint);
  }

  function setRunning(on) {
    running = on;
    stopButton.disabled = !on;
    root.dataset.running = on ? "true" : "false";
  }

  // Runs code (the editor's unless given) with streamed output; resolves with the worker's result.
  async function execute(type, payload) {
    setRunning(true);
    output.clear();
    editor.markLine(null);
    if (client.state !== "ready" && client.state !== "busy") output.notice("Python is loading; your code will run as soon as it is ready.");
    try {
      const result = await client.request(type, payload, {
        onOutput: (kind, message) => {
          if (kind === "capped") output.notice(`Output stopped here: more than ${message.limit.lines.toLocaleString()} lines or 1 MB was printed. The code kept running.`);
          else if (kind === "event") renderEvent(output, message.kind, message.payload);
          else output.stream(kind, message.text);
        },
      });
      if (result?.error) showError(result.error);
      return result;
    } catch (error) {
      output.error(`Python is not available: ${error.message}`);
      return { ok: false, error: { type: "Unavailable", message: error.message } };
    } finally {
      setRunning(false);
    }
  }

  function showError(error) {
    if (error.type === "Restarted") return output.notice(error.message);
    if (error.type === "KeyboardInterrupt") return output.notice("Stopped. Your definitions from earlier runs are still there.");
    output.error(explain(error));
    if (error.line) editor.markLine(error.line);
  }

  const run = () => (running ? null : execute("run", { code: editor.code, scope }));
  async function stop() {
    const how = await client.stop();
    if (how === "restarted") stopButton.disabled = true;
  }
  function reset() {
    editor.setCode(data.code);
    forgetCode(data.id);
    output.clear();
    output.notice("Back to the starting code. Undo (Ctrl+Z) brings your version back.");
  }

  return { root, editor, output, toolbar, execute, showError, setRunning, get running() { return running; } };
}

// Plain words for the failures that are not the learner's bug.
function explain(error) {
  const extra = {
    MemoryError: "\n\nPython ran out of memory. Try smaller sizes.",
    RecursionError: "\n\nA function called itself too many times. Is there a base case, or can a loop do it?",
  }[error.type];
  return error.traceback + (extra || "");
}
