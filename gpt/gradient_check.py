"""backward()'s gradient of a name's loss against a nudge's estimate, parameter by parameter, for the GPT
on the course's engine or on a copy of it with one local gradient rule broken on purpose (the copy runs
gpt.plain's GPT, a node for every * and +, so a broken product rule reaches every product)."""

import importlib.util
import math
import random
import types
from functools import cache

from gpt.attention import check_name
from gpt.model import GPT, encode
from gpt.plain import PlainGPT

NUDGE = 1e-4  # central differences: (loss(w + h) - loss(w - h)) / 2h, off by about h² times a third slope
PER_MATRIX = 6  # parameters drawn from each of the model's 9 weight matrices
# The rules a copy of the engine may get wrong: each says what its wrong local gradient is.
BROKEN = {
    "exp": "exp's local gradient is 1 instead of exp(x)",
    "mul": "a product hands each input its own value instead of the other input's",
}


def chosen_parameters(model: GPT, name: str, seed: int, per_matrix: int = PER_MATRIX) -> list[list]:
    """[matrix, row, column] of per_matrix parameters from each matrix, drawn by random.Random(seed) among
    the rows the name reaches (wte: its letters' rows; wpe: its positions'); the rest have gradient 0."""
    tokens = encode(check_name(name))
    reached = {"wte": sorted(set(tokens[:-1])), "wpe": list(range(len(tokens) - 1))}
    rng = random.Random(seed)
    chosen = []
    for matrix, w in model.weights.items():
        cells = [(r, c) for r in reached.get(matrix, range(len(w))) for c in range(len(w[r]))]
        chosen += [[matrix, r, c] for r, c in sorted(rng.sample(cells, per_matrix))]
    return chosen


def gradients(model: GPT, name: str, chosen: list[list]) -> list[float]:
    """backward()'s gradient of model.loss(name) for each chosen parameter."""
    for p in model.parameters():
        p.grad = 0.0
    model.loss(name).backward()
    return [model.weights[m][r][c].grad for m, r, c in chosen]


def estimates(model: GPT, name: str, chosen: list[list], h: float = NUDGE) -> list[float]:
    """Each chosen parameter's slope measured from the forward pass alone: nudged up and down by h."""
    found = []
    for m, r, c in chosen:
        p = model.weights[m][r][c]
        x = p.data
        p.data = x + h
        up = model.loss(name).data
        p.data = x - h
        down = model.loss(name).data
        p.data = x
        found.append((up - down) / (2 * h))
    return found


def broken_copy(model: GPT, rule: str) -> GPT:
    """The model's weights in a PlainGPT on a fresh copy of engine/value.py whose rule (BROKEN's keys) is
    wrong; the forward pass, and so every loss, is the model's own to the last bit."""
    if rule not in BROKEN:
        raise ValueError(f"no broken rule {rule!r}: {' or '.join(BROKEN)}")
    return weights_onto(model, PlainGPT(seed=0), _broken_engine(rule).Value)


def weights_onto(model: GPT, copy, Value: type):
    """copy (a GPT of any engine, with the same weight matrices) given the model's weights as Values."""
    for w, original in zip(copy.weights.values(), model.weights.values()):
        for row, numbers in zip(w, original):
            row[:] = [Value(p.data) for p in numbers]
    return copy


@cache
def _broken_engine(rule: str) -> types.ModuleType:
    """engine/value.py loaded again as a module of its own (the course's stays intact), one rule replaced."""
    import engine.value

    spec = importlib.util.spec_from_file_location(f"broken_{rule}_value", engine.value.__file__)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    Value = module.Value

    def exp(self):
        e = math.exp(self.data)
        return Value(e, (self,), "exp", (1.0,))  # wrong: the slope of exp(x) is exp(x)

    def mul(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data * other.data, (self, other), "*", (self.data, other.data))  # wrong: swapped

    if rule == "exp":
        Value.exp = exp
    else:
        Value.__mul__ = Value.__rmul__ = mul
    return module


def rule_gradients(model: GPT, name: str, chosen: list[list], rule: str = "intact") -> list[float]:
    """gradients() on the course's engine ("intact") or on the copy with BROKEN[rule] wrong."""
    for m, r, c in chosen:
        if m not in model.weights or not (
            0 <= r < len(model.weights[m]) and 0 <= c < len(model.weights[m][r])
        ):
            raise ValueError(f"the GPT has no parameter {m}[{r}][{c}]")
    return gradients(model if rule == "intact" else broken_copy(model, rule), name, chosen)


def gradient_check(
    model: GPT, name: str, seed: int = 0, rule: str = "intact", per_matrix: int = PER_MATRIX
) -> dict:
    """The scatter's points for a sample of parameters: where each lives, its nudged estimate (the forward
    pass's, which no rule changes) and backward()'s gradient on the engine the rule names."""
    name = check_name(name)
    chosen = chosen_parameters(model, name, seed, per_matrix)
    return {
        "name": name,
        "seed": seed,
        "nudge": NUDGE,
        "parameters": chosen,
        "estimates": estimates(model, name, chosen),
        "rule": rule,
        "gradients": rule_gradients(model, name, chosen, rule),
        "broken": BROKEN,
    }


def checkpoint_gradient_check(name: str, seed: int = 0, rule: str = "intact", engine: str = "course") -> dict:
    """The scatter's live half: a new sample of parameters (seed) of the shipped GPT on a name, on the
    course's engine or ("mine") on the learner's, which Run on my engine put together in this worker."""
    if type(seed) is not int or not 0 <= seed <= 2**31 - 1:
        raise ValueError("the seed must be a whole number from 0 to 2,147,483,647")
    if engine == "course":
        return {"ok": True, "engine": engine, **gradient_check(_checkpoint(), name, seed, rule)}
    if rule != "intact":
        raise ValueError("the broken rules are copies of the course's engine: choose it to break one")
    from learner_engine.switch import modules  # the learner's engine lives in the worker, not in gpt/

    mine = modules(engine)["microgpt"]
    model = weights_onto(_checkpoint(), mine.GPT(seed=0), mine.Value)
    return {"ok": True, "engine": engine, **gradient_check(model, name, seed)}


def checkpoint_gradients(name: str, parameters: list[list], rule: str) -> dict:
    """The broken-rule switch: backward()'s gradients of the same parameters on the engine the rule names."""
    return {
        "ok": True,
        "rule": rule,
        "gradients": rule_gradients(_checkpoint(), check_name(name), parameters, rule),
    }


@cache
def _checkpoint() -> GPT:
    from gpt.checkpoint import load_checkpoint

    return load_checkpoint()[0]
