"""Likely causes read from the numbers of a failing case alone: which kind of result is wrong, and how."""

import math
import re
from dataclasses import dataclass

from lab_checks.grading.observe import Other, agrees, is_number, show

NICE_FACTORS = {
    2.0: "twice",
    0.5: "half",
    -1.0: "minus",
    3.0: "3 times",
    -2.0: "-2 times",
    1 / 3: "a third of",
}
RATIO_AGREEMENT = 1e-6
INDEX = re.compile(r"\d+")
POSITION = re.compile(r"\[\d+\]")  # m[0], params[2]: one kind of result at several positions
GIVEN = re.compile(r"^([A-Za-z_]\w*) = (?:Value\()?(-?\d+(?:\.\d+)?(?:e-?\d+)?)\)?$", re.MULTILINE)
LENGTH = re.compile(r"len\((.+)\)")
KEY = re.compile(r"""\[\s*["']([^"']*)["']\s*\]|\.get\(\s*["']([^"']*)["']\s*\)""")  # g["a"], grad.get("a")


@dataclass(frozen=True)
class Row:
    """One observed number: its expression, what was expected, what came, and whether they agree."""

    what: str
    expected: float
    got: object
    ok: bool


def numeric_rows(expected: dict, got: list, tol: float) -> list[Row]:
    """The case's rows whose expected result is a number, with what the learner's code gave."""
    return [
        Row(what, want, value, agrees(want, value, tol))
        for (what, want), value in zip(expected.items(), got)
        if is_number(want)
    ]


def is_gradient(row: Row) -> bool:
    return row.what.endswith(".grad")


def is_value(row: Row) -> bool:
    return row.what.endswith(".data")


def numbers_cause(rows: list[Row], tol: float, connected: bool | None = None) -> str | None:
    """A cause for wrong numbers: gradients against values, a constant factor, or results out of place.

    connected: whether the output's graph reaches the inputs (None when nobody could tell).
    """
    wrong = [r for r in rows if not r.ok]
    if not wrong or any(not is_number(r.got) for r in wrong):
        return None
    grads = [r for r in rows if is_gradient(r)]
    values = [r for r in rows if is_value(r)]
    first = wrong[0]
    all_zero = grads and all(r.got == 0 for r in grads) and any(r.expected != 0 for r in grads)
    # all zero with the graph intact says the backward pass lost them only if the values are known right
    values_right = bool(values) and all(r.ok for r in values)
    if all_zero and (connected is False or values_right):
        return _all_zero(grads, values, connected)
    detail = _factor(wrong, tol) or _moved(rows, tol)
    if grads and values and all(r.ok for r in values):
        said = f"The values are right but some gradients are not (`{first.what}` is {show(first.got)}, "
        said += f"not {show(first.expected)}): the forward pass is right, so look at the local gradients "
        said += "and at how backward() passes them on."
        return f"{said} {detail}" if detail else said
    if grads and values and all(r.ok for r in grads):
        said = f"The gradients are right but some values are not (`{first.what}` is {show(first.got)}, "
        said += f"not {show(first.expected)}): the graph is connected the right way, so look at the "
        said += "number each step computes, its `.data`."
        return f"{said} {detail}" if detail else said
    return detail or _families(rows)


def _families(rows: list[Row]) -> str | None:
    """Kinds of result (m[0], m[1], ... is one kind) that are all right beside kinds that are all wrong."""
    kinds: dict[str, list[Row]] = {}
    for r in rows:
        kinds.setdefault(KEY.sub("[…]", POSITION.sub("[…]", r.what)), []).append(r)
    kinds = {k: rs for k, rs in kinds.items() if len(rs) >= 2}
    right = [k for k, rs in kinds.items() if all(r.ok for r in rs)]
    wrong = [k for k, rs in kinds.items() if not any(r.ok for r in rs)]
    mixed = [k for k in kinds if k not in right and k not in wrong]
    if not right or not wrong:
        return None
    said = (
        f"Every {_listed(right)} is right and every {_listed(wrong)} is wrong: the mistake is in what "
        f"computes {'that' if len(wrong) == 1 else 'those'}, not in the {_listed(right, 'or')}."
    )
    if mixed:  # computed from the wrong ones, perhaps: said, not blamed
        said += f" Some of {_listed(mixed)} are off too, which may follow from it."
    return said


