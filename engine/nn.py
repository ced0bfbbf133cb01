"""A tiny neural-net library on Value, with micrograd's semantics and calls to random."""

import random

from engine.value import Value

WEIGHTED_SUM = "w·x+b"  # the operation of a neuron's weighted sum, one node


class Module:
    """Something with parameters whose gradients can be reset."""

    def zero_grad(self):
        for p in self.parameters():
            p.grad = 0

    def parameters(self):
        return []


class Neuron(Module):
    """Weighted sum of the inputs plus a bias, through a ReLU unless it is linear."""

    def __init__(self, nin, nonlin=True, rng=None):
        rng = rng or random
        self.w = [Value(rng.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0)
        self.nonlin = nonlin

    def __call__(self, x):
        # One node for b + w1*x1 + w2*x2 + ..., not a * and a + per input (those were five sixths of
        # a training step's nodes). It stores what the * and + would pass on: x1 for w1, w1 for x1, 1 for b.
        act, children, local_grads = self.b.data, [], []
        for wi, xi in zip(self.w, x):
            if not isinstance(xi, Value):
                xi = Value(xi)
            act += wi.data * xi.data
            children += (wi, xi)
            local_grads += (xi.data, wi.data)
        act = Value(act, (*children, self.b), WEIGHTED_SUM, (*local_grads, 1.0))
        return act.relu() if self.nonlin else act

    def parameters(self):
        return self.w + [self.b]

    def __repr__(self):
        return f"{'ReLU' if self.nonlin else 'Linear'}Neuron({len(self.w)})"


class Layer(Module):
    """Neurons that all see the same inputs; one output returns a Value, more return a list."""

    def __init__(self, nin, nout, rng=None, **kwargs):
        self.neurons = [Neuron(nin, rng=rng, **kwargs) for _ in range(nout)]

    def __call__(self, x):
        out = [n(x) for n in self.neurons]
        return out[0] if len(out) == 1 else out

    def parameters(self):
        return [p for n in self.neurons for p in n.parameters()]

    def __repr__(self):
        return f"Layer of [{', '.join(str(n) for n in self.neurons)}]"


class MLP(Module):
    """Layers in sequence: ReLU hidden layers, a linear last layer."""

    def __init__(self, nin, nouts, seed=None):
        # A seed gives its own generator, so the global random state is left alone.
        rng = random.Random(seed) if seed is not None else None
        sz = [nin] + nouts
        self.layers = [
            Layer(sz[i], sz[i + 1], rng=rng, nonlin=i != len(nouts) - 1) for i in range(len(nouts))
        ]

    def __call__(self, x):
        for layer in self.layers:
            # A one-neuron layer returns a Value; the next layer still needs a list of inputs.
            x = layer([x] if isinstance(x, Value) else x)
        return x

    def parameters(self):
        return [p for layer in self.layers for p in layer.parameters()]

    def __repr__(self):
        return f"MLP of [{', '.join(str(layer) for layer in self.layers)}]"
