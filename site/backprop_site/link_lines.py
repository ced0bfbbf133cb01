"""MkDocs' link and nav warnings, and its error for a missing snippet (pymdownx.snippets), name the
lesson file; this filter adds the line, relative to the course's folder, so every build error reads
`lessons/a.md:12: ...`."""

import logging
import re
from pathlib import Path

from lab_checks.grading.contract import relative

LINK_WARNING = re.compile(r"^Doc file '(?P<src>[^']+)' contains (?:a|an \w+(?: \w+)?) link '(?P<link>[^']+)'")
OMITTED = 'The following pages exist in the docs directory, but are not included in the "nav"'
# MkDocs logs an exception a page's Markdown raised as this error before it stops the build.
MISSING_SNIPPET = re.compile(r"^Error reading page '(?P<src>[^']+)': Snippet at path '(?P<link>[^']+)' could")
LOGGERS = ("mkdocs.structure.pages", "mkdocs.structure.nav", "mkdocs.commands.build")


class LinkLines(logging.Filter):
    """Rewrites the warnings of MkDocs' validation to start with file:line (it never drops a record)."""

    def __init__(self, docs_dir: Path, root: Path) -> None:
        super().__init__()
        self.docs_dir = docs_dir
        self.root = root

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        found = LINK_WARNING.match(message) or MISSING_SNIPPET.match(message)
        if found:
            record.msg, record.args = f"{self.where(found['src'], found['link'])}: {message}", None
        elif message.startswith(OMITTED):
            lines = [line.strip()[2:] for line in message.splitlines()[1:]]
            record.msg = "\n".join(
                f"{relative(self.docs_dir / src, self.root)}:1: a page outside nav; add it to nav in "
                "mkdocs.yml (or to not_in_nav, for pages that are not lessons)"
                for src in lines
            )
            record.args = None
        return True

    def where(self, src: str, link: str) -> str:
        """file:line of the first line of src that holds the link (or snippet path)."""
        path = self.docs_dir / src
        try:
            lines = path.read_text().splitlines()
        except OSError:
            return relative(path, self.root)
        for n, line in enumerate(lines, 1):
            if f"({link}" in line or f"<{link}>" in line or f'"{link}"' in line:
                return f"{relative(path, self.root)}:{n}"
        return f"{relative(path, self.root)}:1"

    def install(self) -> None:
        for name in LOGGERS:
            logger = logging.getLogger(name)
            for old in [f for f in logger.filters if isinstance(f, LinkLines)]:
                logger.removeFilter(old)
            logger.addFilter(self)
