// The Output log of a cell or lab: streamed stdout/stderr, capped, with notices and tracebacks.
// Streamed text is gathered and drawn once per frame, so a flood of prints cannot freeze the page.

const MAX_CHARS = 1_000_000;

export function createOutput(parent) {
  const log = document.createElement("div");
  log.className = "bp-output";
  log.setAttribute("role", "log");
  log.setAttribute("aria-label", "Output");
  log.setAttribute("aria-live", "polite");
  log.tabIndex = 0;
  parent.append(log);
  let chars = 0;
  let capped = false;
  let pending = []; // [kind, text] not drawn yet
  let scheduled = null;

  function append(kind, text) {
    if (capped) return;
    chars += text.length;
    if (chars > MAX_CHARS) {
      capped = true;
      notice("Output was cut off here: more than 1 MB was printed.");
      return;
    }
    pending.push([kind, text]);
    scheduled ??= schedule(draw);
  }

  // Draw what has arrived: consecutive text of one stream joins one span.
  function draw() {
    cancel(scheduled);
    scheduled = null;
    if (!pending.length) return;
    const following = log.scrollHeight - log.scrollTop - log.clientHeight < 40; // keep a reader's place
    for (const [kind, text] of pending) {
      const last = log.lastElementChild;
      if (last && last.dataset.stream === kind && !last.classList.contains("bp-output__block")) {
        last.append(text);
      } else {
        const span = document.createElement("span");
        span.className = `bp-output__${kind}`;
        span.dataset.stream = kind;
        span.textContent = text;
        log.append(span);
      }
    }
    pending = [];
    if (following) log.scrollTop = log.scrollHeight;
  }

  function block(kind, text) {
    draw();
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
      cancel(scheduled);
      scheduled = null;
      pending = [];
      log.replaceChildren();
      chars = 0;
      capped = false;
    },
    stream: (kind, text) => append(kind, text),
    flush: draw,
    notice,
    error: (text) => block("error", text),
    block,
  };
}

// Next frame, or soon when the tab is hidden (frames do not come then).
function schedule(callback) {
  const frame = requestAnimationFrame(callback);
  const timer = setTimeout(callback, 100);
  return { frame, timer };
}

function cancel(handle) {
  if (!handle) return;
  cancelAnimationFrame(handle.frame);
  clearTimeout(handle.timer);
}