def _listed(kinds: list[str], joint: str = "and") -> str:
    shown = [f"`{k}`" for k in kinds]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + f" {joint} " + shown[-1]


def _all_zero(grads: list[Row], values: list[Row], connected: bool | None) -> str:
    right = " while the values are right" if values and all(r.ok for r in values) else ""
    said = f"Every gradient is 0{right}: no gradient reached the inputs."
    if connected is False:
        return (
            f"{said} The result is not connected to the inputs in the graph: it was computed on plain "
            "numbers (`.data`, `math.…`) somewhere and wrapped back into a `Value`, so backward() "
            "stops there. Keep every step a `Value` operation."
        )
    if connected is True and right:
        return (
            f"{said} The graph does reach them, so the gradients are lost on the way back: the backward "
            "pass starts from the output's own gradient, 1, and each step passes its share on."
        )
    return (
        f"{said} Most often the result was computed on plain numbers (`.data`, `math.…`) and wrapped "
        "back into a `Value`, which leaves it unconnected to the inputs: keep every step a `Value` operation."
    )


def _factor(wrong: list[Row], tol: float) -> str | None:
    """Every wrong number is the expected one times the same factor: two numbers or more that agree
    on it, or a single one whose factor is a simple one (2, 1/2, -1), too exact to be chance."""
    ratios = [r.got / r.expected for r in wrong if r.expected != 0]
    if not ratios or any(r.expected == 0 for r in wrong):
        return None
    k = ratios[0]
    if any(abs(q - k) > RATIO_AGREEMENT * max(1.0, abs(k)) for q in ratios) or min(abs(k - 1), abs(k)) <= tol:
        return None
    nice = next((name for f, name in NICE_FACTORS.items() if abs(k - f) <= RATIO_AGREEMENT), None)
    # whole numbers (lengths, counts) are often in simple ratios by chance; drawn numbers are not, nor
    # three or more numbers that all agree on one factor, nor a factor that is a power of ten
    drawn = sum(1 for r in wrong if type(r.expected) is float and not r.expected.is_integer())
    if drawn < (1 if nice or _power_of_ten(k) else 2) and not (nice and len(ratios) >= 3):
        return None
    which = "Each wrong number is" if len(ratios) > 1 else f"`{wrong[0].what}` is"
    if nice == "minus":
        return f"{which} the expected one with its sign flipped: is a minus sign missing, or extra?"
    times = f"{nice} the expected one" if nice else f"the expected one times {k:.6g}"
    return f"{which} exactly {times}: a constant factor is missing, or extra."


def _power_of_ten(k: float) -> bool:
    """10, 100, 0.001, ...: a factor no drawn number gives by chance (an h divided by twice, a unit)."""
    if k == 0 or abs(k) < 1e-12 or abs(k) > 1e12:
        return False
    exponent = round(math.log10(abs(k)))
    return exponent != 0 and abs(abs(k) / 10.0**exponent - 1) <= RATIO_AGREEMENT


def _moved(rows: list[Row], tol: float) -> str | None:
    """Wrong numbers that are the expected numbers of other positions: a shift, a transpose, a mix-up."""
    families: dict[str, list[tuple[tuple[int, ...], Row]]] = {}
    for r in rows:
        indices = tuple(int(n) for n in INDEX.findall(r.what))
        if indices:
            families.setdefault(INDEX.sub("#", r.what), []).append((indices, r))
    for family in families.values():
        said = _moved_within(family, tol)
        if said:
            return said
    return _renamed(rows, tol)


