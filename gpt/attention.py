"""Which earlier letters each position of a name looks at: the attention weights of the trained GPT."""

from functools import cache

from gpt.model import BLOCK_SIZE, GPT, LETTERS, N_HEAD, N_LAYER, encode

MAX_LETTERS = BLOCK_SIZE - 1  # BOS takes the first of the 16 positions


def check_name(name: str) -> str:
    """The name as the model reads it (lower case), or ValueError saying what is wrong with it."""
    name = name.strip().lower()
    if not name:
        raise ValueError("type a name: at least one letter")
    if any(c not in LETTERS for c in name):
        raise ValueError("use only the letters a to z")
    if len(name) > MAX_LETTERS:
        raise ValueError(f"the model reads at most {MAX_LETTERS} letters")
    return name


def attention_map(model: GPT, name: str, digits: int = 4) -> dict:
    """Each head's weights for the name, BOS first: heads[h][t][s] is how much position t looks at s <= t."""
    name = check_name(name)
    tokens = encode(name)[:-1]  # what the model reads; the final BOS is only ever predicted
    keys, values = [[] for _ in range(N_LAYER)], [[] for _ in range(N_LAYER)]
    rows: list[list[list[float]]] = []  # per position: one row per head
    for pos, token in enumerate(tokens):
        seen: list[list[float]] = []
        model(token, pos, keys, values, attention=seen)
        rows.append(seen[:N_HEAD])  # the first layer's heads
    heads = [[[round(w, digits) for w in rows[t][h]] for t in range(len(tokens))] for h in range(N_HEAD)]
    return {"name": name, "tokens": ["BOS", *name], "heads": heads}


def checkpoint_attention(name: str) -> dict:
    """The attention picture's live half: the shipped checkpoint's {ok, name, tokens, heads} for a name
    the learner typed (a ValueError says what is wrong with the name)."""
    return {"ok": True, **attention_map(_checkpoint(), name)}


@cache
def _checkpoint() -> GPT:
    from gpt.checkpoint import load_checkpoint

    return load_checkpoint()[0]
