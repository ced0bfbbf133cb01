"""The first names the GPT learns from: gpt/data/names.txt, and the names held out of training."""

from importlib.resources import files


def load_names() -> list[str]:
    """The 5,163 US Census 1990 first names of gpt/data/names.txt: lower case, a to z, sorted."""
    return files("gpt").joinpath("data", "names.txt").read_text().split()


def split_names(names: list[str]) -> tuple[list[str], list[str]]:
    """Training and held-out names: every 10th name (the 10th, 20th, ...) is held out."""
    return [n for i, n in enumerate(names) if i % 10 != 9], names[9::10]
