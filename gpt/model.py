"""A tiny GPT on Value that reads and writes names one letter at a time (microgpt's design)."""

import math
import operator
import random

from engine.value import Value

LETTERS = "abcdefghijklmnopqrstuvwxyz"
BOS = len(LETTERS)  # token 26 begins every name and, predicted, ends it
VOCAB_SIZE = len(LETTERS) + 1
BLOCK_SIZE, N_EMBD, N_HEAD, N_LAYER, MLP_WIDTH = 16, 16, 4, 1, 64
HEAD_DIM = N_EMBD // N_HEAD


def encode(name: str) -> list[int]:
    """A name as tokens, with BOS on both sides: "ab" -> [26, 0, 1, 26]."""
    return [BOS] + [LETTERS.index(c) for c in name] + [BOS]


def dot(ws: list, xs: list) -> Value:
    """w1*x1 + w2*x2 + ... as one node, which stores what its * and + nodes would pass on: x to each w,
    w to each x (a plain number is a constant, not a child). Added in the order sum() adds the products,
    so its number is theirs exactly."""
    if len(ws) != len(xs):
        raise ValueError(f"dot() of {len(ws)} weights and {len(xs)} inputs: they must be as many")
    if not all(isinstance(v, Value) for v in (*ws, *xs)):
        return _dot_with_numbers(ws, xs)
    wd, xd = [w.data for w in ws], [x.data for x in xs]
    total = 0
    for a, b in zip(wd, xd):
        total += a * b
    return Value(total, (*ws, *xs), "dot", (*xd, *wd))


def _dot_with_numbers(ws: list, xs: list) -> Value:
    """dot() where some of the factors are plain numbers: those are constants, not children."""
    total, children, grads = 0, [], []
    for w, x in zip(ws, xs):
        a, b = (w.data if isinstance(w, Value) else w), (x.data if isinstance(x, Value) else x)
        total += a * b
        for factor, other in ((w, b), (x, a)):
            if isinstance(factor, Value):
                children.append(factor)
                grads.append(other)
    return Value(total, tuple(children), "dot", tuple(grads))


def linear(x: list[Value], w: list[list[Value]]) -> list[Value]:
    """Each row of w dotted with x: a layer without bias, one dot node per output."""
    return [dot(row, x) for row in w]


def softmax(logits: list[Value]) -> list[Value]:
    """Scores to probabilities; the largest score is subtracted first so exp() cannot overflow."""
    top = max(v.data for v in logits)
    exps = [(v - top).exp() for v in logits]
    total = sum(exps)
    return [e / total for e in exps]


def cross_entropy(logits: list[Value], target: int) -> Value:
    """-log softmax(logits)[target] as one node; its local gradient to each score is p - (1 if it is the
    target's). Its number is the one softmax() then -log would give, operation for operation."""
    top = max(v.data for v in logits)
    exps = [math.exp(v.data - top) for v in logits]
    total = 0
    for e in exps:
        total += e
    grads = [e / total for e in exps]
    grads[target] -= 1
    return Value(-math.log(exps[target] / total), tuple(logits), "cross-entropy", tuple(grads))


def rmsnorm(x: list[Value]) -> list[Value]:
    """x rescaled to a root mean square of 1; the scale (mean of squares + 1e-5) ** -0.5 is one node."""
    n, squares = len(x), 0
    for xi in x:
        squares += xi.data * xi.data
    mean = squares / n + 1e-5
    scale = mean**-0.5
    # d scale / d xi = -0.5 * mean ** -1.5 * 2 * xi / n
    slope = -scale / mean / n
    scale = Value(scale, tuple(x), "rms⁻¹", tuple(slope * xi.data for xi in x))
    return [xi * scale for xi in x]


