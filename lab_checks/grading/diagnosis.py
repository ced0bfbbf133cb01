"""A likely cause for a failing case that no known mistake explains, from that case's evidence alone.

In turn: what an exception says (raised.py), an argument off by one (variants.py), the learner's graph
against the course's (graphs.py) and the numbers themselves (patterns.py). Each says something only
when the evidence shows it; when nothing fits, there is no cause, rather than a guess.
"""

import ast
import re
from collections.abc import Callable
from dataclasses import dataclass

from engine import Value as EngineValue
from engine import topological_order
from lab_checks.grading.graphs import WrongNode, coverage_cause, order_cause, wrong_node
from lab_checks.grading.model import Case
from lab_checks.grading.observe import Other, agrees, only_zeros
from lab_checks.grading.patterns import (
    echoed_cause,
    is_gradient,
    is_value,
    lists_cause,
    nothing_cause,
    numbers_cause,
    numeric_rows,
    value_for_number,
)
from lab_checks.grading.raised import raised_cause
from lab_checks.grading.sandbox import Raised, Returned, Sandbox
from lab_checks.grading.variants import (
    scaled,
    scaled_cause,
    transposed,
    transposed_cause,
    variant_cause,
    variants,
)

BACKWARD_CALL = re.compile(r"\b([A-Za-z_]\w*)\.backward\(\)")
MAX_VARIANTS = 8  # neighbours of a case tried with the solution (each costs one run of it)
MAX_NODES = 100_000  # a learner's graph is walked this far, no further


@dataclass(frozen=True)
class Evidence:
    """A failing case, what the learner's code gave, and how to run the case again."""

    case: Case
    got: object  # plain results, or Raised
    tol: float
    box: Sandbox
    mine: dict  # the learner's names
    solution: Callable[[], dict | None]  # the lab's solution's names, loaded when first needed
    observe: Callable[[Case, dict], object]  # plain results (or Raised) of a case run with some names
    replay: Callable[[Case, dict], dict | None]  # the names after a case ran with some names
    defines: tuple = ()
    quick: bool = False  # only what needs no second run (a slow check's failure)


@dataclass(frozen=True)
class Cause:
    """A likely cause in the learner's terms; picture: the learner's graph with the node it names marked."""

    text: str
    picture: dict | None = None


def likely_cause(e: Evidence) -> Cause | None:
    """The likely cause of this failure, or None when the evidence is not clear."""
    said = _likely_cause(e)
    if isinstance(said, WrongNode):
        return Cause(said.text, said.picture)
    return Cause(said) if said else None


def _likely_cause(e: Evidence) -> str | WrongNode | None:
    if isinstance(e.got, Raised):
        return _in_sandbox(e.box, raised_cause, e.got.error)
    if type(e.got) is not list or any(isinstance(g, Other) and g.kind == "object" for g in e.got):
        return None
    wrapped = value_for_number(e.case.expected, e.got)
    if wrapped:
        return wrapped
    rows, shown = numeric_rows(e.case.expected, e.got, e.tol), (e.case.expected, e.got)
    echoed = echoed_cause(e.case.code, rows, e.tol)
    if echoed:
        return echoed
    if e.quick:
        return numbers_cause(rows, e.tol) or lists_cause(*shown) or nothing_cause(*shown)
    solution = e.solution()
    if solution is not None:
        moved = _off_by_one(e, solution) or _scaled(e, solution) or _transposed(e, solution)
        if moved:
            return moved
    reference = _reference_scope(e, solution)
    output = BACKWARD_CALL.findall(e.case.code)
    graph, connected, mine = None, None, None
    if reference is not None and len(output) == 1:
        mine = e.replay(e.case, e.mine)
        if mine is not None:
            graph = _in_sandbox(e.box, wrong_node, mine, reference, output[0], e.tol)
            connected = _in_sandbox(
                e.box, _connected, mine, output[0], [r.what for r in rows if is_gradient(r)]
            )
    numbers = numbers_cause(rows, e.tol, connected if type(connected) is bool else None)
    if not numbers and connected is None and mine is not None and len(output) == 1:
        numbers = _in_sandbox(e.box, _cut_off, mine, output[0], rows)
    if graph:
        return WrongNode(f"{numbers} {graph.text}", graph.picture) if numbers else graph
    if numbers:
        return numbers
    return _order(e, reference) or lists_cause(*shown) or nothing_cause(*shown)


