"""A tiny GPT that learns to invent names, trained on my_engine: the engine you wrote in Backprop Lab.

    python microgpt.py --steps 1000

Your pieces (Value, backward(), softmax(), cross_entropy(), linear(), attention(), adam_step()) come
from my_engine; this file is the glue around them, as in the course: the model's shape, rmsnorm, the
embeddings, the residuals, the names and the training loop. It is the model of the course's names page
(seed 42, one name a step in a shuffled order, Adam at a learning rate falling from 0.01 to 0).
"""

import argparse
import random
import time
from pathlib import Path

from my_engine import Value, adam_step, attention, cross_entropy, linear, softmax

LETTERS = "abcdefghijklmnopqrstuvwxyz"
BOS = len(LETTERS)  # token 26 begins every name and, predicted, ends it
VOCAB_SIZE = len(LETTERS) + 1
BLOCK_SIZE, N_EMBD, N_HEAD, N_LAYER, MLP_WIDTH = 16, 16, 4, 1, 64
HEAD_DIM = N_EMBD // N_HEAD
SEED, LEARNING_RATE = 42, 0.01
NAMES = Path(__file__).with_name("names.txt")


def encode(name: str) -> list[int]:
    """A name as tokens, with BOS on both sides: "ab" -> [26, 0, 1, 26]."""
    return [BOS] + [LETTERS.index(c) for c in name] + [BOS]


def rmsnorm(x: list) -> list:
    """x rescaled to a root mean square of 1."""
    scale = (sum(xi * xi for xi in x) / len(x) + 1e-5) ** -0.5
    return [xi * scale for xi in x]


class GPT:
    """Token and position embeddings, an attention + MLP block with residuals, a readout to 27 scores."""

    def __init__(self, seed: int = SEED):
        rng = random.Random(seed)

        def matrix(rows, cols):
            return [[Value(rng.gauss(0, 0.08)) for _ in range(cols)] for _ in range(rows)]

        self.weights = {"wte": matrix(VOCAB_SIZE, N_EMBD), "wpe": matrix(BLOCK_SIZE, N_EMBD)}
        for i in range(N_LAYER):
            for name in ("wq", "wk", "wv", "wo"):
                self.weights[f"layer{i}.{name}"] = matrix(N_EMBD, N_EMBD)
            self.weights[f"layer{i}.fc1"] = matrix(MLP_WIDTH, N_EMBD)
            self.weights[f"layer{i}.fc2"] = matrix(N_EMBD, MLP_WIDTH)
        self.weights["lm_head"] = matrix(VOCAB_SIZE, N_EMBD)

    def parameters(self) -> list:
        return [p for w in self.weights.values() for row in w for p in row]

    def __call__(self, tokens: list[int]) -> list[list]:
        """Scores for the token after each of these; each position sees only itself and earlier ones."""
        w = self.weights
        xs = [
            rmsnorm([t + p for t, p in zip(w["wte"][tok], w["wpe"][pos])]) for pos, tok in enumerate(tokens)
        ]
        for i in range(N_LAYER):
            hs = [rmsnorm(x) for x in xs]
            qs, ks, vs = ([linear(h, w[f"layer{i}.{m}"]) for h in hs] for m in ("wq", "wk", "wv"))
            heads = [[] for _ in xs]
            for s in range(0, N_EMBD, HEAD_DIM):
                part = slice(s, s + HEAD_DIM)
                mixed = attention([q[part] for q in qs], [k[part] for k in ks], [v[part] for v in vs])
                for head, out in zip(heads, mixed):
                    head += out
            xs = [[a + b for a, b in zip(x, linear(h, w[f"layer{i}.wo"]))] for x, h in zip(xs, heads)]
            for x in xs:
                h = [hi.relu() for hi in linear(rmsnorm(x), w[f"layer{i}.fc1"])]
                x[:] = [a + b for a, b in zip(x, linear(h, w[f"layer{i}.fc2"]))]
        return [linear(x, w["lm_head"]) for x in xs]

    def loss(self, name: str):
        """Mean cross-entropy of predicting each next token of the name, BOS to BOS."""
        tokens = encode(name)[: BLOCK_SIZE + 1]
        scores = self(tokens[:-1])
        return sum(cross_entropy(s, target) for s, target in zip(scores, tokens[1:])) / len(scores)

    def sample(self, rng: random.Random, temperature: float = 0.5) -> str:
        """A new name, one letter at a time, until BOS comes out; lower temperature plays safer."""
        tokens = [BOS]
        while len(tokens) <= BLOCK_SIZE:
            probs = softmax([s / temperature for s in self(tokens)[-1]])
            token = rng.choices(range(VOCAB_SIZE), weights=[p.data for p in probs])[0]
            if token == BOS:
                break
            tokens.append(token)
        return "".join(LETTERS[t] for t in tokens[1:])


class Trainer:
    """The training state: the model, Adam's two running averages and its step count."""

    def __init__(self, model: GPT):
        self.model, self.params = model, model.parameters()
        self.m, self.v, self.t = [0.0] * len(self.params), [0.0] * len(self.params), 0

    def step(self, name: str, lr: float) -> float:
        """One step on one name: loss, backward(), one Adam update; returns the loss."""
        loss = self.model.loss(name)
        loss.backward()
        self.t += 1
        adam_step(self.params, self.m, self.v, self.t, lr)
        return loss.data


def training_order(names: list[str]) -> list[str]:
    """The names the course trains on (every 10th is held out), in the course's shuffled order."""
    order = [n for i, n in enumerate(names) if i % 10 != 9]
    random.Random(SEED).shuffle(order)
    return order


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=1000, help="training steps, one name each (1000)")
    parser.add_argument("--samples", type=int, default=10, help="names to invent at the end (10)")
    args = parser.parse_args()
    order = training_order(NAMES.read_text().split())
    trainer = Trainer(GPT())
    print(f"{len(trainer.params):,} parameters; training {args.steps} steps on {len(order):,} names")
    started = time.perf_counter()
    for k in range(args.steps):
        loss = trainer.step(order[k % len(order)], LEARNING_RATE * (1 - k / args.steps))
        if (k + 1) % 100 == 0 or k + 1 == args.steps:
            ms = (time.perf_counter() - started) * 1000 / (k + 1)
            print(f"step {k + 1:5}: loss {loss:.3f}  ({ms:.0f} ms a step)")
    rng = random.Random(0)
    print("names:", [trainer.model.sample(rng) for _ in range(args.samples)])  # '' is an empty name


if __name__ == "__main__":
    main()
