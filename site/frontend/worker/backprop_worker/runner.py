"""The worker's Python side: run a cell in its page's namespace, a call of the page's, and Stop."""

import builtins
import json
import linecache
import signal
import sys
import time
from collections.abc import Callable
from types import FrameType

from backprop_worker import calls
from lab_checks.grading.tracebacks import LEARNER_FILE, describe_exception, describe_syntax_error
from training.loop import SettingsError

namespaces: dict[str, dict] = {}
interrupt_buffer = None  # the page's Stop button: Int32Array where the page writes 2 (SIGINT)
stop_applies = False  # Stop raises KeyboardInterrupt only while this is True


def install(waits: bool, stoppable: bool) -> None:
    """Fit Python to the worker: a time.sleep that waits without a busy core (and that Stop can cut
    short), Stop for the learner's code only and passed on from a __del__, and an input() that explains."""
    global interrupt_buffer
    if waits:
        time.sleep = interruptible_sleep
    if stoppable:
        from backprop_bridge import interrupt_buffer

        signal.signal(signal.SIGINT, on_stop)
        sys.unraisablehook = pass_on_stop
    builtins.input = no_input
    sys.setrecursionlimit = _noted_recursion_limit(sys.setrecursionlimit, sys.getrecursionlimit())


def _noted_recursion_limit(setrecursionlimit, usual: int):
    """sys.setrecursionlimit that tells the worker when code raised the limit: then a crash for want of
    stack is likely deep recursion; otherwise it is C code going deep (e.g. freeing a long chain)."""

    def noted(limit: int, /) -> None:
        setrecursionlimit(limit)
        from backprop_bridge import note_recursion_limit

        note_recursion_limit(limit > usual)

    return noted


def on_stop(signum: int, frame: FrameType | None) -> None:
    """SIGINT, the page's Stop: KeyboardInterrupt in the learner's code. The page presses Stop until the
    request ends, so a press can also land while the runner reports how the code ended, or in
    pass_on_stop; there it is dropped, as it would replace the report with a traceback of the runner's."""
    if stop_applies and not _in_pass_on_stop(frame):
        raise KeyboardInterrupt


def _in_pass_on_stop(frame: FrameType | None) -> bool:
    """Whether pass_on_stop is on the stack below frame."""
    while frame is not None:
        if frame.f_code is pass_on_stop.__code__:
            return True
        frame = frame.f_back
    return False


def pass_on_stop(unraisable) -> None:
    """A Stop that landed inside a __del__ (which Python ignores) is pressed again for the running code."""
    if issubclass(unraisable.exc_type, KeyboardInterrupt):
        # A store, not a call, and the last thing done here: Python checks for Stop after calls, so the
        # new KeyboardInterrupt is raised only once this hook has returned.
        interrupt_buffer[0] = 2
    else:
        sys.__unraisablehook__(unraisable)


def interruptible_sleep(seconds: float, /) -> None:
    """time.sleep, but Stop wakes it and raises KeyboardInterrupt at once."""
    from backprop_bridge import wait

    if seconds < 0:
        raise ValueError("sleep length must be non-negative")
    if wait(seconds * 1000):
        raise KeyboardInterrupt


def no_input(prompt: object = "", /) -> str:
    """input() cannot wait for typing in the browser; say what to do instead."""
    raise RuntimeError("input() cannot read typing here. Put the value in the code instead, e.g. n = 5")


def fresh_namespace() -> dict:
    """A namespace like a new module's: its own globals, the real builtins, show(v) to draw a graph and
    plot(x, *ys) to draw a chart."""
    from backprop_worker.outputs import plot, show

    return {"__name__": "__main__", "__builtins__": __builtins__, "show": show, "plot": plot}


def cell_file(cell: str) -> str:
    """The file name a cell's code is compiled under; tracebacks show it as the cell's name."""
    return f"<{cell}>" if cell else LEARNER_FILE


def run_cell(code: str, scope: str = "page", cell: str = "") -> dict:
    """Run code in the scope's namespace (cells of one page share it); return how it went."""
    namespace = namespaces.setdefault(scope, fresh_namespace())
    filename = cell_file(cell)
    try:
        compiled = compile(code, filename, "exec")
    except SyntaxError as e:
        return {"ok": False, "error": describe_syntax_error(e)}
    # linecache lets tracebacks quote the learner's lines, also of cells run earlier.
    linecache.cache[filename] = (len(code), None, code.splitlines(True), filename)
    try:
        with_stop(exec, compiled, namespace)
    except BaseException as e:  # noqa: B036 -- SystemExit and KeyboardInterrupt are reported too
        return {"ok": False, "error": describe_exception(e, filename)}
    finally:
        flush()
    return {"ok": True}


def with_stop(work: Callable, *args: object, **kwargs: object) -> object:
    """work(*args, **kwargs) (the learner's code, or a function the page called) with Stop on."""
    global stop_applies
    stop_applies = True
    try:
        return work(*args, **kwargs)
    finally:
        stop_applies = False


def flush() -> None:
    """Send what is still buffered of stdout and stderr."""
    sys.stdout.flush()
    sys.stderr.flush()


def call_json(module: str, function: str, args_json: str) -> str:
    """The page's `call` request module.function(**args) (calls.CALLS); JSON in, JSON out (no NaN or
    Infinity). Settings a trainer refuses come back as a message, anything else raised as its traceback."""
    try:
        result = with_stop(calls.function(f"{module}.{function}"), **json.loads(args_json))
    except SettingsError as e:  # EngineBroken (learner_engine) says which lab to revisit
        result = failure(getattr(e, "kind", "ValueError"), str(e))
        if getattr(e, "lab", None):
            result["error"]["lab"] = e.lab
    except BaseException as e:  # noqa: B036 -- reported to the page, never fatal to the worker
        result = {"ok": False, "error": describe_exception(e)}
    finally:
        flush()
    try:
        return json.dumps(result, allow_nan=False)
    except (TypeError, ValueError) as e:  # NaN, Infinity or something JSON cannot say: not a result
        message = f"{module}.{function} returned what JSON cannot carry ({e})"
        return json.dumps(failure("InvalidResult", message))


def failure(kind: str, message: str, **more: object) -> dict:
    """A request's result when it failed with a message and no traceback of its own."""
    return {"ok": False, "error": {"type": kind, "message": message, "traceback": message}, **more}
