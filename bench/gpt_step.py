"""Milliseconds per training step of gpt.GPT in CPython (one name: forward, backward, Adam)."""

import argparse
import datetime
import os
import platform
import statistics
import time

from machine import cpu_model

from gpt.model import GPT, Adam, train_step
from gpt.train import LEARNING_RATE, SEED, training_order


def step_times(steps: int) -> tuple[list[float], list[str], int]:
    """Milliseconds of each of `steps` training steps (after one to warm up), the names, the parameters."""
    names = training_order()[:steps]  # the checkpoint's order: a typical mix of name lengths
    model = GPT(seed=SEED)
    adam = Adam(model.parameters())
    train_step(model, adam, "warmup", lr=LEARNING_RATE)
    times = []
    for name in names:
        t = time.perf_counter()
        train_step(model, adam, name, lr=LEARNING_RATE)
        times.append(1000 * (time.perf_counter() - t))
    return times, names, len(model.parameters())


def main(steps: int) -> None:
    times, names, parameters = step_times(steps)
    load = " ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "n/a"
    print(f"gpt.GPT training step: {parameters} parameters on engine.Value, one name a step")
    median, letters = statistics.median(times), statistics.mean(map(len, names))
    print(f"  {median:.0f} ms median, {min(times):.0f}-{max(times):.0f} ms over {steps} steps"
          f" (names of {letters:.1f} letters on average)")
    now = datetime.datetime.now(datetime.UTC)
    print(f"  Python {platform.python_version()} ({platform.python_implementation()}), {cpu_model()},"
          f" {os.cpu_count()} cores, load average {load}, {now:%Y-%m-%d %H:%M} UTC")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--steps", type=int, default=30)
    main(parser.parse_args().steps)