def _in_sandbox(box: Sandbox, fn: Callable, *args) -> object:
    """fn(*args) as a learner call (it touches learner objects): its str or bool, or None."""
    outcome = box.call(fn, *args, quiet=True)
    value = outcome.value if isinstance(outcome, Returned) else None
    return value if type(value) in (str, bool, WrongNode) else None


def _off_by_one(e: Evidence, solution: dict) -> str | None:
    """A variant of the case (an argument ±1) whose solution results are exactly the learner's."""
    functions = {n: solution[n] for n in e.defines if callable(solution.get(n))}
    for n, variant in enumerate(variants(e.case, functions)):
        if n >= MAX_VARIANTS:
            break
        theirs = e.observe(variant.case, solution)
        if type(theirs) is not list:
            continue
        expected = list(e.case.expected.values())
        if all(agrees(x, t, e.tol) for x, t in zip(expected, theirs)):
            continue  # that argument does not change the results: it says nothing
        if all(_same(t, g, e.tol) for t, g in zip(theirs, e.got)) and _confirmed(e, variant, functions):
            return variant_cause(variant)
    return None


def _scaled(e: Evidence, solution: dict) -> str | None:
    """A fractional argument doubled, halved or negated that the solution answers as the learner did."""
    found = _matching(e, solution, scaled)
    return scaled_cause(found) if found else None


def _transposed(e: Evidence, solution: dict) -> str | None:
    """A list-of-lists argument transposed, for which the solution gives the learner's results."""
    found = _matching(e, solution, transposed)
    if not found:
        return None
    # Confirmed as a transpose is: the learner's code given the transposed argument answers the case right
    # (a lone match can be chance: zip() drops what a short row has no partner for).
    mine = e.observe(found.case, e.mine)
    expected = list(e.case.expected.values())
    if type(mine) is not list or not all(agrees(x, m, e.tol) for x, m in zip(expected, mine)):
        return None
    return transposed_cause(found)


def _matching(e: Evidence, solution: dict, make: Callable) -> object:
    """The first of make(case, functions)'s variants that the solution answers exactly as the learner did."""
    if only_zeros(e.got):
        return None  # nothing but zeros: many a changed argument gives those, so a match says nothing
    functions = {n: solution[n] for n in e.defines if callable(solution.get(n))}
    expected = list(e.case.expected.values())
    for n, variant in enumerate(make(e.case, functions)):
        if n >= MAX_VARIANTS:
            break
        theirs = e.observe(variant.case, solution)
        if type(theirs) is not list or len(theirs) != len(e.got):
            continue
        if all(agrees(x, t, e.tol) for x, t in zip(expected, theirs)):
            continue  # the change does not change the results: it says nothing
        if all(_same(t, g, e.tol) for t, g in zip(theirs, e.got)):
            return variant
    return None


def _confirmed(e: Evidence, variant, functions: dict) -> bool:
    """Off by one once more: the learner's code with the argument moved gives the solution's moved twice.

    One match could be chance (the wrong token's probability may be the one next to it); two are not.
    """
    step = variant.now - variant.was
    for further in variants(variant.case, functions):
        if further.parameter != variant.parameter or further.now != variant.now + step:
            continue
        mine, theirs = e.observe(variant.case, e.mine), e.observe(further.case, e.solution())
        if type(mine) is not list or type(theirs) is not list:
            return False
        return all(_same(t, g, e.tol) for t, g in zip(theirs, mine))
    return False


def _same(theirs: object, got: object, tol: float) -> bool:
    if type(theirs) in (int, float) and type(got) in (int, float):
        return agrees(theirs, got, tol)
    return type(theirs) is type(got) and theirs == got and not isinstance(got, Other)


