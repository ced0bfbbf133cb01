"""Check latency of the core labs in headless Chromium: click Check -> verdict, with Python already loaded.

Run on a built site (`make build`, or BP_SITE_DIR=... for another build). For each lab: the reference
solution and the lesson's starting code, checked several times after one warm-up check; the median of
the page's own measurement (click to verdict rendered) and of the Python time inside it. Target: the
median under 300 ms.
"""

import functools
import http.server
import json
import os
import re
import statistics
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from backprop_site.security import headers_for  # noqa: E402
from playwright.sync_api import expect, sync_playwright  # noqa: E402

from lab_checks import grading  # noqa: E402
from tests.chromium import LAUNCH_ARGS, system_chromium  # noqa: E402

SITE = Path(os.environ.get("BP_SITE_DIR") or ROOT / "build" / "site")
LABS = {
    "slope": "/slopes/nudge-it/",
    "value-ops": "/micrograd/value-class/",
    "backward": "/micrograd/backward/",
}
CLICKS = 7
TARGET_MS = 300


class Handler(http.server.SimpleHTTPRequestHandler):
    """The built site with the isolation headers `make serve` sends (Stop by interrupt)."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm"}

    def end_headers(self) -> None:
        for name, value in headers_for(self.path.split("?", 1)[0]).items():
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, *args) -> None:
        pass


def serve() -> str:
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Handler, directory=str(SITE))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}"


def timed_checks(region, code: str, clicks: int) -> tuple[list[float], list[float]]:
    """Page times (click to verdict) and Python times of `clicks` checks, after one warm-up."""
    region.get_by_role("textbox").fill(code)
    page_ms, python_ms = [], []
    verdict = region.locator(".bp-verdict")
    for n in range(clicks + 1):
        region.get_by_role("button", name="Check").click()
        expect(verdict).to_have_attribute("data-verdict", re.compile("pass|fail|error"), timeout=20_000)
        if n:  # the first check warms up the grader
            page_ms.append(float(verdict.get_attribute("data-check-ms")))
            python_ms.append(float(verdict.get_attribute("data-python-ms")))
    return page_ms, python_ms


def main() -> None:
    if not (SITE / "index.html").exists():
        sys.exit(f"{SITE} has no built site: run `make build` first")
    base = serve()
    results = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=system_chromium(), args=LAUNCH_ARGS)
        for lab, path in LABS.items():
            page = browser.new_page()
            page.goto(base + path)
            expect(page.locator("html")).to_have_attribute("data-python", "ready", timeout=60_000)
            region = page.locator(f"#lab-{lab}")
            start = json.loads(region.locator(":scope > script.bp-data").text_content())["code"]
            for kind, code in (("solution", grading.load(lab).SOLUTION), ("starting code", start)):
                page_ms, python_ms = timed_checks(region, code, CLICKS)
                results[(lab, kind)] = (
                    statistics.median(page_ms),
                    statistics.median(python_ms),
                    max(page_ms),
                )
            page.close()
        browser.close()
    print(f"Check latency in headless Chromium, median of {CLICKS} checks after a warm-up")
    print(f"{'lab':<10} {'code':<14} {'click->verdict':>15} {'in Python':>10} {'slowest':>8}")
    for (lab, kind), (page_ms, python_ms, slowest) in results.items():
        print(f"{lab:<10} {kind:<14} {page_ms:>12.0f} ms {python_ms:>7.0f} ms {slowest:>5.0f} ms")
    worst = max(page_ms for page_ms, _, _ in results.values())
    verdict = "within" if worst < TARGET_MS else "OVER"
    print(f"worst median: {worst:.0f} ms, {verdict} the target of {TARGET_MS} ms")


if __name__ == "__main__":
    main()
