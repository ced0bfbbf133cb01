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
# Likewise JavaScript stops at Sparkplug (--max-opt=1): a test page runs its scripts for under a second,
# and Maglev and TurboFan compiling them on background threads cost more than they won back (every built
# page: test_pages.py 90 -> 79 CPU-s in all; the Python-heavy modules unchanged; measured 2026-12-07).
# Benchmarks use LAUNCH_ARGS, as a learner's browser tiers up.
#
# Headless Chromium draws the address bar's popup (two chrome://omnibox-popup pages, unseen) for every new
# browser context: a renderer of its own, 1.1 of the 2.0 CPU-seconds a context and its first page cost here
# (measured 2026-12-07 with tests/chromium.py's arguments). Chromium keeps only the last --disable-features
# it is given, so this one repeats Playwright's own list (playwright 1.65's chromiumSwitches) before the two.
PLAYWRIGHT_DISABLED_FEATURES = [
    "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding",
    "ThirdPartyStoragePartitioning", "AvoidCorsURLLoaderRestartOnRedirect", "OptimizationHints",
    "NetworkTimeServiceQuerying", "AimEnabled", "PreconnectToSearch",
]  # fmt: skip
NO_OMNIBOX_POPUP = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"]
TEST_LAUNCH_ARGS = [
    *LAUNCH_ARGS,
    "--js-flags=--no-wasm-tier-up --max-opt=1",
    "--disable-features=" + ",".join(PLAYWRIGHT_DISABLED_FEATURES + NO_OMNIBOX_POPUP),
]


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
