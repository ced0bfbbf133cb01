"""Our engine against micrograd 0.1.0, measured side by side and interleaved in one run."""

import gc
import statistics
import sys
import time
import tracemalloc

from micrograd import engine as mg_engine
from micrograd import nn as mg_nn

import engine
from engine import nn
from engine.datasets import make_moons

ENGINES = {"backprop-lab": (engine.Value, nn.MLP), "micrograd": (mg_engine.Value, mg_nn.MLP)}
CHAIN_OPS = 25_000


def demo_step(model, X, y, k: int) -> float:
    """One step of micrograd's moons demo: SVM max-margin loss with L2, backward, SGD update."""
    scores = [model(x) for x in X]
    losses = [(1 + -yi * si).relu() for yi, si in zip(y, scores)]
    data_loss = sum(losses) * (1.0 / len(losses))
    reg_loss = 1e-4 * sum(p * p for p in model.parameters())
    loss = data_loss + reg_loss
    model.zero_grad()
    loss.backward()
    lr = 1.0 - 0.9 * k / 100
    for p in model.parameters():
        p.data -= lr * p.grad
    return loss.data


def time_demo_steps(name: str, X, y, steps: int) -> float:
    """Seconds per demo training step, median over the steps."""
    import random

    Value, MLP = ENGINES[name]
    random.seed(1337)
    model = MLP(2, [16, 16, 1])
    times = []
    for k in range(steps):
        t = time.perf_counter()
        demo_step(model, X, y, k)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def time_chain(name: str) -> float:
    """Seconds to build a CHAIN_OPS-long chain and run backward through it."""
    Value, _ = ENGINES[name]
    t = time.perf_counter()
    v = Value(1.0)
    for _ in range(CHAIN_OPS):
        v = v * 1.0001 + 0.0001
    v.backward()
    return time.perf_counter() - t


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
    return (after - before) / n


def main(rounds: int = 5, steps: int = 5) -> None:
    # micrograd's recursive topological sort needs a deeper stack for the chain.
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 4 * CHAIN_OPS))
    X, y = make_moons(100, noise=0.1, seed=1)
    results = {name: {"step": [], "chain": [], "bytes": []} for name in ENGINES}
    for _ in range(rounds):
        for name in ENGINES:  # interleaved, so drift in the machine hits both alike
            results[name]["step"].append(time_demo_steps(name, X, y, steps))
            results[name]["chain"].append(time_chain(name))
            results[name]["bytes"].append(bytes_per_node(name))
    ours, theirs = results["backprop-lab"], results["micrograd"]
    rows = [
        ("demo training step (s)", "step", 5.0),
        (f"{CHAIN_OPS:,}-op chain, build + backward (s)", "chain", None),
        ("bytes per graph node", "bytes", 3.5),
    ]
    print(f"{'measure':42} {'micrograd':>12} {'ours':>12} {'ratio':>8}  target")
    for title, key, target in rows:
        m, o = statistics.median(theirs[key]), statistics.median(ours[key])
        ratio = m / o
        verdict = "" if target is None else (f">= {target}x " + ("met" if ratio >= target else "MISSED"))
        print(f"{title:42} {m:12.4g} {o:12.4g} {ratio:7.2f}x  {verdict}")
    version = sys.version.split()[0]
    print(f"(median of {rounds} interleaved rounds; ratio = micrograd / ours; Python {version})")


if __name__ == "__main__":
    main()
