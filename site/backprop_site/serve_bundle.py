"""Under `mkdocs serve`, esbuild runs only when the front end changed: its output is kept in
build/.serve-bundle/ and copied into each rebuild (MkDocs empties the site folder before every build)."""

import hashlib
import shutil
from pathlib import Path

from backprop_site import assets

BUNDLED = Path("assets") / "backprop"


def fingerprint() -> str:
    """Every front-end source's path, size and modification time, and the lockfile's."""
    digest = hashlib.sha256()
    files = sorted(p for p in assets.FRONTEND.rglob("*") if p.is_file())
    for path in [*files, assets.ROOT / "package-lock.json"]:
        stat = path.stat()
        digest.update(f"{path}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def bundle_when_changed(site_dir: Path, cache: Path) -> bool:
    """The bundles into site_dir, from cache when the front end is unchanged; True when esbuild ran."""
    stamp = cache / "fingerprint"
    now = fingerprint()
    ran = not stamp.exists() or stamp.read_text() != now
    if ran:
        shutil.rmtree(cache, ignore_errors=True)
        assets.bundle_frontend(cache)
        stamp.write_text(now)
    shutil.copytree(cache / BUNDLED, site_dir / BUNDLED, dirs_exist_ok=True)
    return ran
