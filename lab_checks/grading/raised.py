"""Likely causes read from an exception: the learner's line, and what it handed to the course's code.

Everything here reads frames and plain data (exact lists, numbers, str, engine Values): no learner
code runs, so it is safe to call after the sandbox has put the world back.
"""

import ast
import linecache
import traceback
from types import FrameType

from engine import Value as EngineValue
from lab_checks.grading.tracebacks import CHECK_FILE, LEARNER_FILE

COURSE_PACKAGES = ("engine", "gpt")  # the course's code that learner code calls
MAX_LINE = 120  # characters of the learner's line quoted in a cause


def raised_cause(error: BaseException) -> str | None:
    """What the exception says about the learner's code, in their terms, or None when it says nothing."""
    frames = [(tb.tb_frame, tb.tb_lineno) for tb in _tracebacks(error)]
    mine = [i for i, (frame, _) in enumerate(frames) if frame.f_code.co_filename == LEARNER_FILE]
    if not mine:
        return _returned_cause(error, frames)
    last = mine[-1]
    frame, line = frames[last]
    where = _where(line)
    inner = frames[last + 1 :]
    if inner and _is_course(inner[0][0]):
        return _course_cause(error, where, inner[0][0])
    if inner:
        return None  # raised in the check's helpers or the standard library: nothing to add
    if type(error) is NotImplementedError:  # the starting code's placeholder body
        return (
            f"`{frame.f_code.co_name}` is not written yet: {where[0].lower()}{where[1:]} still raises "
            "NotImplementedError, as the starting code does. Replace that line with the function's body."
        )
    if isinstance(error, AttributeError):
        return _attribute_cause(error, where)
    if isinstance(error, IndexError | KeyError):
        return _subscript_cause(error, where, frame, line)
    return None


def _tracebacks(error: BaseException) -> list:
    found, tb = [], error.__traceback__
    while tb is not None:
        found.append(tb)
        tb = tb.tb_next
    return found


def _is_course(frame: FrameType) -> bool:
    name = frame.f_globals.get("__name__")
    return type(name) is str and name.split(".")[0] in COURSE_PACKAGES


def _where(line: int) -> str:
    text = linecache.getline(LEARNER_FILE, line).strip().replace("`", "'")  # a backtick would end the code
    if len(text) > MAX_LINE:
        text = text[: MAX_LINE - 1] + "…"
    return f"Line {line} of your code, `{text}`," if text else f"Line {line} of your code"


def _raised(error: BaseException) -> str:
    said = "".join(traceback.format_exception_only(type(error), error)).strip()
    return said.rstrip(".")


def _course_cause(error: BaseException, where: str, frame: FrameType) -> str | None:
    code = frame.f_code
    module = frame.f_globals.get("__name__", "")
    names = code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]
    args = [(n, frame.f_locals.get(n)) for n in names if n != "self"]
    if not args:
        return None
    shown = ", ".join(f"`{n}` = {describe(v)}" for n, v in args)
    said = f"{where} called the course's `{code.co_name}` (in {module}) with {shown}"
    said += f", and it raised {_raised(error)}."
    empty = [n for n, v in args if type(v) in (list, tuple) and not v]
    floats = [
        n for n, v in args if _is_plain(v) or (type(v) in (list, tuple) and any(_is_plain(x) for x in v))
    ]
    if empty:
        said += f" `{empty[0]}` is empty: check the slice or the loop that made it."
    elif isinstance(error, AttributeError) and floats and _value_has(error):
        said += (
            f" It expects `Value`s, and `{floats[0]}` holds plain numbers: is a `.data` taken too early, "
            "or a number not made into a `Value`?"
        )
    return said


def _attribute_cause(error: AttributeError, where: str) -> str | None:
    obj = getattr(error, "obj", None)
    if not (_is_plain(obj) and _value_has(error)):
        return None
    kind = type(obj).__name__
    return (
        f"{where} asked a plain {kind} ({obj!r}) for `.{error.name}`, which a `Value` has and a number does "
        "not. If the case above passed that number in, your code must take plain numbers too (Value "
        "operations such as `*` and `+` take both; `.data` does not); if your code made it, is a `.data` "
        "taken too early, or a number not made into a `Value`?"
    )


def _returned_cause(error: BaseException, frames: list) -> str | None:
    """The check's own line met a plain number where a Value was due: what the learner's code made."""
    if not frames or frames[-1][0].f_code.co_filename != CHECK_FILE:
        return None
    if isinstance(error, IndexError | KeyError):
        frame, line = frames[-1]
        return _subscript_cause(error, "The check", frame, line, CHECK_FILE)
    if not isinstance(error, AttributeError):
        return None
    obj = getattr(error, "obj", None)
    if not (_is_plain(obj) and _value_has(error)):
        return None
    return (
        f"The check asked for `.{error.name}` of a plain {type(obj).__name__} ({obj!r}), which a `Value` has "
        "and a number does not: a result of your code is a plain number where a `Value` was due. Keep it "
        "made of `Value` operations (no `.data` in the arithmetic, no `float(...)`)."
    )


