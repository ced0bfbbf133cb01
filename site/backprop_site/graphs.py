"""Run a ```python graph block with the repo's engine at build time: its diagram's data, or the
lesson's file and line of what went wrong."""

import ast
import importlib
import sys
import traceback
from pathlib import Path

import diagrams
from engine import Value

_loaded: dict[str, float] = {}  # the diagrams files' modification times when last loaded


class GraphBlockError(ValueError):
    """A graph block that raised or names no Value to draw; the message starts with file:line."""


def fresh_diagrams():
    """The diagrams package (made by the same code as the worker's show(v), so a diagram's names,
    films, paths and texts are the same wherever it was drawn), reloaded when one of its files changed
    since the last build, so `make serve` draws with the edited code."""
    files = sorted(Path(diagrams.__file__).parent.glob("*.py"))
    times = {str(f): f.stat().st_mtime for f in files}
    if _loaded and times != _loaded:
        for name in diagrams.MODULES:
            importlib.reload(sys.modules[name])
    _loaded.update(times)
    return sys.modules["diagrams"]


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
    module = fresh_diagrams()
    traced = module.diagram_of(root, modules=namespace)  # names neurons' parameters, as show(v) does
    _check_film(traced, module.film_grads, src, first_line)
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


def _check_film(traced: dict, film_grads, src: str, line: int) -> None:
    """The backward film must end where the engine's backward() did (else the film would teach wrong)."""
    constants = set(traced["constants"])  # drawn without a gradient: the film passes them nothing
    for node, grad in zip(traced["nodes"], film_grads(traced)):
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
