"""How a diagram says things: numbers to four significant digits, values by their expressions."""

from engine.nn import WEIGHTED_SUM

MAX_EXPRESSION = 16  # a nameless value is called by its expression (a * b) when it is this short


def fmt(x: float | None) -> str:
    """A number as every diagram shows it: four significant digits (Python's :.4g), — for none."""
    if x is None:
        return "—"
    return "0" if x == 0 else f"{x:.4g}"


def signed(x: float | None) -> str:
    """A change as the nudge result prints it: +0.06, -2, 0."""
    return f"+{fmt(x)}" if x is not None and x > 0 else fmt(x)


def expression_name(node: dict, kids: list[dict], shown: list[str], given: list[str]) -> str:
    """a * b for a nameless value, or (when that is long) the operation alone: … + …."""
    args = [operand(shown[e["from"]], bool(given[e["from"]])) for e in kids]
    text = expression(node["op"], args)
    return text if len(text) <= MAX_EXPRESSION else expression(node["op"], ["…"] * len(kids))


def operand(name: str, named: bool) -> str:
    return name if named or " " not in name else f"({name})"


def expression(op: str, args: list[str]) -> str:
    """How the operation reads in Python: a * b, c**2, relu(d)."""
    if len(args) == 2 and op in ("+", "-", "*", "/"):
        return f"{args[0]} {op} {args[1]}"
    if len(args) == 1 and op.startswith("**"):
        return f"{args[0]}{op}"
    if len(args) == 1 and op == "neg":
        return f"-{args[0]}"
    if op == WEIGHTED_SUM and len(args) % 2:
        terms = [f"{args[k]}·{args[k + 1]}" for k in range(0, len(args) - 1, 2)]
        return " + ".join([*terms, args[-1]])
    return f"{op}({', '.join(args)})"


def grad_of(name: str) -> str:
    return f"{name}.grad" if " " not in name else f"({name}).grad"
