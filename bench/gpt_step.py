"""A GPT training step (one name: forward, backward, Adam) three ways, interleaved on the same names:
the course's gpt.GPT (fused dot, cross-entropy and rms nodes) on engine.Value; gpt.plain's GPT, a node
for every * and +, on engine.Value; and that plain GPT on bench/microgpt_value.py, microgpt's way.

Times are this process's CPU seconds (time.process_time), so other work on the machine does not count.
The recipe is the checkpoint's (gpt/train.py): seed 42, the names in its shuffled order, Adam at 0.01.

    python bench/gpt_step.py [--steps 30]
"""

import argparse
import datetime
import gc
import statistics
import sys
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parent)]

import microgpt_value  # noqa: E402
from machine import cpu_model, load_average  # noqa: E402

from gpt.gradient_check import weights_onto  # noqa: E402
from gpt.model import GPT, Adam, train_step  # noqa: E402
from gpt.plain import PlainGPT  # noqa: E402
from gpt.train import LEARNING_RATE, SEED, training_order  # noqa: E402

GOAL = 4.0  # the fused step against microgpt's way


def models() -> dict[str, tuple[GPT, Adam]]:
    """The three GPTs, all from the checkpoint's initial weights, each with its own Adam."""
    fused = GPT(seed=SEED)
    made = {
        "fused nodes, engine.Value": fused,
        "plain nodes, engine.Value": PlainGPT(seed=SEED),
        "plain nodes, microgpt-style Value": weights_onto(fused, PlainGPT(seed=0), microgpt_value.Value),
    }
    return {name: (model, Adam(model.parameters())) for name, model in made.items()}


def step_times(steps: int) -> tuple[dict[str, list[float]], dict[str, list[float]], list[str]]:
    """ms of CPU per step for each model (after one warm-up step), interleaved name by name in rotating
    order; each step's garbage is freed inside its timing. Also each model's losses, and the names."""
    names = training_order()[:steps]
    runs = models()
    times: dict[str, list[float]] = {name: [] for name in runs}
    losses: dict[str, list[float]] = {name: [] for name in runs}
    for model, adam in runs.values():
        train_step(model, adam, "warmup", lr=LEARNING_RATE)
    for k, name in enumerate(names):
        order = list(runs)[k % 3 :] + list(runs)[: k % 3]
        for which in order:
            model, adam = runs[which]
            t = time.process_time()
            loss = train_step(model, adam, name, lr=LEARNING_RATE)
            gc.collect()
            times[which].append(1000 * (time.process_time() - t))
            losses[which].append(loss)
    return times, losses, names


def main(steps: int) -> None:
    started = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    load_before = load_average()
    times, losses, names = step_times(steps)
    fused = times["fused nodes, engine.Value"]
    print(f"GPT training step, {len(GPT(seed=0).parameters())} parameters, one name a step "
          f"({statistics.mean(map(len, names)):.1f} letters on average), {steps} steps each, interleaved")
    print("| model | ms per step (median, min-max) | fused is faster by (median of per-step ratios) |")
    print("|---|---|---|")
    for which, ms in times.items():
        ratios = [m / f for m, f in zip(ms, fused)]
        print(f"| {which} | {statistics.median(ms):.1f} ({min(ms):.1f}-{max(ms):.1f}) | "
              f"**{statistics.median(ratios):.2f}x** ({min(ratios):.2f}-{max(ratios):.2f}) |")
    first = losses["fused nodes, engine.Value"]
    apart = max(abs(a - b) for run in losses.values() for a, b in zip(run, first))
    print(f"\nthe same model: the three runs' losses differ by at most {apart:.1e} over the {steps} steps")
    mine = statistics.median(m / f for m, f in zip(times["plain nodes, microgpt-style Value"], fused))
    print(f"goal: fused >= {GOAL:g}x microgpt's way: {'met' if mine >= GOAL else 'MISSED'} ({mine:.2f}x)")
    print(f"{started}; CPU ms (time.process_time), garbage freed in each timing; Python "
          f"{sys.version.split()[0]}; {cpu_model()}; "
          f"load average {load_before} before, {load_average()} after.")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=30)
    main(parser.parse_args().steps)
