"""What the built site needs besides pages: bundles, self-hosted Pyodide, the Python archive."""

import hashlib
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FRONTEND = ROOT / "site" / "frontend"
NODE_MODULES = ROOT / "node_modules"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# Python that runs in the browser, packed under these names in one archive.
PYTHON_SOURCES = {
    "engine": ROOT / "engine",
    "lab_checks": ROOT / "lab_checks",
    "gpt": ROOT / "gpt",
    "diagrams": ROOT / "diagrams",
    "training": ROOT / "training",
    "learner_engine": ROOT / "learner_engine",
    "backprop_worker": FRONTEND / "worker" / "backprop_worker",
}
SNAPSHOT = "python-snapshot.gz"  # beside python.zip; the worker asks for it by this name (snapshot.js)
PYTHON_SUFFIXES = {".py", ".txt", ".json"}  # modules, and the data gpt/ reads with importlib.resources


class AssetError(RuntimeError):
    """A build step that needs something the clone does not have (run `make setup`)."""


def bundle_frontend(site_dir: Path) -> None:
    """esbuild (package.json's `bundle` script): the page script, its split-off features, the worker
    and the styles, into assets/backprop/."""
    if not (NODE_MODULES / ".bin" / "esbuild").exists():
        raise AssetError("node_modules/.bin/esbuild is missing: run `make setup` (npm ci)")
    out = site_dir / "assets" / "backprop"
    cmd = ["npm", "run", "--silent", "bundle", "--", f"--outdir={out}"]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        raise AssetError(f"esbuild failed:\n{done.stderr}")


def copy_pyodide(site_dir: Path) -> str:
    """The pinned Pyodide core files into assets/pyodide/; returns the Pyodide version."""
    source = NODE_MODULES / "pyodide"
    if not source.exists():
        raise AssetError("node_modules/pyodide is missing: run `make setup` (npm ci)")
    target = site_dir / "assets" / "pyodide"
    target.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        src, dst = source / name, target / name
        if not dst.exists() or dst.stat().st_mtime < src.stat().st_mtime:
            shutil.copy2(src, dst)
    return json.loads((source / "package.json").read_text())["version"]


def make_snapshot(site_dir: Path, pyodide_version: str, python_hash: str) -> str:
    """assets/backprop/<SNAPSHOT>: Python's memory once started, with python.zip (pack_python) imported
    (worker/make-snapshot.mjs, in Node); returns its version. Kept in build/cache/ by what makes it, as
    it takes Node seconds; older copies there go."""
    makers = [FRONTEND / "worker" / name for name in ("make-snapshot.mjs", "snapshot.js")]
    digest = hashlib.sha256(f"{pyodide_version}\0{python_hash}".encode())
    for path in makers:
        digest.update(path.read_bytes())
    version = digest.hexdigest()[:16]
    cache = ROOT / "build" / "cache"
    kept = cache / f"python-snapshot-{version}.gz"
    if not kept.exists():
        cache.mkdir(parents=True, exist_ok=True)
        partial = kept.with_suffix(".partial")
        archive = site_dir / "assets" / "backprop" / "python.zip"
        cmd = ["node", str(makers[0]), str(partial), str(archive), python_hash]
        done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
        if done.returncode != 0:
            raise AssetError(f"making Python's snapshot failed:\n{done.stderr}")
        partial.replace(kept)
    for old in cache.glob("python-snapshot-*.gz"):
        if old != kept:
            old.unlink(missing_ok=True)
    shutil.copyfile(kept, site_dir / "assets" / "backprop" / SNAPSHOT)
    return version


def python_files() -> list[tuple[str, Path]]:
    """What python.zip holds: (name in the archive, source file), in archive order."""
    return [
        (f"{name}/{p.relative_to(src)}", p)
        for name, src in PYTHON_SOURCES.items()
        for p in sorted(src.rglob("*"))
        if p.suffix in PYTHON_SUFFIXES and "__pycache__" not in p.parts
    ]


def python_hash() -> str:
    """python.zip's version: a hash of its names and contents (pages ask for python.zip?v=<it>)."""
    digest = hashlib.sha256()
    for arcname, path in python_files():
        digest.update(arcname.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def pack_python(site_dir: Path) -> str:
    """PYTHON_SOURCES (engine/, lab_checks/, gpt/ with its data, diagrams/, training/ and the worker's
    backprop_worker/) into assets/backprop/python.zip; its hash."""
    archive = site_dir / "assets" / "backprop" / "python.zip"
    archive.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zf:
        for arcname, path in python_files():
            # A fixed date keeps the archive byte-identical between builds of the same sources.
            zf.writestr(zipfile.ZipInfo(arcname, (2020, 1, 1, 0, 0, 0)), path.read_bytes())
    return python_hash()


def write_build_info(site_dir: Path, pyodide_version: str, python_hash: str, snapshot: str) -> dict:
    """assets/backprop/build.json: versions (naming the service worker's caches) and the sizes of the
    files the worker downloads (so its progress bar has a total before any download starts); returns it."""
    downloads = [site_dir / "assets" / "pyodide" / name for name in PYODIDE_FILES]
    downloads += [site_dir / "assets" / "backprop" / name for name in ("python.zip", SNAPSHOT)]
    sizes = {p.name: p.stat().st_size for p in downloads if p.exists()}
    info = {"pyodide": pyodide_version, "python": python_hash, "snapshot": snapshot, "sizes": sizes}
    (site_dir / "assets" / "backprop" / "build.json").write_text(json.dumps(info))
    return info
