"""Where the repository's parts are, for tests and benches: the root named once."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LESSONS = ROOT / "lessons"
BUILD = ROOT / "build"