def _renamed(rows: list[Row], tol: float) -> str | None:
    """Results looked up by name (g["a"], grad.get("a")) that hold the expected numbers of other names."""
    families: dict[str, list[Row]] = {}
    for r in rows:
        if KEY.search(r.what):
            families.setdefault(KEY.sub("#", r.what), []).append(r)
    for family in families.values():
        wrong = [r for r in family if not r.ok]
        moves = {}
        for r in wrong:
            sources = [q for q in family if q is not r and not agrees(q.expected, r.expected, tol)]
            sources = [q for q in sources if agrees(q.expected, r.got, tol)]
            if len(sources) == 1:
                moves[r.what] = sources[0].what
        # a swap among the wrong results themselves, of numbers no simple sum gives by chance
        drawn = all(type(r.expected) is float and not r.expected.is_integer() for r in wrong)
        if len(wrong) >= 2 and len(moves) == len(wrong) and set(moves.values()) == set(moves) and drawn:
            first = wrong[0].what
            return (
                f"The right numbers are under the wrong names: `{first}` holds what `{moves[first]}` "
                "should. Are results stored under each other's names?"
            )
    return None


def _moved_within(family: list[tuple[tuple[int, ...], Row]], tol: float) -> str | None:
    at = dict(family)
    wrong = [p for p, r in family if not r.ok]
    moves = {}
    for p in wrong:
        got = at[p].got
        sources = [q for q in at if q != p and not agrees(at[q].expected, at[p].expected, tol)]
        sources = [q for q in sources if agrees(at[q].expected, got, tol)]
        if len(sources) == 1:
            moves[p] = sources[0]
    if len(moves) < 2:
        return None
    shared = {at[q].expected for q in moves.values()}
    if len(moves) == len(wrong) and len(shared) == 1 and not float(next(iter(shared))).is_integer():
        held = ", ".join(f"`{at[p].what}`" for p in sorted(moves))
        source = at[next(iter(moves.values()))].what
        return (
            f"{held} all hold what `{source}` should: one number stands in for several. Are they one and "
            "the same object (`[Value(...)] * n` repeats one Value n times), or all read from one place?"
        )
    first, source = _example(moves, at)
    if len(moves) == len(wrong) and all(len(p) == 2 and q == p[::-1] for p, q in moves.items()):
        return (
            f"The numbers are transposed: `{first}` holds what `{source}` should, and so on. "
            "Are two indices (rows and columns) swapped?"
        )
    steps = {_step(p, q, at) for p, q in moves.items()}
    if len(steps) == 1:  # the example shown is one that does not wrap around the end
        step = next(iter(steps))
        plain = {p: q for p, q in moves.items() if _plus(p, step) == q}
        first, source = _example(plain or moves, at)
    # a position whose neighbour is past the end has nothing to borrow: it may be wrong in any way
    if len(steps) == 1 and all(_plus(p, *steps) not in at for p in wrong if p not in moves):
        return (
            f"The numbers are shifted: `{first}` holds what `{source}` should, and so on: each holds the "
            f"number of the position {_steps(*steps)}. Is an index or a range off by one?"
        )
    if len(moves) == len(wrong):
        return (
            f"The right numbers are in the wrong places: `{first}` holds what `{source}` should. Are "
            "results paired with the wrong positions (a `zip` or an index)?"
        )
    return None


def _example(moves: dict, at: dict) -> tuple[str, str]:
    """One move in words: the row that holds another's number, and that other row."""
    p, q = min(moves.items())
    return at[p].what, at[q].what