def _value_has(error: AttributeError) -> bool:
    name = getattr(error, "name", None)
    return type(name) is str and hasattr(EngineValue, name)


def _is_plain(x: object) -> bool:
    return type(x) in (int, float)


def describe(x: object) -> str:
    """A value in a few words: an empty list, a list of 3 Values, a float (0.5), a Value (data=2.0)."""
    kind = type(x)
    if kind in (list, tuple):
        if not x:
            return f"an empty {kind.__name__}"
        kinds = sorted({_kind(v) for v in x})
        items = f"{kinds[0]}s" if len(kinds) == 1 else "items"
        return (
            f"a {kind.__name__} of {len(x)} {items}" if len(x) != 1 else f"a {kind.__name__} of 1 {kinds[0]}"
        )
    if kind in (int, float, bool, str) or x is None:
        return f"a {kind.__name__} ({x!r})" if x is not None else "None"
    if kind is EngineValue:
        return f"a Value (data={x.data!r})"
    return f"a {_kind(x)}"


def _kind(x: object) -> str:
    kind = type(x)
    if kind in (list, tuple):
        return kind.__name__
    if kind is EngineValue:
        return "Value"
    return kind.__name__ if kind in (int, float, bool, str, dict) else "object"


def _subscript_cause(
    error: BaseException, where: str, frame: FrameType, line: int, filename: str = LEARNER_FILE
) -> str | None:
    """Which `x[i]` on the line asked for what is not there: the index and the size it met."""
    text = linecache.getline(filename, line).strip()
    mine = filename == LEARNER_FILE
    try:
        tree = ast.parse(text.rstrip(":") + (" pass" if text.endswith(":") else ""))
    except SyntaxError:
        return None
    names = {**frame.f_globals, **frame.f_locals}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Subscript):
            continue
        container, key = _evaluate(node.value, names), _evaluate(node.slice, names)
        shown = ast.unparse(node.value)
        if isinstance(error, IndexError) and type(container) in (list, tuple) and type(key) is int:
            if not -len(container) <= key < len(container):
                size = f"has {len(container)} item{'s' if len(container) != 1 else ''}"
                valid = f" (positions 0 to {len(container) - 1})" if container else ""
                ask = (
                    "Does the loop run over the right list, with the right length?"
                    if mine
                    else f"Your code gave `{shown}` fewer items than it should: does a loop or a slice "
                    "stop short?"
                )
                return (
                    f"{where} asked for `{ast.unparse(node)}` with {_named(node.slice, key)}, but `{shown}` "
                    f"{size}{valid}. {ask}"
                )
        if isinstance(error, KeyError) and type(container) is dict and type(key) in (str, int):
            if key not in container:
                keys = ", ".join(repr(k) for k in list(container)[:8])
                ask = "Does your code leave it out?"
                if mine:
                    ask = "Has that entry been put in before it is read?"
                return (
                    f"{where} looked up `{ast.unparse(node)}` with {_named(node.slice, key)}, but `{shown}` "
                    f"has no such key{' yet' if mine else ''} (it has {keys or 'none'}). {ask}"
                )
    return None


def _named(node: ast.AST, key: object) -> str:
    return f"{ast.unparse(node)} = {key!r}" if not isinstance(node, ast.Constant) else f"{key!r}"


_MISSING = object()


def _evaluate(node: ast.AST, names: dict) -> object:
    """A name, number, `x[i]`, `i + 1` or `len(x)` from plain data only; anything else is _MISSING."""
    if isinstance(node, ast.Constant) and type(node.value) in (int, str):
        return node.value
    if isinstance(node, ast.Name):
        value = names.get(node.id, _MISSING)
        return value if type(value) in (int, str, list, tuple, dict) else _MISSING
    if isinstance(node, ast.Subscript):
        container, key = _evaluate(node.value, names), _evaluate(node.slice, names)
        if type(container) in (list, tuple) and type(key) is int and -len(container) <= key < len(container):
            value = container[key]
        elif type(container) is dict and type(key) in (int, str) and key in container:
            value = container[key]
        else:
            return _MISSING
        return value if type(value) in (int, str, list, tuple, dict) else _MISSING
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Sub):
        left, right = _evaluate(node.left, names), _evaluate(node.right, names)
        if type(left) is int and type(right) is int:
            return left + right if isinstance(node.op, ast.Add) else left - right
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        value = _evaluate(node.operand, names)
        return -value if type(value) is int else _MISSING
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "len" and node.args:
        value = _evaluate(node.args[0], names)
        return len(value) if type(value) in (list, tuple, str, dict) else _MISSING
    return _MISSING
