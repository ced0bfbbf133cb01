"""The attention picture's live half: the shipped GPT's attention weights for a name the learner types."""

from functools import cache


@cache
def _model():
    from gpt.checkpoint import load_checkpoint

    return load_checkpoint()[0]


def weights(name: str) -> dict:
    """{ok, name, tokens, heads} for a name of letters a-z, or {ok: False, message} saying what is wrong."""
    from gpt.attention import attention_map

    try:
        return {"ok": True, **attention_map(_model(), name)}
    except ValueError as e:
        return {"ok": False, "message": str(e)}
