"""The GPT's weights to and from JSON, and the checkpoint shipped in gpt/data/gpt_names.json."""

import json
from importlib.resources import files

from gpt.model import GPT

SHIPPED = "gpt_names.json"


def weights_to_lists(model: GPT, digits: int = 6) -> dict[str, list[list[float]]]:
    """Every weight matrix as rows of plain numbers, rounded to a number of decimal places."""
    return {name: [[round(p.data, digits) for p in row] for row in w] for name, w in model.weights.items()}


def model_from_lists(weights: dict[str, list[list[float]]]) -> GPT:
    """A GPT whose weights are these numbers (the shapes must match GPT's)."""
    model = GPT(seed=0)
    for name, w in model.weights.items():
        rows = weights[name]
        if [len(r) for r in rows] != [len(r) for r in w]:
            raise ValueError(f"checkpoint weight {name!r} has the wrong shape")
        for row, numbers in zip(w, rows):
            for p, x in zip(row, numbers):
                p.data = float(x)
    return model


def load_checkpoint() -> tuple[GPT, dict]:
    """The shipped trained GPT, and the checkpoint's record (settings, steps, split, losses, samples)."""
    record = json.loads(files("gpt").joinpath("data", SHIPPED).read_text())
    return model_from_lists(record["weights"]), record
