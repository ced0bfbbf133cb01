"""The learner's engine as files: their code from the engine and GPT labs, the course's where a lab is not
passed yet, each piece marked. The trainers run on these files and the download ships them."""

import ast
from dataclasses import dataclass, field

from lab_checks import grading

PACKAGE = "my_engine"
# The labs whose code makes an engine: what each one gives, and the file of the package it goes to.
PIECES = (
    ("value-ops", "Value's operations (+, *, **, relu, tanh, exp, log)", "value.py"),
    ("backward", "Value.backward()", "value.py"),
    ("iterative-topo", "topological_order()", "value.py"),
    ("softmax-cross-entropy", "softmax() and cross_entropy()", "gpt_parts.py"),
    ("linear", "linear()", "gpt_parts.py"),
    ("attention-head", "attention()", "gpt_parts.py"),
    ("adam", "adam_step()", "gpt_parts.py"),
)
NEEDED = ("value-ops", "backward")  # without these there is no engine of the learner's to run
# Names the labs' code imports from the course: in the package they are the package's own.
COURSE_MODULES = ("engine", "gpt", "lab_checks", PACKAGE)
INIT = f'''"""An autograd engine written in Backprop Lab's labs: a Value with its operations and backward(),
and the GPT's pieces. Each piece says whose it is: yours (your code from its lab) or the course's."""

from {PACKAGE}.gpt_parts import adam_step, attention, cross_entropy, linear, softmax
from {PACKAGE}.value import Value, topological_order

__all__ = ["Value", "adam_step", "attention", "cross_entropy", "linear", "softmax", "topological_order"]
'''


@dataclass
class Piece:
    lab: str
    what: str
    file: str
    yours: bool


@dataclass
class Assembly:
    files: dict[str, str]  # path in the package ("my_engine/value.py") -> source
    pieces: list[Piece]
    owners: dict[str, list[tuple[int, int, str]]]  # path -> (first line, last line, lab) of each piece

    def lab_at(self, path: str, line: int) -> str | None:
        """The lab whose code is at this line of the package (None: the course's glue)."""
        return next((lab for first, last, lab in self.owners.get(path, ()) if first <= line <= last), None)

    def describe(self) -> list[dict]:
        return [{"lab": p.lab, "what": p.what, "yours": p.yours} for p in self.pieces]


class AssemblyError(ValueError):
    """One lab's code cannot be put together: it does not parse, or lacks what the lab defines."""

    def __init__(self, lab: str, message: str):
        super().__init__(f"{message} (lab {lab})")
        self.lab = lab


@dataclass
class _File:
    """A file written piece by piece, remembering which lab each line came from."""

    lines: list[str] = field(default_factory=list)
    owners: list[tuple[int, int, str]] = field(default_factory=list)

    def add(self, lines: list[str], lab: str | None = None) -> None:
        if lab:
            self.owners.append((len(self.lines) + 1, len(self.lines) + len(lines), lab))
        self.lines += lines

    def text(self) -> str:
        return "\n".join(self.lines).rstrip() + "\n"


def assemble(saved: dict[str, str], passed: set[str] | list[str]) -> Assembly:
    """The package from saved code by lab id and the passed labs: a lab's saved code counts once passed."""
    chosen, pieces = {}, []
    for lab, what, file in PIECES:
        yours = lab in passed and bool(saved.get(lab, "").strip())
        chosen[lab] = saved[lab] if yours else grading.load(lab).SOLUTION
        pieces.append(Piece(lab, what, file, yours))
    trees = {lab: _parse(lab, code) for lab, code in chosen.items()}
    marks = {
        p.lab: f"# {p.what}: {'yours, from' if p.yours else 'the course version of'} lab {p.lab}"
        for p in pieces
    }
    value, parts = _File(), _File()
    value.add(
        [
            '"""Value: a number that records how it was computed, and backpropagates through that record."""',
            "",
        ]
    )
    value.add(
        [
            *sorted(
                _imports(trees["value-ops"]) | _imports(trees["backward"]) | _imports(trees["iterative-topo"])
            ),
            "",
            "",
        ]
    )
    _add_value_class(value, chosen, trees, marks)
    value.add(["", "", marks["iterative-topo"]])
    _add_functions(value, "iterative-topo", chosen, trees)
    gpt_labs = [p.lab for p in pieces if p.file == "gpt_parts.py"]
    parts.add(['"""The GPT\'s pieces from the labs of module 7."""', ""])
    imports = {"import math", "import random"}.union(*(_imports(trees[lab]) for lab in gpt_labs))
    parts.add([*sorted(imports), "", f"from {PACKAGE}.value import Value", ""])
    for lab in gpt_labs:
        parts.add(["", marks[lab]])
        _add_functions(parts, lab, chosen, trees)
    built = {f"{PACKAGE}/value.py": value, f"{PACKAGE}/gpt_parts.py": parts}
    files = {f"{PACKAGE}/__init__.py": INIT, **{path: f.text() for path, f in built.items()}}
    return Assembly(files, pieces, {path: f.owners for path, f in built.items()})