class GPT:
    """Token and position embeddings, attention + MLP blocks with residuals, and a readout to 27 scores."""

    # The pieces the passes are made of: the fused ones above. gpt/plain.py's PlainGPT swaps in pieces
    # that make a node for every * and +, and gets the same numbers.
    dot, linear, rmsnorm, cross_entropy = map(staticmethod, (dot, linear, rmsnorm, cross_entropy))
    softmax, relu = staticmethod(softmax), operator.methodcaller("relu")  # x.relu() on x's own engine

    def __init__(self, seed: int | None = None):
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

    def parameters(self) -> list[Value]:
        return [p for w in self.weights.values() for row in w for p in row]

    def __call__(
        self, token: int, pos: int, keys: list[list], values: list[list], attention: list | None = None
    ) -> list[Value]:
        """Scores for the token after this one; keys and values of earlier positions are kept per layer.

        attention, when given a list, gets each head's weights over positions 0..pos (layer by layer)."""
        w, dot, linear, rmsnorm, softmax, relu = (
            self.weights, self.dot, self.linear, self.rmsnorm, self.softmax, self.relu
        )
        x = rmsnorm([t + p for t, p in zip(w["wte"][token], w["wpe"][pos])])
        for i in range(N_LAYER):
            # Attention: each head mixes the values of this and earlier positions (never later ones).
            h = rmsnorm(x)
            q = linear(h, w[f"layer{i}.wq"])
            keys[i].append(linear(h, w[f"layer{i}.wk"]))
            values[i].append(linear(h, w[f"layer{i}.wv"]))
            heads = []
            for s in range(0, N_EMBD, HEAD_DIM):
                qh = q[s : s + HEAD_DIM]
                scores = [dot(qh, k[s : s + HEAD_DIM]) / math.sqrt(HEAD_DIM) for k in keys[i]]
                weights = softmax(scores)
                if attention is not None:
                    attention.append([a.data for a in weights])  # (the Value model's: numbers have no .data)
                heads += [dot(weights, [v[j] for v in values[i]]) for j in range(s, s + HEAD_DIM)]
            x = [a + b for a, b in zip(x, linear(heads, w[f"layer{i}.wo"]))]
            # MLP: widen, ReLU, narrow back.
            h = [relu(hi) for hi in linear(rmsnorm(x), w[f"layer{i}.fc1"])]
            x = [a + b for a, b in zip(x, linear(h, w[f"layer{i}.fc2"]))]
        return linear(x, w["lm_head"])

    def loss(self, name: str) -> Value:
        """Mean cross-entropy of predicting each next token of the name, BOS to BOS."""
        tokens = encode(name)
        n = min(BLOCK_SIZE, len(tokens) - 1)
        keys, values = [[] for _ in range(N_LAYER)], [[] for _ in range(N_LAYER)]
        losses = [self.cross_entropy(self(tokens[p], p, keys, values), tokens[p + 1]) for p in range(n)]
        return sum(losses) / n

    def sample(self, rng: random.Random, temperature: float = 0.5) -> str:
        """A new name, one letter at a time, until BOS comes out; lower temperature plays safer. It runs
        on the parameters' numbers (NumbersGPT): nothing asks for a gradient, so no graph is built."""
        model = NumbersGPT(self)
        keys, values = [[] for _ in range(N_LAYER)], [[] for _ in range(N_LAYER)]
        token, name = BOS, ""
        for pos in range(BLOCK_SIZE):
            probs = model.softmax([s / temperature for s in model(token, pos, keys, values)])
            token = rng.choices(range(VOCAB_SIZE), weights=probs)[0]
            if token == BOS:
                break
            name += LETTERS[token]
        return name


class NumbersGPT(GPT):
    """A GPT's forward pass on plain floats (its parameters' .data), for sampling: about 3x faster than
    on Values, as it makes no nodes. Each number equals the Value model's, operation for operation."""

    def __init__(self, model: GPT):
        self.weights = {k: [[p.data for p in row] for row in w] for k, w in model.weights.items()}

    @staticmethod
    def dot(ws: list[float], xs: list[float]) -> float:
        total = 0
        for a, b in zip(ws, xs):
            total += a * b
        return total

    @staticmethod
    def linear(x: list[float], w: list[list[float]]) -> list[float]:
        return [NumbersGPT.dot(row, x) for row in w]

    @staticmethod
    def rmsnorm(x: list[float]) -> list[float]:
        squares = 0
        for xi in x:
            squares += xi * xi
        scale = (squares / len(x) + 1e-5) ** -0.5
        return [xi * scale for xi in x]

    @staticmethod
    def softmax(logits: list[float]) -> list[float]:
        top = max(logits)
        exps = [math.exp(v - top) for v in logits]
        total = sum(exps)
        return [e / total for e in exps]

    @staticmethod
    def relu(x: float) -> float:
        return x if x > 0 else 0.0


class Adam:
    """Gradient descent with momentum (beta1) and steps scaled per parameter by recent gradients (beta2)."""

    def __init__(self, params: list[Value], beta1: float = 0.85, beta2: float = 0.99, eps: float = 1e-8):
        self.params, self.beta1, self.beta2, self.eps = params, beta1, beta2, eps
        self.m, self.v, self.t = [0.0] * len(params), [0.0] * len(params), 0

    def step(self, lr: float) -> None:
        """Move every parameter against its gradient, then zero the gradient."""
        self.t += 1
        b1, b2, m, v = self.beta1, self.beta2, self.m, self.v
        fix1, fix2 = 1 - b1**self.t, 1 - b2**self.t  # the corrections for m and v starting at 0
        for i, p in enumerate(self.params):
            g = p.grad
            m[i] = b1 * m[i] + (1 - b1) * g
            v[i] = b2 * v[i] + (1 - b2) * g**2
            p.data -= lr * (m[i] / fix1) / (math.sqrt(v[i] / fix2) + self.eps)
            p.grad = 0.0


def train_step(model: GPT, adam: Adam, name: str, lr: float) -> float:
    """One step on one name: loss, backward, Adam update; returns the loss."""
    loss = model.loss(name)
    loss.backward()
    adam.step(lr)
    return loss.data
