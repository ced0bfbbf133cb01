"""The service worker: sw.js at the site root, with the list of files to keep for offline use."""

import hashlib
import json
from pathlib import Path

from backprop_site.assets import FRONTEND
from backprop_site.security import ISOLATION_HEADERS, WORKER_POLICY, WORKER_SCRIPT

TEMPLATE = FRONTEND / "offline" / "sw.js"
PYODIDE_DIR = "assets/pyodide/"
# Not worth keeping offline: source maps, sitemaps, the search's language packs (the site is English),
# and KaTeX's .woff/.ttf fonts, which every browser that runs Pyodide skips for .woff2.
SKIPPED_SUFFIXES = (".map", ".woff", ".ttf")
SKIPPED = ("sw.js", "sitemap.xml", "assets/javascripts/lunr/")  # sitemap.xml.gz too


def precache_list(site_dir: Path) -> dict[str, str]:
    """Every file worth keeping offline, as {path relative to the site root: content hash}."""
    files = {}
    for path in sorted(p for p in site_dir.rglob("*") if p.is_file()):
        rel = path.relative_to(site_dir).as_posix()
        if rel.endswith(SKIPPED_SUFFIXES) or rel.startswith(SKIPPED):
            continue
        key = rel[: -len("index.html")] if rel == "index.html" or rel.endswith("/index.html") else rel
        files[key] = hashlib.sha256(path.read_bytes()).hexdigest()[:12]
    return files


def write_service_worker(site_dir: Path, build_info: dict, enabled: bool = True) -> str:
    """sw.js from the template, versioned by what it keeps; returns the version.

    Each file comes with its content hash: the worker saves only copies that match it (a browser's
    HTTP cache may still hold the previous deploy's). Pyodide's files get a cache named by Pyodide's
    version (build_info, as build.json has it), so rebuilding the site does not make learners download
    Pyodide again; the snapshot of Python's memory holds our Python, so it is the site's. With
    enabled=False (for `mkdocs serve`) the worker removes itself.
    """
    files = precache_list(site_dir) if enabled else {}
    pyodide = {p: h for p, h in files.items() if p.startswith(PYODIDE_DIR)}
    site = {p: h for p, h in files.items() if not p.startswith(PYODIDE_DIR)}
    digest = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:12]
    version = digest if enabled else "off"
    manifest = {
        "version": version,
        "off": not enabled,
        "isolation": ISOLATION_HEADERS,
        "worker": {"path": WORKER_SCRIPT, "policy": WORKER_POLICY},
        "caches": [
            {
                "name": f"bp-pyodide-{build_info['pyodide']}",
                "prefix": PYODIDE_DIR,
                "files": pyodide,
            },
            {"name": f"bp-site-{version}", "prefix": "", "files": site},
        ],
    }
    source = TEMPLATE.read_text()
    if "__BP_MANIFEST__" not in source:
        raise ValueError(f"{TEMPLATE} has no __BP_MANIFEST__ placeholder")
    (site_dir / "sw.js").write_text(source.replace("__BP_MANIFEST__", json.dumps(manifest, indent=1), 1))
    return version
