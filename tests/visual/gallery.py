"""A small site of test diagrams (tests/visual/pages/), built with the real plugin and theme, so
screenshots and stress tests do not change whenever a lesson does."""

import functools
import os
import subprocess
import sys
from pathlib import Path

from tests.repo import ROOT
from tests.site_server import SiteHandler, SiteServer

PAGES = Path(__file__).resolve().parent / "pages"
# The gallery has no labs, so the course's graders are not its business: skip the orphan check.
BUILD = """
import logging
import sys

from backprop_site.labs import LabRegistry
from mkdocs.commands.build import build
from mkdocs.config import load_config

LabRegistry.check_orphans = lambda self: None
logging.basicConfig(level=logging.WARNING, format="%(levelname)s - %(message)s")
# The course's mkdocs.yml with other pages; an empty nav lists whatever pages there are.
build(load_config(sys.argv[1], docs_dir=sys.argv[2], site_dir=sys.argv[3], strict=True, nav=[]))
"""


def build_pages(pages: Path, site_dir: Path) -> subprocess.CompletedProcess:
    """mkdocs build of the Markdown pages in `pages` into site_dir, with the course's mkdocs.yml otherwise."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    args = [str(ROOT / "mkdocs.yml"), str(pages), str(site_dir)]
    return subprocess.run(
        [sys.executable, "-c", BUILD, *args], cwd=ROOT, env=env, capture_output=True, text=True
    )


def build_gallery(site_dir: Path) -> Path:
    """The gallery (tests/visual/pages/) built into site_dir."""
    done = build_pages(PAGES, site_dir)
    if done.returncode != 0:
        raise RuntimeError(f"the gallery did not build:\n{done.stderr}")
    return site_dir


def serve(site_dir: Path) -> str:
    """A local static server for site_dir (no special headers); its base URL."""
    return SiteServer.started(functools.partial(SiteHandler, directory=str(site_dir))).url
