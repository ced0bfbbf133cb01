"""Preload hints in <head> on pages that run Python: the worker and Pyodide download as the page parses."""

import re

from mkdocs.utils import get_relative_url

# The same test as main.js's: run cells, labs, the GPT pictures, either trainer or engine/ start Python.
RUNS_PYTHON = re.compile(
    r'data-kind="(?:run|lab|attention|sampling|letter-loss|gradient-check)"|class="bp-(?:moons-trainer|names-trainer|engine-source)"'
)
# Fetched by the worker as modules (script) or with fetch(): the same URL, mode and credentials as the
# worker's own requests, so the worker's request is answered by this download (the HTTP cache, or our
# service worker), never a second one. crossorigin makes a same-origin request CORS-mode, as fetch() is.
SCRIPTS = ("assets/backprop/boot.js",)
MODULES = ("assets/backprop/worker.js", "assets/pyodide/pyodide.mjs", "assets/pyodide/pyodide.asm.mjs")
# Not pyodide.asm.wasm: a private window's in-memory HTTP cache keeps no file that big, so the worker would
# download it again; the worker starts that download itself, first thing (worker.js).
FETCHED = ("assets/pyodide/python_stdlib.zip", "assets/pyodide/pyodide-lock.json")


def runs_python(page_html: str) -> bool:
    """Whether the page has a widget that needs Python."""
    return RUNS_PYTHON.search(page_html) is not None


def add_preload_hints(page_html: str, page_url: str, python_hash: str) -> str:
    """Hints and the boot script at the top of <head> on a page that runs Python; other pages unchanged."""
    if not runs_python(page_html):
        return page_html
    url = lambda path: get_relative_url(path, page_url)  # noqa: E731  works under any sub-path
    python_zip = f"{url('assets/backprop/python.zip')}?v={python_hash}"  # as the worker asks for it
    tags = [f'<script type="module" async src="{url(p)}"></script>' for p in SCRIPTS]
    # as=script, not modulepreload: the worker's module map is not the page's, and a modulepreload would
    # spend the page's main thread compiling 1.3 MB of Pyodide's JavaScript that only the worker runs.
    tags += [f'<link rel="preload" as="script" crossorigin href="{url(p)}">' for p in MODULES]
    fetched = [*(url(p) for p in FETCHED), python_zip]
    tags += [f'<link rel="preload" as="fetch" crossorigin href="{href}">' for href in fetched]
    return page_html.replace("<head>", "<head>\n" + "\n".join(tags), 1)
