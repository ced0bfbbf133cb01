"""Hypothesis settings for the engine tests."""

from hypothesis import settings

# No per-example deadline: a busy 2-core CI machine must not turn a slow example into a failure.
settings.register_profile("engine", deadline=None, print_blob=True)
settings.load_profile("engine")