def _reference_scope(e: Evidence, solution: dict | None) -> dict | None:
    """The case's names after the solution ran it, with engine/'s Value (its nodes know their operation)."""
    if solution is None:
        return None
    names = dict(solution)
    if isinstance(names.get("Value"), type) and names["Value"] is not EngineValue:
        names["Value"] = EngineValue
    return e.replay(e.case, names)


def _connected(scope: dict, output: str, gradients: list[str]) -> bool | None:
    """Does the output's graph reach the Values whose gradients the case reads? None when unclear."""
    targets = [_find(ast.parse(g[: -len(".grad")], mode="eval").body, scope) for g in gradients]
    if not targets or any(t is None for t in targets):
        return None
    root = scope.get(output)
    reached, stack = {id(root)}, [root]
    while stack and len(reached) < MAX_NODES:
        prev = getattr(stack.pop(), "_prev", ())
        if type(prev) not in (tuple, list, set, frozenset):
            return None
        for child in prev:
            if id(child) not in reached:
                reached.add(id(child))
                stack.append(child)
    found = [id(t) in reached for t in targets if t is not root]  # the output reaches itself: no news
    if not found:
        return None
    return True if all(found) else False if not any(found) else None


def _cut_off(scope: dict, output: str, rows: list) -> str | None:
    """Some gradients 0, of Values the output's graph does not reach, while the other gradients are right:
    with the values right, a step computed on plain numbers; with them wrong, Values left out."""
    wrong = [r for r in rows if not r.ok]
    cut = [r for r in wrong if is_gradient(r)]
    if not cut or not all(r.got == 0 for r in cut) or not any(is_gradient(r) and r.ok for r in rows):
        return None
    if any(not is_gradient(r) and not is_value(r) for r in wrong):
        return None
    for r in cut:
        if _connected(scope, output, [r.what]) is not False:
            return None
    one = len(cut) == 1
    names = _and([f"`{r.what[: -len('.grad')]}`" for r in cut])
    said = (
        f"{names} {'has' if one else 'have'} gradient 0 while the other gradients are right: the "
        f"output's graph does not reach {'it' if one else 'them'}."
    )
    if len(cut) < len(wrong):  # values are wrong too: what they miss is these Values' part
        return (
            f"{said} {'It was' if one else 'They were'} left out of the result, which is also why the "
            "values are off: does a loop stop early, or is a term missing?"
        )
    return (
        f"{said} A step that uses {'it' if one else 'them'} was computed on plain numbers (`.data`) and "
        "wrapped back into a `Value`, so backward() stops there. Keep every step a `Value` operation."
    )


def _find(node: ast.AST, scope: dict) -> object:
    """The object an expression like a, x[2] or n.w[0] names in scope (no calls), or None."""
    if isinstance(node, ast.Name):
        return scope.get(node.id)
    if isinstance(node, ast.Attribute):
        owner = _find(node.value, scope)
        return None if owner is None else getattr(owner, node.attr, None)
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
        owner, key = _find(node.value, scope), node.slice.value
        if type(owner) in (list, tuple) and type(key) is int and -len(owner) <= key < len(owner):
            return owner[key]
    return None


def _order(e: Evidence, reference: dict | None) -> str | None:
    """For an order of a graph's nodes (lists of labels): what backward() would do walking it."""
    if reference is None:
        return None
    for got in e.got:
        if type(got) is not list or not got or not all(type(x) is str for x in got):
            continue
        for name, v in reference.items():
            if isinstance(v, EngineValue) and not name.startswith("_"):
                said = _in_sandbox(e.box, _order_of, got, reference, name, e.tol)
                if said:
                    return said
    return None


def _order_of(order: list, reference: dict, name: str, tol: float) -> str | None:
    labels = {v.label for v in topological_order(reference[name])}
    if reference[name].label not in labels or reference[name].label not in order:
        return None
    if labels == set(order) and len(order) == len(labels):
        return order_cause(order, reference, name, tol)
    return coverage_cause(order, labels) if set(order) <= labels else None


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
