"""The learner's own engine: their lab code put together, run in the page and taken home."""
