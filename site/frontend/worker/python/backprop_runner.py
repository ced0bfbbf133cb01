"""The worker's Python side: run a cell in its page's namespace and explain errors in the learner's terms."""

import importlib
import json
import linecache
import sys
import traceback

CELL_FILE = "<cell>"
# Frames from these files are machinery the learner never wrote; tracebacks leave them out.
HIDDEN = ("backprop_runner.py", "/_pyodide/", "/pyodide/", "<exec>")

namespaces: dict[str, dict] = {}


def fresh_namespace() -> dict:
    """A namespace like a new module's: its own globals, the real builtins."""
    return {"__name__": "__main__", "__builtins__": __builtins__}


def run_cell(code: str, scope: str = "page") -> dict:
    """Run code in the scope's namespace (cells of one page share it); return how it went."""
    namespace = namespaces.setdefault(scope, fresh_namespace())
    try:
        compiled = compile(code, CELL_FILE, "exec")
    except SyntaxError as e:
        return {"ok": False, "error": describe_syntax_error(e)}
    # linecache lets tracebacks quote the learner's own lines.
    linecache.cache[CELL_FILE] = (len(code), None, code.splitlines(True), CELL_FILE)
    try:
        exec(compiled, namespace)
    except BaseException as e:  # noqa: B036 -- SystemExit and KeyboardInterrupt are reported too
        return {"ok": False, "error": describe_exception(e)}
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
    return {"ok": True}


def call_json(module: str, function: str, args_json: str) -> str:
    """module.function(**args) for the page's `call` request; JSON in, JSON out."""
    try:
        result = getattr(importlib.import_module(module), function)(**json.loads(args_json))
    except BaseException as e:  # noqa: B036 -- reported to the page, never fatal to the worker
        result = {"ok": False, "error": describe_exception(e)}
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
    return json.dumps(result)


def reset_scope(scope: str) -> None:
    """Forget a scope's definitions."""
    namespaces.pop(scope, None)


def describe_syntax_error(e: SyntaxError) -> dict:
    """A SyntaxError with its line and a caret under the column where Python stopped."""
    line = e.lineno or 1
    col = e.offset or 1
    text = (e.text or "").rstrip("\n")
    caret = " " * (col - 1) + "^" if text else ""
    shown = "\n".join(
        s for s in (f"  Line {line}", f"    {text}" if text else "", f"    {caret}" if caret else "") if s
    )
    return {
        "type": type(e).__name__,
        "message": e.msg,
        "line": line,
        "col": col,
        "traceback": f"{shown}\n{type(e).__name__}: {e.msg}",
    }


def describe_exception(e: BaseException) -> dict:
    """The traceback with the worker's own frames removed; the learner's last line marked."""
    frames = [f for f in traceback.extract_tb(e.__traceback__) if not any(h in f.filename for h in HIDDEN)]
    line = next((f.lineno for f in reversed(frames) if f.filename == CELL_FILE), None)
    lines = ["Traceback (most recent call last):"]
    for f in frames:
        where = "your code" if f.filename == CELL_FILE else _short_path(f.filename)
        lines.append(f"  {where}, line {f.lineno}, in {f.name}")
        if f.line:
            lines.append(f"    {f.line}")
    message = "".join(traceback.format_exception_only(type(e), e)).strip()
    lines.append(message)
    return {
        "type": type(e).__name__,
        "message": str(e),
        "line": line,
        "col": None,
        "traceback": "\n".join(lines),
    }


def _short_path(filename: str) -> str:
    """engine/value.py rather than the worker's full file-system path."""
    for package in ("engine/", "lab_checks/"):
        if package in filename:
            return package + filename.split(package, 1)[1]
    return filename
