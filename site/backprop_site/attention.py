"""The attention picture's marker in a lesson, and its numbers: the shipped GPT's weights, at build time."""

import re
from functools import cache

from gpt.attention import attention_map
from gpt.checkpoint import load_checkpoint

# A line of its own in a lesson: <div class="bp-attention" data-name="emma"></div>
MARKER = re.compile(r'^<div class="bp-attention" data-name="([^"]*)"></div>$', re.M)


@cache
def _model():
    return load_checkpoint()[0]


def attention_data(name: str) -> dict:
    """The trained GPT's attention on the name: tokens and each head's weights (ValueError if no name)."""
    return attention_map(_model(), name)
