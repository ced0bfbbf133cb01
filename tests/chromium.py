"""Which Chromium the browser tests drive; `python tests/chromium.py --install` gets one if missing."""

import os
import shutil
import subprocess
import sys

SYSTEM_CHROMIUM = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
# Background networking makes Chromium call Google's hosts; the sandbox needs root-less user namespaces.
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# The tests keep Pyodide's wasm on V8's baseline compiler (Liftoff): most run a few lines of Python, and
# optimizing the hot functions cost more CPU than it saved (about 7% of a full run, measured in pairs).
# Benchmarks use LAUNCH_ARGS, as a learner's browser tiers up.
TEST_LAUNCH_ARGS = [*LAUNCH_ARGS, "--js-flags=--no-wasm-tier-up"]


def system_chromium() -> str | None:
    """The machine's Chromium, if it has one."""
    return next((p for p in SYSTEM_CHROMIUM if os.path.exists(p)), None)


def install() -> None:
    """Debian's chromium when root with apt; otherwise Playwright's own download."""
    if system_chromium():
        return
    if shutil.which("apt-get") and os.geteuid() == 0:
        subprocess.run(["apt-get", "update", "-qq"], check=True)
        subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], check=True)
    else:
        subprocess.run([sys.executable, "-m", "playwright", "install", "chromium"], check=True)


if __name__ == "__main__":
    if "--install" in sys.argv:
        install()
    print(f"Chromium: {system_chromium() or 'Playwright-managed'}")