def _add_value_class(file: _File, chosen: dict, trees: dict, marks: dict) -> None:
    """value-ops' Value class, its given backward() replaced by the one of lab backward."""
    ops = _named(trees["value-ops"], ast.ClassDef, "Value", "value-ops")
    backward = _named(
        _named(trees["backward"], ast.ClassDef, "Value", "backward"), ast.FunctionDef, "backward", "backward"
    )
    lines = _lines(chosen["value-ops"], ops)
    given = next((n for n in ops.body if isinstance(n, ast.FunctionDef) and n.name == "backward"), None)
    if given:  # value-ops gives a backward() that follows every path one by one: lab backward's replaces it
        start = _first_line(ops)
        del lines[_first_line(given) - start : given.end_lineno - start + 1]
        while lines and not lines[-1].strip():
            lines.pop()
    file.add([marks["value-ops"], *_single_blank_lines(lines)], "value-ops")
    file.add(["", "    " + marks["backward"], *_lines(chosen["backward"], backward)], "backward")


def _add_functions(file: _File, lab: str, chosen: dict, trees: dict) -> None:
    """The lab's functions named in its DEFINES and its UPPER_CASE constants, as the learner wrote them."""
    defines = grading.load(lab).DEFINES
    kept = [
        n for n in trees[lab].body if _constant(n) or (isinstance(n, ast.FunctionDef) and n.name in defines)
    ]
    if lacking := [name for name in defines if name not in {getattr(n, "name", None) for n in kept}]:
        raise AssemblyError(lab, f"no function {', '.join(lacking)}() in your code")
    for i, node in enumerate(kept):
        file.add(
            ([""] * (2 if isinstance(node, ast.FunctionDef) else 1) if i else []) + _lines(chosen[lab], node),
            lab,
        )


def _constant(node: ast.stmt) -> bool:
    """BETA1, BETA2, EPS = ...: a module constant a lab's function uses."""
    names = [
        t
        for target in getattr(node, "targets", [])
        for t in (target.elts if isinstance(target, ast.Tuple) else [target])
    ]
    return isinstance(node, ast.Assign) and all(isinstance(t, ast.Name) and t.id.isupper() for t in names)


def _imports(tree: ast.Module) -> set[str]:
    """The code's own top-level imports, except the course's (the package gives those names)."""
    kept = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            kept |= {
                f"import {ast.unparse(a)}" for a in node.names if a.name.split(".")[0] not in COURSE_MODULES
            }
        elif (
            isinstance(node, ast.ImportFrom)
            and node.level == 0
            and node.module.split(".")[0] not in COURSE_MODULES
        ):
            kept.add(ast.unparse(node))
    return kept


def _parse(lab: str, code: str) -> ast.Module:
    try:
        return ast.parse(code)
    except SyntaxError as e:
        raise AssemblyError(lab, f"your code does not parse: {e.msg}, line {e.lineno}") from None


def _named(parent: ast.AST, kind: type, name: str, lab: str):
    for node in parent.body:
        if isinstance(node, kind) and node.name == name:
            return node
    what = "class" if kind is ast.ClassDef else "method"
    raise AssemblyError(lab, f"no {what} {name} in your code")


def _lines(code: str, node: ast.stmt) -> list[str]:
    """The node's lines as the learner wrote them (decorators and the comments inside it included)."""
    return [line.rstrip() for line in code.splitlines()[_first_line(node) - 1 : node.end_lineno]]


def _first_line(node: ast.stmt) -> int:
    return min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", []))])


def _single_blank_lines(lines: list[str]) -> list[str]:
    return [line for i, line in enumerate(lines) if line or i == 0 or lines[i - 1]]
