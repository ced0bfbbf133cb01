"""Our engine against micrograd 0.1.0, measured side by side and interleaved in one run.

Every timed block ends with gc.collect(), so each engine pays for freeing its own garbage
(micrograd's closures make every node part of a reference cycle, which only the collector frees).
Times are this process's CPU seconds (time.process_time): on a machine shared with other work, the
wall clock also counts the time others had the cores, which swamps the ratios (a load of 27 on 2 cores
gave ratios from 1.8x to 6x for the same code in one run).
"""

import datetime
import gc
import random
import statistics
import sys
import time
import tracemalloc

from machine import cpu_model, load_average
from micrograd import engine as mg_engine
from micrograd import nn as mg_nn

import engine
from engine import nn
from engine.datasets import make_moons
from engine.graph import values_in_order

ENGINES = {"backprop-lab": (engine.Value, nn.MLP), "micrograd": (mg_engine.Value, mg_nn.MLP)}
CHAIN_OPS = 25_000
ROUNDS = 7
STEPS_PER_ROUND = 3
GOALS = {
    "step": 8.0,
    "chain": 8.0,
    "bytes": 4.0,
    "step without collector": None,
    "chain without collector": None,
    "nodes": None,
}
clock = time.process_time  # CPU seconds of this process (see the docstring)


def demo_loss(model, X, y):
    """micrograd's moons demo loss: SVM max-margin loss with L2."""
    scores = [model(x) for x in X]
    losses = [(1 + -yi * si).relu() for yi, si in zip(y, scores)]
    data_loss = sum(losses) * (1.0 / len(losses))
    reg_loss = 1e-4 * sum(p * p for p in model.parameters())
    return data_loss + reg_loss


def demo_step(model, X, y, k: int) -> float:
    """One step of micrograd's moons demo: the loss, backward, SGD update."""
    loss = demo_loss(model, X, y)
    model.zero_grad()
    loss.backward()
    lr = 1.0 - 0.9 * k / 100
    for p in model.parameters():
        p.data -= lr * p.grad
    return loss.data


class Trainer:
    """One model per engine, trained by consecutive demo steps across all the rounds."""

    def __init__(self, name: str, X, y):
        _, MLP = ENGINES[name]
        random.seed(1337)
        self.model, self.X, self.y, self.k = MLP(2, [16, 16, 1]), X, y, 0

    def time_steps(self, steps: int, collector: bool = True) -> float:
        """Seconds per step over the next `steps` steps, each step's garbage freed in the timing; with
        collector=False the cycle collector is off and its work is done after the timing (a profile:
        how much of each engine's step is the collector's)."""
        if not collector:
            gc.disable()
        t = clock()
        for _ in range(steps):
            demo_step(self.model, self.X, self.y, self.k)
            if collector:
                gc.collect()
            self.k += 1
        spent = clock() - t
        gc.enable()
        gc.collect()
        return spent / steps


def nodes_per_step(name: str, X, y) -> int:
    """Values in one demo step's graph: micrograd makes a * and a + per weight, ours one node per neuron."""
    _, MLP = ENGINES[name]
    random.seed(1337)
    return len(values_in_order(demo_loss(MLP(2, [16, 16, 1]), X, y)))


def time_chain(name: str, collector: bool = True) -> float:
    """Seconds to build a CHAIN_OPS-long chain, run backward through it and free it; with collector=False
    a profile, as in Trainer.time_steps."""
    Value, _ = ENGINES[name]
    if not collector:
        gc.disable()
    t = clock()
    v = Value(1.0)
    for _ in range(CHAIN_OPS):
        v = v * 1.0001 + 0.0001
    v.backward()
    del v
    if collector:
        gc.collect()
    spent = clock() - t
    gc.enable()
    gc.collect()
    return spent


def bytes_per_node(name: str, n: int = 20_000) -> float:
    """Bytes held per graph node (tracemalloc), for a chain of additions."""
    Value, _ = ENGINES[name]
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    v = Value(1.0)
    x = Value(2.0)
    for _ in range(n):
        v = v + x
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del v
    gc.collect()
    return (after - before) / n


def spread(values: list[float]) -> str:
    """Median, then min-max, to 4 significant figures; a count as it is."""
    if all(isinstance(v, int) for v in values) and len(set(values)) == 1:
        return f"{values[0]:,}"
    return f"{statistics.median(values):.4g} ({min(values):.4g}-{max(values):.4g})"


def main(rounds: int = ROUNDS, steps: int = STEPS_PER_ROUND) -> None:
    # micrograd's recursive topological sort needs a deeper stack for the chain.
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 4 * CHAIN_OPS))
    started = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    load_before = load_average()
    X, y = make_moons(100, noise=0.1, seed=1)
    trainers = {name: Trainer(name, X, y) for name in ENGINES}
    results = {name: {key: [] for key in GOALS} for name in ENGINES}
    for r in range(rounds):
        # Interleaved, in alternating order, so drift in the machine's load hits both alike.
        for name in list(ENGINES)[:: 1 if r % 2 == 0 else -1]:
            results[name]["step"].append(trainers[name].time_steps(steps))
            results[name]["chain"].append(time_chain(name))
            results[name]["bytes"].append(bytes_per_node(name))
            results[name]["step without collector"].append(trainers[name].time_steps(steps, collector=False))
            results[name]["chain without collector"].append(time_chain(name, collector=False))
    for name in ENGINES:  # the same count every round: counted once
        results[name]["nodes"].append(nodes_per_step(name, X, y))
    ours, theirs = results["backprop-lab"], results["micrograd"]
    rows = [
        ("demo training step (s)", "step"),
        (f"{CHAIN_OPS:,}-op chain, build+backward+free (s)", "chain"),
        ("bytes per graph node", "bytes"),
        ("profile: demo step with the cycle collector off (s)", "step without collector"),
        ("profile: the chain with the cycle collector off (s)", "chain without collector"),
        ("profile: values in one demo step's graph", "nodes"),
    ]
    print("| measure | micrograd 0.1.0 | ours | ratio (median, min-max) | goal |")
    print("|---|---|---|---|---|")
    for title, key in rows:
        per_round = [m / o for m, o in zip(theirs[key], ours[key])]
        ratio = statistics.median(per_round)
        goal = GOALS[key]
        verdict = "no goal" if goal is None else f">= {goal:g}x {'met' if ratio >= goal else 'MISSED'}"
        print(
            f"| {title} | {spread(theirs[key])} | {spread(ours[key])} | "
            f"**{ratio:.2f}x** ({min(per_round):.2f}-{max(per_round):.2f}) | {verdict} |"
        )
    print(
        f"\n{started}; {rounds} interleaved rounds of {steps} consecutive steps each; "
        "CPU seconds (time.process_time); ratio = micrograd / ours per round; "
        f"Python {sys.version.split()[0]}; {cpu_model()}; "
        f"load average {load_before} before, {load_average()} after."
    )


if __name__ == "__main__":
    main()
