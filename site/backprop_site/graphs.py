"""Run a ```python graph block with the repo's engine at build time and trace its output."""

import ast

from engine import Value
from engine.graph import trace


class GraphBlockError(ValueError):
    """A graph block that raised or names no Value to draw."""


def run_graph_block(code: str, output: str | None = None) -> dict:
    """Execute the block, label unlabelled Values by their names, backward() the output, trace it."""
    namespace: dict = {"Value": Value}
    try:
        exec(compile(code, "<graph>", "exec"), namespace)
    except Exception as e:  # the author sees the block's own error
        raise GraphBlockError(f"the graph block raised {type(e).__name__}: {e}") from e
    name = output or _last_assigned_value(code, namespace)
    if name is None or not isinstance(namespace.get(name), Value):
        raise GraphBlockError(f"the graph block has no Value named {name!r} to draw")
    for var, v in namespace.items():
        if isinstance(v, Value) and not v.label:
            v.label = var
    root = namespace[name]
    root.backward()
    return trace(root)


def _last_assigned_value(code: str, namespace: dict) -> str | None:
    """The name of the last plain assignment in the block whose value is a Value."""
    names = [
        t.id
        for node in ast.parse(code).body
        if isinstance(node, ast.Assign)
        for t in node.targets
        if isinstance(t, ast.Name)
    ]
    return next((n for n in reversed(names) if isinstance(namespace.get(n), Value)), None)
