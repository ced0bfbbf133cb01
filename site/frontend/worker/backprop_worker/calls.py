"""The functions the page may call by name (protocol.js's CALLS, which the page checks first): the
worker's one entry point for `call` requests. A module is imported when one of its calls is first made."""

import importlib
import json
from collections.abc import Callable
from functools import partial

CALLS: dict[str, tuple[str, str]] = {
    "labs.check": ("backprop_worker.labs", "check"),
    "labs.hint": ("backprop_worker.labs", "hint"),
    "labs.solution": ("backprop_worker.labs", "solution"),
    "graph.nudge": ("diagrams", "nudge"),
    "moons_trainer.points": ("training.moons_trainer", "points"),
    "moons_trainer.train": ("training.moons_trainer", "train"),
    "names_trainer.story": ("training.names_trainer", "story"),
    "names_trainer.sample": ("training.names_trainer", "sample"),
    "names_trainer.train": ("training.names_trainer", "train"),
    "attention.weights": ("gpt.attention", "checkpoint_attention"),
    "sampling.steps": ("gpt.sampling", "checkpoint_sampling"),
    "letter_loss.compare": ("gpt.letter_loss", "checkpoint_losses"),
    "gradient_check.sample": ("gpt.gradient_check", "checkpoint_gradient_check"),
    "gradient_check.gradients": ("gpt.gradient_check", "checkpoint_gradients"),
    "learner_engine.use": ("learner_engine.switch", "use"),
    "learner_engine.download": ("learner_engine.download", "download"),
    "engine_source.apply": ("backprop_worker.engine_source", "apply"),
    "engine_source.restore": ("backprop_worker.engine_source", "restore"),
}
# These take send(event) first and stream their steps to the page as "training" events.
TRAINERS = {"moons_trainer.train", "names_trainer.train"}


def function(name: str) -> Callable[..., object]:
    """The function the call `name` runs (KeyError for a name that is not a call)."""
    module, attribute = CALLS[name]
    work = getattr(importlib.import_module(module), attribute)
    return partial(work, _send("training")) if name in TRAINERS else work


def _send(kind: str) -> Callable[[dict], None]:
    from backprop_bridge import emit  # only the browser's worker has it

    return lambda event: emit(kind, json.dumps(event))
