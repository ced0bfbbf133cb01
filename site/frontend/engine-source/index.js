// The engine page: the repo's engine/ files (embedded by the build, shown as code until this runs)
// become editors; Apply writes them into the worker's engine/ and reloads it, Restore puts the
// originals back. Run cells on the page then use whichever engine is loaded.

import { button, setDisabled } from "../dom.js";
import { createOutput } from "../cells/output.js";
import { autosaver, forgetCode, loadCode } from "../cells/storage.js";
import { createEditor } from "../editor/editor.js";
import { python } from "../worker-client/client.js";

const MODULE = "engine_source";

export function mountEngineSources(elements) {
  return elements.map((element) => mountEngineSource(element));
}

function mountEngineSource(root) {
  const client = python();
  const files = sourceBlocks(root).map(({ name, block, code }) => {
    const id = `engine-${name}`;
    const box = document.createElement("div");
    box.className = "bp-editor bp-engine-source__editor";
    box.dataset.file = name;
    block.replaceWith(box);
    const save = autosaver(id, (message) => output.notice(message));
    const file = { name, id, original: code, editor: null };
    file.editor = createEditor(box, {
      code: loadCode(id) ?? code,
      label: `engine/${name}`,
      onRun: () => apply(),
      onChange: (text) => {
        save(text);
        render();
      },
    });
    return file;
  });
  if (!files.length) return null;

  const toolbar = document.createElement("div");
  toolbar.className = "bp-toolbar bp-engine-source__toolbar";
  const applyButton = button("Apply changes", "bp-engine-source__apply md-button--primary", () => apply());
  const restoreButton = button("Restore original", "bp-engine-source__restore", () => restore());
  const state = document.createElement("p");
  state.className = "bp-engine-source__state";
  state.setAttribute("role", "status");
  state.setAttribute("aria-label", "Engine in use");
  toolbar.append(applyButton, restoreButton);
  root.append(toolbar, state);
  const output = createOutput(root);

  // What the worker's engine/ holds now, file by file (the originals until Apply), and which of its
  // files differ from the repository's, as the worker reports it.
  let loaded = Object.fromEntries(files.map((f) => [f.name, f.original]));
  let changed = [];
  let failed = false;
  let busy = false;

  client.addEventListener("restart", () => {
    // A fresh worker unpacks the original files again.
    loaded = Object.fromEntries(files.map((f) => [f.name, f.original]));
    changed = [];
    failed = false;
    render();
    if (files.some((f) => f.editor.code !== f.original)) output.notice("Python was restarted, so it uses the original engine again. Press Apply changes to load your version.");
  });

  async function apply() {
    if (busy) return;
    const texts = Object.fromEntries(files.map((f) => [f.name, f.editor.code]));
    await send("apply", { files: texts }, texts);
  }

  async function restore() {
    if (busy) return;
    for (const f of files) {
      if (f.editor.code !== f.original) f.editor.setCode(f.original); // undoable, like Reset in a cell
      forgetCode(f.id);
    }
    await send("restore", {}, Object.fromEntries(files.map((f) => [f.name, f.original])));
    output.notice("The original engine is back. Undo (Ctrl+Z) in an editor brings your version back.");
  }

  async function send(func, args, texts) {
    busy = true;
    setDisabled(applyButton, true);
    setDisabled(restoreButton, true);
    output.clear();
    root.dataset.state = "loading";
    state.textContent = client.state === "ready" ? "Loading the engine…" : "Python is loading; the engine is loaded as soon as it is ready…";
    try {
      const result = await client.call(MODULE, func, args);
      if (result?.error?.type === "Restarted") return; // a fresh worker: the restart listener has said so
      loaded = texts;
      changed = result?.changed ?? files.map((f) => f.name);
      failed = !result?.ok;
      if (failed) {
        const error = result?.error || { traceback: "Python did not answer." };
        output.error(`Your engine could not be loaded, so cells that import it will fail until you fix it (or press Restore original):\n\n${error.traceback || error.message}`);
      }
    } catch (error) {
      failed = true;
      output.error(`Python is not available: ${error.message}`);
    } finally {
      busy = false;
      setDisabled(applyButton, false);
      setDisabled(restoreButton, false);
      render();
    }
  }

  function render() {
    if (busy) return;
    const pending = files.filter((f) => f.editor.code !== loaded[f.name]).map((f) => f.name);
    const list = (names) => names.join(", ");
    let text;
    if (failed) text = "Your engine has an error (below): fix it and press Apply changes, or press Restore original.";
    else if (changed.length) text = `Python is using your engine (you changed ${list(changed)}). Run the cells below to try it.`;
    else text = "Python is using the original engine.";
    if (pending.length && !failed) text += ` Edits in ${list(pending)} are not applied yet: press Apply changes.`;
    state.textContent = text;
    root.dataset.state = failed ? "error" : changed.length ? "edited" : "original";
    root.dataset.pending = String(pending.length > 0);
  }

  render();
  return { root, apply, restore };
}

// The code blocks the build embedded: each titled "engine/<file>.py" by its fence.
function sourceBlocks(root) {
  return [...root.querySelectorAll(".highlight")]
    .map((block) => {
      const title = block.querySelector(".filename")?.textContent.trim() || "";
      const code = block.querySelector("pre code")?.textContent ?? "";
      return { name: title.replace(/^engine\//, ""), block, code: code.endsWith("\n") ? code : `${code}\n`, title };
    })
    .filter(({ title }) => /^engine\/[\w.]+\.py$/.test(title));
}
