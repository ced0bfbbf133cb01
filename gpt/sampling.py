"""Each step of sampling a name: the GPT's 27 next-token probabilities, as learned and tempered."""

import random
from functools import cache

from gpt.model import BLOCK_SIZE, BOS, GPT, LETTERS, N_LAYER, VOCAB_SIZE, softmax

TOKENS = [*LETTERS, "end"]  # token 26 (BOS), when it is predicted, ends the name
LIMITS = {"temperature": (0.05, 5.0), "seed": 2**31 - 1}


def check_settings(temperature: float, seed: int) -> None:
    """ValueError saying what is wrong with a temperature or a seed, if anything."""
    low, high = LIMITS["temperature"]
    if (
        isinstance(temperature, bool)
        or not isinstance(temperature, (int, float))
        or not low <= temperature <= high
    ):
        raise ValueError(f"the temperature must be a number from {low} to {high:g}")
    if type(seed) is not int or not 0 <= seed <= LIMITS["seed"]:
        raise ValueError(f"the seed must be a whole number from 0 to {LIMITS['seed']:,}")


def sampling_steps(model: GPT, seed: int = 0, temperature: float = 0.5) -> dict:
    """GPT.sample's name for random.Random(seed), with each step's text so far, both sets of probabilities
    (learned: softmax of the scores; tempered: softmax of the scores / temperature) and the chosen token."""
    check_settings(temperature, seed)
    rng = random.Random(seed)
    keys, values = [[] for _ in range(N_LAYER)], [[] for _ in range(N_LAYER)]
    token, name, steps = BOS, "", []
    for pos in range(BLOCK_SIZE):
        scores = model(token, pos, keys, values)
        learned = [p.data for p in softmax(scores)]
        tempered = [p.data for p in softmax([s / temperature for s in scores])]
        # The same draw as GPT.sample, so the same seed writes the same name.
        token = rng.choices(range(VOCAB_SIZE), weights=tempered)[0]
        steps.append({"so_far": name, "learned": learned, "tempered": tempered, "chosen": token})
        if token == BOS:
            break
        name += LETTERS[token]
    return {"name": name, "seed": seed, "temperature": temperature, "tokens": TOKENS, "steps": steps}


def checkpoint_sampling(seed: int = 0, temperature: float = 0.5) -> dict:
    """The sampling picture's live half: {ok, name, seed, temperature, tokens, steps} from the shipped GPT."""
    return {"ok": True, **sampling_steps(_checkpoint(), seed, temperature)}


@cache
def _checkpoint() -> GPT:
    from gpt.checkpoint import load_checkpoint

    return load_checkpoint()[0]
