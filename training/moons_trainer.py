"""The live training page: micrograd's moons demo on the repo's engine, streamed as it learns."""

import functools
import time
from operator import mul

from learner_engine import switch
from training.loop import Send, SettingsError, run_steps

# micrograd's demo: MLP(2, [16, 16, 1]) on 100 moons, 100 steps of SGD with a decaying rate.
DEMO = {
    "hidden": [16, 16],
    "steps": 100,
    "learning_rate": 1.0,
    "samples": 100,
    "noise": 0.1,
    "alpha": 1e-4,
    "data_seed": 1,
    "model_seed": 0,
}
LIMITS = {"hidden_layers": 3, "hidden_size": 32, "steps": 1000, "samples": 200}
GRID = 40  # the decision-boundary picture is GRID x GRID scores
MARGIN = 0.4


def svm_loss(model, X: list, y: list, alpha: float) -> tuple:
    """micrograd's demo loss (mean max-margin loss plus alpha times the squared weights), the accuracy,
    and the loss's two parts as numbers: the data loss and the penalty."""
    scores = [model(x) for x in X]
    losses = [(1 + -yi * si).relu() for yi, si in zip(y, scores)]
    data_loss = sum(losses) * (1.0 / len(losses))
    reg_loss = alpha * sum(p * p for p in model.parameters())
    accuracy = sum((yi > 0) == (si.data > 0) for yi, si in zip(y, scores)) / len(y)
    return data_loss + reg_loss, accuracy, data_loss.data, reg_loss.data


def network(mine: dict | None, hidden: list[int], seed: int):
    """MLP(2, [*hidden, 1]) on the course's engine (mine None) or on the learner's (switch.modules)."""
    if mine:
        return mine["mlp"].MLP(2, [*hidden, 1], seed=seed)
    # Imported here, not at the top: the engine page can swap in a learner's engine, and this sees it.
    from engine.nn import MLP

    return MLP(2, [*hidden, 1], seed=seed)


def learning_rate_at(step: int, steps: int, start: float) -> float:
    """micrograd's schedule: from start down to a tenth of it, in a straight line."""
    return start * (1.0 - 0.9 * step / steps)


def points(
    samples: int = DEMO["samples"], noise: float = DEMO["noise"], data_seed: int = DEMO["data_seed"]
) -> dict:
    """The training points, their labels and the picture's extent, to draw before training starts."""
    from engine.datasets import make_moons

    X, y = make_moons(samples, noise=noise, seed=data_seed)
    return {"ok": True, "points": X, "labels": y, "extent": _extent(X)}


def train(
    send: Send,
    hidden: list[int] = DEMO["hidden"],
    steps: int = DEMO["steps"],
    learning_rate: float = DEMO["learning_rate"],
    samples: int = DEMO["samples"],
    noise: float = DEMO["noise"],
    alpha: float = DEMO["alpha"],
    data_seed: int = DEMO["data_seed"],
    model_seed: int = DEMO["model_seed"],
    picture_every: int = 5,
    engine: str = "course",
) -> dict:
    """Train an MLP on moons, sending an event per step (with a boundary picture every few); engine
    "mine" trains it on the learner's engine (switched on by learner_engine.switch.use)."""
    from engine.datasets import make_moons

    _check(hidden, steps, learning_rate, samples)
    mine = switch.modules(engine)
    X, y = make_moons(samples, noise=noise, seed=data_seed)
    model = network(mine, hidden, model_seed)
    params = model.parameters()
    extent = _extent(X)
    # Where the time goes, in seconds over the run (bench/browser_load.py prints it).
    parts = dict.fromkeys(("forward", "backward", "update", "free", "picture", "send"), 0.0)
    clock = time.perf_counter

    def plain_step(k: int) -> dict:
        t0 = clock()
        loss, accuracy, data_loss, penalty = svm_loss(model, X, y, alpha)
        t1 = clock()
        model.zero_grad()
        loss.backward()
        t2 = clock()
        lr = learning_rate_at(k, steps, learning_rate)
        for p in params:
            p.data -= lr * p.grad
        t3 = clock()
        event = {
            "step": k + 1,
            "loss": loss.data,
            "data_loss": data_loss,
            "penalty": penalty,
            "accuracy": accuracy,
            "learning_rate": lr,
            "ms": round((t3 - t0) * 1000, 1),
        }
        del loss  # frees the step's graph
        t4 = clock()
        if k == 0 or (k + 1) % picture_every == 0 or k + 1 == steps:
            event["boundary"] = boundary(model, extent)
        t5 = clock()
        for part, spent in zip(parts, (t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4)):
            parts[part] += spent
        return event

    step = functools.partial(switch.checked_step, plain_step) if mine else plain_step

    def timed_send(event: dict) -> None:
        t = clock()
        send(event)
        parts["send"] += clock() - t

    final: dict = {}

    def done() -> dict:
        final["accuracy"] = sum((yi > 0) == (score(model, x) > 0) for x, yi in zip(X, y)) / len(y)
        final["parts"] = {part: round(spent, 3) for part, spent in parts.items()}
        return final

    start = {"points": X, "labels": y, "extent": extent, "parameters": len(params), "engine": engine}
    seconds = run_steps(timed_send, steps, step, start, done)
    return {"ok": True, "steps": steps, "seconds": round(seconds, 3), **final}


