"""The learner's traceback, as run cells and Checks show it: their code is "your code", the machinery
that ran it is left out, files are named as the course names them (engine/value.py, cell 2)."""

import traceback

LEARNER_FILE = "<cell>"  # the file learner code is compiled under, in a Check and in a run cell
CHECK_FILE = "<the check>"  # a Check's own code (a case); tracebacks show it as File "the check"
# Frames from these files are machinery the learner never wrote; tracebacks leave them out.
HIDDEN = ("backprop_worker/runner.py", "/_pyodide/", "/pyodide/", "<exec>")


def describe_syntax_error(e: SyntaxError) -> dict:
    """A SyntaxError with its line and carets under the columns where Python stopped."""
    line = e.lineno or 1
    col = e.offset or 1
    text = (e.text or "").rstrip("\n")
    shown = [f'  File "your code", line {line}']
    if text:
        stripped = text.lstrip()
        indent = len(text) - len(stripped)
        end = e.end_offset if e.end_offset and e.end_lineno == e.lineno and e.end_offset > col else col + 1
        shown += [f"    {stripped}", "    " + " " * max(col - 1 - indent, 0) + "^" * (end - col)]
    name = type(e).__name__
    return {
        "type": name,
        "message": e.msg,
        "line": line,
        "col": col,
        "traceback": "\n".join([*shown, f"{name}: {e.msg}"]),
    }


def describe_exception(e: BaseException, current: str = LEARNER_FILE) -> dict:
    """The traceback with the worker's own frames removed, in the learner's names; their line marked."""
    frames = [f for f in traceback.extract_tb(e.__traceback__) if not any(h in f.filename for h in HIDDEN)]
    line = next((f.lineno for f in reversed(frames) if f.filename == current), None)
    for f in frames:
        f.filename = "your code" if f.filename == current else _short_path(f.filename)
    lines = ["Traceback (most recent call last):", *traceback.StackSummary.from_list(frames).format()]
    lines.append("".join(traceback.format_exception_only(type(e), e)))
    return {
        "type": type(e).__name__,
        "message": str(e),
        "line": line,
        "col": None,
        "traceback": "".join(s if s.endswith("\n") else s + "\n" for s in lines).rstrip("\n"),
    }


def _short_path(filename: str) -> str:
    """cell 2, engine/value.py or json/decoder.py rather than the worker's file-system paths."""
    if filename.startswith("<") and filename.endswith(">"):
        return filename[1:-1]
    for package in ("engine/", "lab_checks/", "gpt/", "diagrams/", "training/"):
        if package in filename:
            return package + filename.split(package, 1)[1]
    if "/lib/python" in filename:  # the standard library: /lib/python314.zip/json/decoder.py
        return filename.split("/lib/python", 1)[1].split("/", 1)[-1]
    return filename
