"""A name's loss letter by letter: each position's probability of the right next token and its -ln p."""

import math
from functools import cache

from gpt.attention import check_name
from gpt.model import BLOCK_SIZE, GPT, N_LAYER, encode, softmax
from gpt.train import SEED


def letter_losses(model: GPT, name: str) -> dict:
    """Per position: the token read, the right next one, its probability p and -ln p; their total, and the
    mean, which is model.loss(name)."""
    name = check_name(name)
    tokens = encode(name)
    n = min(BLOCK_SIZE, len(tokens) - 1)
    spelled = ["BOS", *name, "end"]  # the first BOS is read, the last one predicted: the end of the name
    keys, values = [[] for _ in range(N_LAYER)], [[] for _ in range(N_LAYER)]
    rows = []
    for pos in range(n):
        p = softmax(model(tokens[pos], pos, keys, values))[tokens[pos + 1]].data
        rows.append({"reads": spelled[pos], "next": spelled[pos + 1], "p": p, "loss": -math.log(p)})
    total = sum(row["loss"] for row in rows)
    return {"rows": rows, "total": total, "loss": total / n}


def compare_losses(name: str) -> dict:
    """The trained checkpoint's letter-by-letter loss on the name beside the untrained GPT's (seed 42, the
    weights training started from)."""
    name = check_name(name)
    trained, untrained = _models()
    return {
        "name": name,
        "models": [
            {"model": "trained", **letter_losses(trained, name)},
            {"model": "untrained", **letter_losses(untrained, name)},
        ],
    }


def checkpoint_losses(name: str) -> dict:
    """The loss picture's live half: {ok, name, models} for a typed name (ValueError: what is wrong)."""
    return {"ok": True, **compare_losses(name)}


@cache
def _models() -> tuple[GPT, GPT]:
    from gpt.checkpoint import load_checkpoint

    return load_checkpoint()[0], GPT(seed=SEED)