def score(model, x: list[float]) -> float:
    """The model's output for one point, in plain floats (no graph: quick enough for a picture)."""
    return _score(_weights(model), x)


def boundary(model, extent: list[float]) -> dict:
    """Scores on a GRID x GRID lattice over extent [x0, x1, y0, y1], rows from top (y1) to bottom."""
    x0, x1, y0, y1 = extent
    xs = [x0 + (x1 - x0) * (i + 0.5) / GRID for i in range(GRID)]
    ys = [y1 - (y1 - y0) * (j + 0.5) / GRID for j in range(GRID)]
    weights = _weights(model)
    scores = [round(_score(weights, [x, y]), 3) for y in ys for x in xs]
    return {"size": GRID, "scores": scores}


def _weights(model) -> list:
    """What engine.nn.MLP computes with, as floats: per layer, (weights, bias, relu?) of each neuron."""
    return [[([w.data for w in n.w], n.b.data, n.nonlin) for n in layer.neurons] for layer in model.layers]


def _score(weights: list, x: list[float]) -> float:
    for layer in weights:
        # Each neuron: the weighted sum plus bias, through ReLU unless linear (map(mul) is quick).
        x = [max(a, 0.0) if relu else a for ws, b, relu in layer for a in (sum(map(mul, ws, x), b),)]
    return x[0]


def _extent(X: list[list[float]]) -> list[float]:
    xs, ys = [p[0] for p in X], [p[1] for p in X]
    return [min(xs) - MARGIN, max(xs) + MARGIN, min(ys) - MARGIN, max(ys) + MARGIN]


def _check(hidden, steps, learning_rate, samples) -> None:
    """Raise SettingsError saying what is wrong with the settings, if anything."""
    if not hidden or len(hidden) > LIMITS["hidden_layers"]:
        raise SettingsError(f"Use 1 to {LIMITS['hidden_layers']} hidden layers, e.g. 16, 16.")
    if any(type(h) is not int or not 1 <= h <= LIMITS["hidden_size"] for h in hidden):
        raise SettingsError(f"Each hidden layer needs 1 to {LIMITS['hidden_size']} neurons.")
    if type(steps) is not int or not 1 <= steps <= LIMITS["steps"]:
        raise SettingsError(f"Steps must be a whole number from 1 to {LIMITS['steps']}.")
    if not isinstance(learning_rate, (int, float)) or not 0 < learning_rate <= 10:
        raise SettingsError("The learning rate must be a number above 0 and at most 10.")
    if type(samples) is not int or not 4 <= samples <= LIMITS["samples"]:
        raise SettingsError(f"Use 4 to {LIMITS['samples']} points.")
