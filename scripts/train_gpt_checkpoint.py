"""Trains gpt.GPT on the shipped names with a fixed seed on our engine; writes gpt/data/gpt_names.json."""

import argparse
import hashlib
import json
import math
import random
import time
from pathlib import Path

from gpt import model as gpt
from gpt.checkpoint import SHIPPED, model_from_lists, weights_to_lists
from gpt.names import load_names, split_names
from gpt.train import LEARNING_RATE as LR
from gpt.train import SEED, learning_rate_at, training_order

ROOT = Path(__file__).resolve().parent.parent
SAMPLE_SEED, TEMPERATURE = 0, 0.5


def mean_loss(model: gpt.GPT, names: list[str]) -> float:
    return sum(model.loss(n).data for n in names) / len(names)


def main(steps: int, out: Path) -> None:
    names = load_names()
    train, held_out = split_names(names)
    order = training_order()
    model = gpt.GPT(seed=SEED)
    adam = gpt.Adam(model.parameters())
    losses, start = [], time.perf_counter()
    for step in range(steps):
        lr = learning_rate_at(step, steps)
        losses.append(gpt.train_step(model, adam, order[step % len(order)], lr))
        if (step + 1) % 100 == 0 or step == 0:
            recent = sum(losses[-100:]) / len(losses[-100:])
            secs = time.perf_counter() - start
            print(f"step {step + 1}: loss {losses[-1]:.3f}, last 100: {recent:.3f}, {secs:.0f}s", flush=True)
    train_seconds = time.perf_counter() - start
    weights = weights_to_lists(model)
    trained = model_from_lists(weights)  # the figures below are those of the rounded, shipped numbers
    rng = random.Random(SAMPLE_SEED)
    record = {
        "model": "gpt.model.GPT",
        "config": {"vocab_size": gpt.VOCAB_SIZE, "block_size": gpt.BLOCK_SIZE, "n_embd": gpt.N_EMBD,
                   "n_head": gpt.N_HEAD, "n_layer": gpt.N_LAYER, "mlp_width": gpt.MLP_WIDTH,
                   "parameters": len(model.parameters())},
        "training": {"steps": steps, "seed": SEED, "names_per_step": 1, "lr": LR,
                     "lr_schedule": "linear to 0",
                     "adam": {"beta1": adam.beta1, "beta2": adam.beta2, "eps": adam.eps},
                     "order": f"training names shuffled by random.Random({SEED}), taken in turn"},
        "data": {"file": "gpt/data/names.txt", "names": len(names),
                 "sha256": hashlib.sha256((ROOT / "gpt/data/names.txt").read_bytes()).hexdigest(),
                 "split": "every 10th name (lines 10, 20, ...) held out: gpt.names.split_names",
                 "train": len(train), "held_out": len(held_out)},
        "losses": {"uniform": math.log(gpt.VOCAB_SIZE), "first_step": losses[0],
                   "last_100_steps_mean": sum(losses[-100:]) / len(losses[-100:]),
                   "held_out_mean": mean_loss(trained, held_out)},
        "loss_per_step": [round(x, 4) for x in losses],
        "samples": {"seed": SAMPLE_SEED, "temperature": TEMPERATURE,
                    "names": [trained.sample(rng, TEMPERATURE) for _ in range(10)]},
        "weights": weights,
    }
    out.write_text(json.dumps(record, separators=(",", ":")) + "\n")
    print(json.dumps({k: v for k, v in record.items() if k not in ("weights", "loss_per_step")}, indent=1))
    per_step = 1000 * train_seconds / steps
    print(f"trained {steps} steps in {train_seconds:.0f} s ({per_step:.0f} ms/step); wrote {out}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--steps", type=int, default=1000)
    parser.add_argument("--out", type=Path, default=ROOT / "gpt" / "data" / SHIPPED)
    args = parser.parse_args()
    main(args.steps, args.out)
