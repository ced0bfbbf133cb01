"""Hypothesis settings for the GPT tests."""

from hypothesis import settings

# No per-example deadline: a busy 2-core CI machine must not turn a slow example into a failure.
settings.register_profile("gpt", deadline=None, print_blob=True)
settings.load_profile("gpt")