def _step(p: tuple[int, ...], q: tuple[int, ...], at: dict) -> tuple[int, ...]:
    """q - p, wrapping around when the family is positions 0 to n - 1 of one list (a rotation)."""
    if len(p) == 1 and sorted(at) == [(i,) for i in range(len(at))]:
        n = len(at)
        d = (q[0] - p[0]) % n
        return (d if d <= n // 2 else d - n,)
    return tuple(y - x for x, y in zip(p, q))


def _plus(p: tuple[int, ...], step: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + d for x, d in zip(p, step))


def _steps(step: tuple[int, ...]) -> str:
    """Where the numbers came from: the position before it, 2 after it, or so many indices away."""
    moved = [d for d in step if d]
    if len(moved) != 1:
        return f"{step} away"
    n = moved[0]
    return f"{'' if abs(n) == 1 else f'{abs(n)} '}{'after' if n > 0 else 'before'} it"


def lists_cause(expected: dict, got: list) -> str | None:
    """A list with the right items in another order: reversed, an item moved to the other end, mixed."""
    for (what, want), value in zip(expected.items(), got):
        if type(want) is not list or type(value) is not list or len(want) != len(value) or want == value:
            continue
        if len(want) < 2 or sorted(map(repr, want)) != sorted(map(repr, value)):
            continue
        if value == want[::-1]:
            return f"`{what}` has the right items in reverse order."
        turns = [k for k in range(1, len(want)) if value == want[k:] + want[:k]]
        if turns:
            k = turns[0]
            moved = "the first item moved to the end" if k == 1 else "the last item moved to the front"
            if k in (1, len(want) - 1):
                return f"`{what}` has the right items, but with {moved}: is one of them put on the wrong end?"
        return f"`{what}` has the right items in another order: is something added in the wrong order?"
    return None


def value_for_number(expected: dict, got: list) -> str | None:
    """Something else where a plain number was due: a Value (its `.data` is the number the check wanted)
    or a complex number (a fractional power of a negative number)."""
    for (what, want), value in zip(expected.items(), got):
        if not (is_number(want) and isinstance(value, Other)):
            continue
        if value.kind == "Value":
            return (
                f"`{what}` is a `Value` ({value.text}), where a plain number was due: is its `.data` "
                "missing where it is stored or returned?"
            )
        if value.kind == "complex":
            return (
                f"`{what}` is a complex number, {value.text}, where a real one was due. In Python a "
                "negative number to a fractional power, `(-4) ** 0.5`, is complex: is a square root taken "
                "of something that can be negative (a difference, or a number not squared)?"
            )
    return None


def echoed_cause(code: str, rows: list[Row], tol: float) -> str | None:
    """Every wrong value is an input's own value, unchanged: the code hands back what it was given (the
    starting code's `return logits`, say) rather than computing from it."""
    inputs = _given_numbers(code)
    wrong = [r for r in rows if is_value(r) and not r.ok]
    if not wrong or any(not is_number(r.got) for r in wrong):
        return None
    same = [next((name for name, x in inputs.items() if agrees(x, r.got, tol)), None) for r in wrong]
    if None in same:
        return None
    first = wrong[0]
    every = " (and so is every wrong value)" if len(wrong) > 1 else ""
    return (
        f"`{first.what}` is {show(first.got)}, the value of `{same[0]}` itself{every}: the result is an "
        "input handed back unchanged, not computed from the inputs. Is a function still the starting code "
        "(`# replace this`), or does it return what it was given?"
    )


def _given_numbers(code: str) -> dict[str, float]:
    """The inputs a case writes out as `name = Value(number)` or `name = number`, but for whole numbers."""
    found = {name: float(number) for name, number in GIVEN.findall(code)}
    return {name: x for name, x in found.items() if x != int(x)}  # 0, 1, 2: too common to say who it is


def nothing_cause(expected: dict, got: list) -> str | None:
    """Every wrong result is 0 (a number, not a gradient; a length) or an empty list beside one: the
    starting code's `return 0.0` or `return []`, or a return before the answer."""
    wrong = [(what, want, value) for (what, want), value in zip(expected.items(), got) if value != want]
    if not wrong or any(what.endswith(".grad") for what, _, _ in wrong):
        return None
    zeros = [(what, want) for what, want, value in wrong if is_number(want) and type(value) in (int, float)]
    if not zeros or not all(_zero_or_empty(value) for _, _, value in wrong):
        return None  # an empty list alone says less (a graph with no steps is one: named-steps' .data)
    what, want = zeros[0]
    counted = LENGTH.fullmatch(what)
    if counted:
        said = f"`{counted.group(1)}` is empty where it should have {show(want)} items"
    else:
        said = f"`{what}` is 0"
    every = ", and so is every wrong result" if len(wrong) > 1 else ""
    return (
        f"{said}{every}. Is a function still the starting code (`# replace this`), or does it return "
        "before it has its answer?"
    )


def _zero_or_empty(x: object) -> bool:
    return (type(x) in (int, float) and x == 0) or (type(x) is list and not x)  # False is no 0 here
