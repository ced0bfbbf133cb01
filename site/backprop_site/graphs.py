"""Run a ```python graph block with the repo's engine at build time: its diagram's data, or the
lesson's file and line of what went wrong."""

import ast
import importlib.util
import traceback
from functools import cache
from pathlib import Path
from types import ModuleType

from engine import Value

# The module the browser's worker uses for show(v) and nudges makes build-time diagrams too,
# so a diagram's names, films, paths and number texts are the same wherever it was drawn.
DIAGRAMS = Path(__file__).resolve().parents[1] / "frontend" / "worker" / "backprop_worker" / "diagram.py"


class GraphBlockError(ValueError):
    """A graph block that raised or names no Value to draw; the message starts with file:line."""


@cache
def _diagrams(mtime: float) -> ModuleType:
    spec = importlib.util.spec_from_file_location("backprop_worker.diagram", DIAGRAMS)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def diagrams() -> ModuleType:
    """backprop_worker.diagram, loaded again when its file changes (so `make serve` sees edits)."""
    return _diagrams(DIAGRAMS.stat().st_mtime)


def run_graph_block(
    code: str, output: str | None = None, *, src: str = "<graph>", first_line: int = 1
) -> dict:
    """Execute the block (its line 1 is the lesson's first_line), label unlabelled Values by their
    names, backward() the output (the last Value assigned, or the one named by output), diagram it."""
    try:
        tree = ast.parse(code, src)
    except SyntaxError as e:
        raise GraphBlockError(f"{src}:{first_line + (e.lineno or 1) - 1}: the graph block: {e.msg}") from None
    ast.increment_lineno(tree, first_line - 1)
    namespace: dict = {"Value": Value, "__name__": "__graph__"}
    try:
        exec(compile(tree, src, "exec"), namespace)
    except Exception as e:  # the author sees the block's own error, at its line in the lesson
        lines = [f.lineno for f in traceback.extract_tb(e.__traceback__) if f.filename == src]
        where = lines[-1] if lines else first_line
        raise GraphBlockError(f"{src}:{where}: the graph block raised {type(e).__name__}: {e}") from None
    name = output or _last_assigned_value(tree, namespace)
    if name is None or not isinstance(namespace.get(name), Value):
        wanted = f"no Value named {name!r}" if name else "no Value assigned to a name"
        raise GraphBlockError(f"{src}:{first_line}: the graph block has {wanted} to draw")
    for var, v in namespace.items():
        if isinstance(v, Value) and not v.label:
            v.label = var
    root = namespace[name]
    root.backward()
    module = diagrams()
    traced = module.diagram_of(root, modules=namespace)  # names neurons' parameters, as show(v) does
    _check_film(traced, module, src, first_line)
    return traced


def _last_assigned_value(tree: ast.Module, namespace: dict) -> str | None:
    """The name of the last plain assignment in the block whose value is a Value."""
    names = [
        t.id
        for node in tree.body
        if isinstance(node, ast.Assign)
        for t in node.targets
        if isinstance(t, ast.Name)
    ]
    return next((n for n in reversed(names) if isinstance(namespace.get(n), Value)), None)


def _check_film(traced: dict, module: ModuleType, src: str, line: int) -> None:
    """The backward film must end where the engine's backward() did (else the film would teach wrong)."""
    constants = set(traced["constants"])  # drawn without a gradient: the film passes them nothing
    for node, grad in zip(traced["nodes"], module.film_grads(traced)):
        expected = node["grad"]
        if node["id"] in constants:
            continue
        if (grad is None) != (expected is None) or (
            grad is not None and abs(grad - expected) > 1e-9 * max(1.0, abs(expected))
        ):
            raise GraphBlockError(
                f"{src}:{line}: the backward film gives {node['label'] or node['id']} grad {grad}, "
                f"but the engine's backward() gave {expected}"
            )
