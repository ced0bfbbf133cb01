"""micrograd's MLP on my_engine, for the moons page: a neuron is sum(w * x) + b, then a ReLU, with the
same random weights as the course's engine.nn.MLP of the same seed."""

import random

from my_engine import Value


class Neuron:
    def __init__(self, nin: int, nonlin: bool, rng: random.Random):
        self.w = [Value(rng.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0)
        self.nonlin = nonlin

    def __call__(self, x: list):
        act = sum((wi * xi for wi, xi in zip(self.w, x)), self.b)
        return act.relu() if self.nonlin else act

    def parameters(self) -> list:
        return self.w + [self.b]


class Layer:
    def __init__(self, nin: int, nout: int, nonlin: bool, rng: random.Random):
        self.neurons = [Neuron(nin, nonlin, rng) for _ in range(nout)]

    def __call__(self, x: list) -> list:
        return [n(x) for n in self.neurons]

    def parameters(self) -> list:
        return [p for n in self.neurons for p in n.parameters()]


class MLP:
    """Layers in sequence: ReLU hidden layers, a linear last one; one output is a Value, not a list."""

    def __init__(self, nin: int, nouts: list[int], seed: int | None = None):
        rng = random.Random(seed)
        sizes = [nin, *nouts]
        self.layers = [Layer(sizes[i], sizes[i + 1], i != len(nouts) - 1, rng) for i in range(len(nouts))]

    def __call__(self, x: list):
        for layer in self.layers:
            x = layer(x)
        return x[0] if len(x) == 1 else x

    def parameters(self) -> list:
        return [p for layer in self.layers for p in layer.parameters()]

    def zero_grad(self) -> None:
        for p in self.parameters():
            p.grad = 0.0
