"""Writes gpt/data/names.txt from the US Census 1990 first-name lists in the `names` package."""

from importlib.resources import files
from pathlib import Path

SOURCES = ("dist.female.first", "dist.male.first")
TARGET = Path(__file__).resolve().parent.parent / "gpt" / "data" / "names.txt"


def names_text() -> str:
    """Every first name in both lists, lower-cased, deduplicated, in alphabetical order, one a line."""
    names = set()
    for source in SOURCES:
        # Each line is "NAME  frequency  cumulative-frequency  rank"; only the name is kept.
        for line in files("names").joinpath(source).read_text().splitlines():
            if line.strip():
                names.add(line.split()[0].lower())
    return "".join(f"{name}\n" for name in sorted(names))


if __name__ == "__main__":
    TARGET.write_text(names_text())
    print(f"wrote {len(names_text().splitlines())} names to {TARGET}")
