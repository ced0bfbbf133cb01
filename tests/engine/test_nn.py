"""engine.nn: micrograd's Module/Neuron/Layer/MLP, the same weights, order and gradients."""

import random

import pytest
from micrograd import engine as mg_engine
from micrograd import nn as mg_nn

from engine import Value
from engine.datasets import make_moons
from engine.nn import MLP, Layer, Module, Neuron


def test_parameters_go_layer_by_layer_neuron_by_neuron_weights_then_bias():
    model = MLP(2, [3, 1], seed=0)
    expected = [p for layer in model.layers for n in layer.neurons for p in [*n.w, n.b]]
    assert len(model.parameters()) == (2 * 3 + 3) + (3 * 1 + 1)
    assert all(a is b for a, b in zip(model.parameters(), expected, strict=True))
    assert all(isinstance(p, Value) for p in model.parameters())


def test_random_seed_1337_gives_micrograds_weights():
    random.seed(1337)
    theirs = [p.data for p in mg_nn.MLP(2, [16, 16, 1]).parameters()]
    state_after_theirs = random.getstate()
    random.seed(1337)
    ours = [p.data for p in MLP(2, [16, 16, 1]).parameters()]
    assert ours == theirs
    assert random.getstate() == state_after_theirs  # the same calls to random, no more, no fewer


def test_seed_gives_the_same_weights_and_leaves_the_global_random_state_alone():
    random.seed(1337)
    global_seeded = [p.data for p in MLP(2, [16, 16, 1]).parameters()]
    random.seed(42)
    state = random.getstate()
    seeded = [p.data for p in MLP(2, [16, 16, 1], seed=1337).parameters()]
    assert seeded == global_seeded
    assert random.getstate() == state
    assert [p.data for p in MLP(2, [16, 16, 1], seed=1337).parameters()] == seeded
    assert [p.data for p in MLP(2, [16, 16, 1], seed=1338).parameters()] != seeded


def test_reprs_are_micrographs():
    random.seed(0)
    assert repr(MLP(2, [16, 16, 1])) == repr(mg_nn.MLP(2, [16, 16, 1]))


def test_hidden_layers_use_relu_and_the_last_layer_is_linear():
    model = MLP(2, [4, 4, 1], seed=0)
    assert [n.nonlin for layer in model.layers for n in layer.neurons] == [True] * 8 + [False]
    neuron = Neuron(2, nonlin=True)
    neuron.w = [Value(-1.0), Value(-1.0)]
    assert neuron([1.0, 1.0]).data == 0.0
    assert Neuron(2, nonlin=False)([0.0, 0.0])._op == "w·x+b"  # the sum itself, no relu after it


def test_a_neurons_one_sum_node_gives_the_numbers_of_its_products_and_sums():
    """The same data and the same gradients, bit for bit, as b + w1*x1 + w2*x2 + ... node by node."""
    rng = random.Random(3)
    for nonlin in (True, False):
        n = Neuron(5, nonlin=nonlin, rng=rng)
        n.b.data = rng.uniform(-1, 1)
        x = [Value(rng.uniform(-2, 2)) for _ in range(4)] + [rng.uniform(-2, 2)]  # a plain number too
        fused = n(x)
        (fused * fused).backward()
        got = [v.grad for v in [*n.parameters(), *x[:4]]]
        for v in [*n.parameters(), *x[:4]]:
            v.grad = 0.0
        by_hand = sum((wi * xi for wi, xi in zip(n.w, x)), n.b)
        by_hand = by_hand.relu() if nonlin else by_hand
        (by_hand * by_hand).backward()
        assert fused.data == by_hand.data
        assert got == [v.grad for v in [*n.parameters(), *x[:4]]] and any(got)
        assert [c._op for c in fused._prev] == (["w·x+b"] if nonlin else [""] * 11)


def test_a_layer_of_one_neuron_returns_a_value_and_more_return_a_list():
    assert isinstance(Layer(2, 1)([1.0, 2.0]), Value)
    out = Layer(2, 3)([1.0, 2.0])
    assert isinstance(out, list) and len(out) == 3


def test_a_one_neuron_layer_can_feed_another_layer():
    model = MLP(2, [16, 1, 1], seed=0)
    out = model([Value(0.5), Value(-1.0)])
    assert isinstance(out, Value)
    out.backward()
    assert model.layers[-1].neurons[0].b.grad == 1.0


def test_micrograd_cannot_do_that():
    random.seed(0)
    with pytest.raises(TypeError):
        mg_nn.MLP(2, [16, 1, 1])([0.5, -1.0])


def test_zero_grad_resets_every_parameter():
    model = MLP(2, [4, 1], seed=0)
    model([Value(1.0), Value(2.0)]).backward()
    assert any(p.grad != 0 for p in model.parameters())
    model.zero_grad()
    assert all(p.grad == 0 for p in model.parameters())


def test_a_module_without_parameters():
    Module().zero_grad()
    assert Module().parameters() == []


def test_a_training_step_gives_micrographs_loss_and_gradients():
    """micrograd's demo loss on 20 moons points: the same numbers, up to rounding."""
    X, y = make_moons(20, noise=0.1, seed=1)

    def step(value_class, mlp_class):
        random.seed(1337)
        model = mlp_class(2, [16, 16, 1])
        scores = [model(list(map(value_class, x))) for x in X]
        losses = [(1 + -yi * si).relu() for yi, si in zip(y, scores)]
        loss = sum(losses) * (1.0 / len(losses)) + 1e-4 * sum(p * p for p in model.parameters())
        model.zero_grad()
        loss.backward()
        return loss.data, [p.grad for p in model.parameters()]

    ours_loss, ours = step(Value, MLP)
    theirs_loss, theirs = step(mg_engine.Value, mg_nn.MLP)
    assert ours_loss == pytest.approx(theirs_loss, rel=1e-12)
    assert ours == pytest.approx(theirs, rel=1e-9, abs=1e-12)
    assert any(g != 0 for g in ours)
