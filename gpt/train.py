"""The one recipe that trained the shipped checkpoint: seed 42, one name a step in a shuffled order,
Adam at learning rate 0.01 decaying linearly to zero. The checkpoint script, the names page and the
benchmarks all train this way, so from scratch they retrace the checkpoint step for step."""

import random

from gpt.names import load_names, split_names

SEED = 42  # the model's initial weights and the order of the names
LEARNING_RATE = 0.01


def training_order(seed: int = SEED) -> list[str]:
    """The training names (held-out ones left out), shuffled by random.Random(seed): step k trains on
    name k (mod their number)."""
    order, _ = split_names(load_names())
    random.Random(seed).shuffle(order)
    return order


def learning_rate_at(step: int, steps: int, start: float = LEARNING_RATE) -> float:
    """The rate of step `step` (from 0) of a run of `steps`: from start down to zero in a straight line."""
    return start * (1 - step / steps)
