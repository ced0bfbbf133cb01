"""The operations a nudge can redo, by the name a Value records (micrograd's spellings included)."""

from collections.abc import Callable

from engine.nn import WEIGHTED_SUM

REPLAY: dict[str, Callable] = {
    "+": lambda x, y: x + y,
    "-": lambda x, y: x - y,
    "*": lambda x, y: x * y,
    "/": lambda x, y: x / y,
    "neg": lambda x: -x,
    "relu": lambda x: x.relu(),
    "ReLU": lambda x: x.relu(),
    "tanh": lambda x: x.tanh(),
    "exp": lambda x: x.exp(),
    "log": lambda x: x.log(),
    "sigmoid": lambda x: x.sigmoid(),
    # w1, x1, w2, x2, ..., b: summed from the bias on, as engine.nn.Neuron does
    WEIGHTED_SUM: lambda *a: sum((a[i] * a[i + 1] for i in range(0, len(a) - 1, 2)), a[-1]),
}


def replay_op(op: str) -> Callable | None:
    """The operation named op as a function of the children, or None if a nudge cannot redo it."""
    if op.startswith("**"):
        try:
            exponent = float(op[2:])
        except ValueError:
            return None
        exponent = int(exponent) if exponent.is_integer() else exponent
        return lambda x: x**exponent
    return REPLAY.get(op)
