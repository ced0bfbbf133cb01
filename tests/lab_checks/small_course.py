"""A small copy of the course in a temporary folder (a few lessons, the slope lab's grader, the real
`validation:` of mkdocs.yml), built in this process with the real plugin: fast enough to break it
ten ways in one test run."""

import logging
import os
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from mkdocs.commands.build import build
from mkdocs.config import load_config

from tests.repo import ROOT

SLOPE_LAB = '```python lab="slope"\ndef slope(f, x, h=1e-5):\n    return 0.0  # your code here\n```\n'
# The course's own link and nav rules, word for word.
VALIDATION = re.search(r"^validation:\n(?:  .*\n)+", (ROOT / "mkdocs.yml").read_text(), re.M)[0]
CONFIG = f"""site_name: a small course
docs_dir: lessons
site_dir: build/site
use_directory_urls: true
strict: true
plugins:
  - backprop:
      assets: false
markdown_extensions:
  - md_in_html  # the course map is Markdown inside its <div>, as in the course's mkdocs.yml
  - pymdownx.snippets:  # as in the course's mkdocs.yml
      base_path: !relative $config_dir
      check_paths: true
{VALIDATION}
nav:
  - Home: index.md
  - Slopes:
      - slopes/nudge-it.md
  - More:
      - more/first.md
      - more/second.md
"""
LESSONS = {
    "index.md": '# Home\n\n<div class="bp-course-map"></div>\n\nStart with [](slopes/nudge-it.md).\n',
    "slopes/nudge-it.md": "# Nudge it\n\nSee lesson [#](../more/second.md).\n\n## Lab\n\n" + SLOPE_LAB,
    "more/first.md": "# First\n\nText.\n\n## A part\n\nMore text.\n",
    "more/second.md": "# Second\n\nBack to [the first](first.md#a-part).\n",
}


@dataclass
class Built:
    ok: bool
    errors: str  # the build's error and warnings, as an author reads them


class SmallCourse:
    """The course's files in folder; edit them, then build()."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        (folder / "mkdocs.yml").write_text(CONFIG)
        for name, text in LESSONS.items():
            self.write(f"lessons/{name}", text)
        (folder / "lab_checks").mkdir()
        shutil.copy(ROOT / "lab_checks" / "slope.py", folder / "lab_checks" / "slope.py")

    def write(self, name: str, text: str) -> None:
        path = self.folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)

    def read(self, name: str) -> str:
        return (self.folder / name).read_text()

    def edit(self, name: str, old: str, new: str) -> None:
        text = self.read(name)
        assert text.count(old) == 1, f"{old!r} is not once in {name}"
        self.write(name, text.replace(old, new))

    def line_of(self, name: str, text: str) -> int:
        """The line of name that contains text (the line a build error must name)."""
        lines = [n for n, line in enumerate(self.read(name).splitlines(), 1) if text in line]
        assert lines, f"{text!r} not in {name}"
        return lines[0]

    def build(self) -> Built:
        os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
        messages = _Messages()
        logger = logging.getLogger("mkdocs")
        logger.addHandler(messages)
        try:
            config = load_config(str(self.folder / "mkdocs.yml"))
            config.plugins.on_startup(command="build", dirty=False)
            build(config)
        except (Exception, SystemExit) as e:
            return Built(False, "\n".join([*messages.lines, str(e)]))
        finally:
            logger.removeHandler(messages)
        return Built(not messages.lines, "\n".join(messages.lines))

    def html(self, url: str) -> str:
        return (self.folder / "build" / "site" / url / "index.html").read_text()


class _Messages(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())
