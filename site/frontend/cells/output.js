// The Output log of a cell or lab: streamed stdout/stderr, capped, with notices and tracebacks.

const MAX_CHARS = 1_000_000;

export function createOutput(parent, labelledBy) {
  const log = document.createElement("div");
  log.className = "bp-output";
  log.setAttribute("role", "log");
  log.setAttribute("aria-label", "Output");
  log.setAttribute("aria-live", "polite");
  log.tabIndex = 0;
  if (labelledBy) log.dataset.for = labelledBy;
  parent.append(log);
  let chars = 0;
  let capped = false;

  function append(kind, text) {
    if (capped && (kind === "stdout" || kind === "stderr")) return;
    chars += text.length;
    if (chars > MAX_CHARS && (kind === "stdout" || kind === "stderr")) {
      capped = true;
      return notice("Output was cut off here: more than 1 MB was printed.");
    }
    // Consecutive text of one stream joins one span, so many tiny writes stay cheap.
    const last = log.lastElementChild;
    if (last && last.dataset.stream === kind && !last.classList.contains("bp-output__block")) {
      last.textContent += text;
    } else {
      const span = document.createElement("span");
      span.className = `bp-output__${kind}`;
      span.dataset.stream = kind;
      span.textContent = text;
      log.append(span);
    }
    log.scrollTop = log.scrollHeight;
  }

  function block(kind, text) {
    const pre = document.createElement("pre");
    pre.className = `bp-output__block bp-output__${kind}`;
    pre.dataset.stream = kind;
    pre.textContent = text;
    log.append(pre);
    log.scrollTop = log.scrollHeight;
    return pre;
  }

  function notice(text) {
    return block("notice", text);
  }

  return {
    element: log,
    clear() {
      log.replaceChildren();
      chars = 0;
      capped = false;
    },
    stream: (kind, text) => append(kind, text),
    notice,
    error: (text) => block("error", text),
    block,
  };
}
