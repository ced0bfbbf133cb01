"""gpt/data/gpt_names.json: the GPT trained by scripts/train_gpt_checkpoint.py on our engine."""

import hashlib
import math
import random

import pytest

from gpt.checkpoint import load_checkpoint, model_from_lists, weights_to_lists
from gpt.model import GPT, VOCAB_SIZE
from gpt.names import load_names, split_names
from tests.repo import ROOT

VOWELS = set("aeiouy")


@pytest.fixture(scope="module")
def checkpoint():
    return load_checkpoint()


def test_the_record_describes_this_model_and_this_data(checkpoint):
    model, record = checkpoint
    assert record["config"]["parameters"] == len(model.parameters()) == 4192
    assert record["training"]["steps"] == len(record["loss_per_step"]) == 1000
    names_file = ROOT / record["data"]["file"]
    assert record["data"]["sha256"] == hashlib.sha256(names_file.read_bytes()).hexdigest()


def test_held_out_names_cost_far_less_than_a_uniform_guess(checkpoint):
    model, record = checkpoint
    _, held_out = split_names(load_names())
    sample = held_out[::43]  # 12 names from a to z that the model never trained on
    loss = sum(model.loss(name).data for name in sample) / len(sample)
    assert loss < math.log(VOCAB_SIZE) - 0.7, f"held-out loss {loss:.3f}, uniform guess {math.log(27):.3f}"
    assert record["losses"]["held_out_mean"] < math.log(VOCAB_SIZE) - 0.7


def test_samples_look_like_names_and_repeat_with_their_seed(checkpoint):
    model, record = checkpoint
    settings = record["samples"]
    rng = random.Random(settings["seed"])
    names = [model.sample(rng, settings["temperature"]) for _ in range(len(settings["names"]))]
    assert names == settings["names"]
    assert all(2 <= len(n) <= 12 and n.isalpha() and set(n) & VOWELS for n in names), names


def test_weights_survive_the_trip_through_plain_lists():
    model = GPT(seed=9)
    again = model_from_lists(weights_to_lists(model, digits=12))
    original = [p.data for p in model.parameters()]
    assert [p.data for p in again.parameters()] == pytest.approx(original, abs=1e-12)
    broken = weights_to_lists(model)
    broken["wpe"] = broken["wpe"][:-1]
    with pytest.raises(ValueError, match="wpe"):
        model_from_lists(broken)
