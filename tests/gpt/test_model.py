"""gpt.model: microgpt's model on Value — sizes, pieces checked against plain floats, Adam, sampling."""

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import Value
from gpt.model import (
    BOS,
    GPT,
    N_LAYER,
    VOCAB_SIZE,
    Adam,
    NumbersGPT,
    encode,
    linear,
    rmsnorm,
    softmax,
    train_step,
)
from tests.engine.gradcheck import check_gradients

scores = st.lists(st.floats(-30, 30), min_size=2, max_size=6)


def test_the_model_has_microgpts_4192_parameters():
    model = GPT(seed=0)
    shapes = {name: (len(w), len(w[0])) for name, w in model.weights.items()}
    assert shapes["wte"] == shapes["lm_head"] == (27, 16) and shapes["wpe"] == (16, 16)
    assert shapes["layer0.fc1"] == (64, 16) and shapes["layer0.fc2"] == (16, 64)
    assert len(model.parameters()) == len(set(map(id, model.parameters()))) == 4192


def test_names_become_tokens_between_two_bos():
    assert (BOS, VOCAB_SIZE) == (26, 27)
    assert encode("emma") == [26, 4, 12, 12, 0, 26]


@given(scores)
def test_softmax_is_a_distribution_with_the_right_gradients(xs):
    probs = softmax([Value(x) for x in xs])
    assert math.isclose(sum(p.data for p in probs), 1.0) and all(p.data >= 0 for p in probs)
    coefficients = [(i % 3) - 1.0 for i in range(len(xs))]  # a mix of outputs, so every one is checked

    def on_floats(*x):
        top = max(x)
        exps = [math.exp(v - top) for v in x]
        return sum(c * e / sum(exps) for c, e in zip(coefficients, exps))

    check_gradients(lambda *v: sum(c * p for c, p in zip(coefficients, softmax(list(v)))), on_floats, *xs)


def test_softmax_does_not_overflow_on_large_scores():
    assert [round(p.data, 6) for p in softmax([Value(1000.0), Value(1000.0)])] == [0.5, 0.5]


@given(st.lists(st.floats(-10, 10), min_size=2, max_size=6))
def test_rmsnorm_has_the_right_values_and_gradients(xs):
    coefficients = [1.0 + i for i in range(len(xs))]

    def on_floats(*x):
        scale = (sum(v * v for v in x) / len(x) + 1e-5) ** -0.5
        return sum(c * v * scale for c, v in zip(coefficients, x))

    check_gradients(lambda *v: sum(c * y for c, y in zip(coefficients, rmsnorm(list(v)))), on_floats, *xs,
                    scale=1e3)


def test_linear_is_rows_dotted_with_the_input():
    w = [[Value(1.0), Value(2.0)], [Value(-1.0), Value(0.5)]]
    assert [y.data for y in linear([Value(3.0), Value(4.0)], w)] == [11.0, -1.0]


def test_an_untrained_model_guesses_about_uniformly():
    model = GPT(seed=1)
    loss = sum(model.loss(n).data for n in ["emma", "olivia", "ava"]) / 3
    assert abs(loss - math.log(27)) < 0.1


def test_backward_gives_the_central_differences_of_the_loss():
    model = GPT(seed=2)
    loss = model.loss("ada")
    loss.backward()
    w = model.weights
    for p in random.Random(0).sample(model.parameters(), 4) + [w["wte"][0][0], w["layer0.wq"][3][5]]:
        x, h = p.data, 1e-6
        p.data = x + h
        up = model.loss("ada").data
        p.data = x - h
        down = model.loss("ada").data
        p.data = x
        assert p.grad == pytest.approx((up - down) / (2 * h), rel=1e-4, abs=1e-8)


def test_a_later_letter_cannot_change_the_scores_at_an_earlier_position():
    model = GPT(seed=3)
    first = []
    for name in ["abc", "abz"]:
        keys, values = [[]], [[]]
        tokens = encode(name)
        first.append([[s.data for s in model(tokens[p], p, keys, values)] for p in range(len(tokens) - 1)])
    assert first[0][:3] == first[1][:3] and first[0][3] != first[1][3]


def test_one_adam_step_matches_the_formula():
    p = Value(1.0)
    p.grad = 0.5
    adam = Adam([p])
    adam.step(lr=0.01)
    m, v = 0.15 * 0.5 / 0.15, 0.01 * 0.25 / 0.01  # bias-corrected first and second moments
    assert p.data == pytest.approx(1.0 - 0.01 * m / (math.sqrt(v) + 1e-8)) and p.grad == 0.0
    p.grad = -0.5
    adam.step(lr=0.01)
    m2 = (0.85 * 0.075 + 0.15 * -0.5) / (1 - 0.85**2)
    v2 = (0.99 * 0.0025 + 0.01 * 0.25) / (1 - 0.99**2)
    assert p.data == pytest.approx(0.99 - 0.01 * m2 / math.sqrt(v2))


def test_training_steps_on_one_name_lower_its_loss():
    model = GPT(seed=4)
    adam = Adam(model.parameters())
    losses = [train_step(model, adam, "emma", lr=0.01) for _ in range(5)]
    assert losses[-1] < losses[0] - 0.5


def test_sampling_is_deterministic_with_a_seed_and_spells_letters():
    model = GPT(seed=5)
    rng_a, rng_b = random.Random(7), random.Random(7)
    a = [model.sample(rng_a, temperature=1.0) for _ in range(2)]
    assert a == [model.sample(rng_b, temperature=1.0) for _ in range(2)]
    assert all(set(n) <= set("abcdefghijklmnopqrstuvwxyz") and len(n) <= 16 for n in a)


@given(st.integers(0, 2**16), st.lists(st.integers(0, VOCAB_SIZE - 1), min_size=1, max_size=16))
def test_sampling_on_numbers_gives_the_value_models_scores_bit_for_bit(seed, tokens):
    model = GPT(seed=seed)
    numbers = NumbersGPT(model)
    ours = [[] for _ in range(N_LAYER)], [[] for _ in range(N_LAYER)]
    theirs = [[] for _ in range(N_LAYER)], [[] for _ in range(N_LAYER)]
    for pos, token in enumerate(tokens):
        assert numbers(token, pos, *theirs) == [v.data for v in model(token, pos, *ours)]
