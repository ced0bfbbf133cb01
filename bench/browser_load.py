"""How fast Python is ready in the browser: headless Chromium on the built site, served locally.

For each kind of host, the time from navigation to <html data-python="ready"> on a lesson with code
cells, cold (fresh browser context, empty caches) and warm (the second visit), as the median of
several runs; the first contentful paint (which must not wait for Python); and the bytes the
server sent on a cold visit until Python was ready, and in all once the service worker had saved
the site for offline use. Targets on a 2-core machine: cold at most 3 s, warm at most 1 s.

    python bench/browser_load.py [--runs 5] [--page /playground/]
"""

import argparse
import functools
import http.server
import os
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from backprop_site.security import ISOLATION_HEADERS as ISOLATION  # noqa: E402
from playwright.sync_api import Page, sync_playwright  # noqa: E402

from tests.chromium import LAUNCH_ARGS, system_chromium  # noqa: E402

SITE = Path(os.environ.get("BP_SITE_DIR") or ROOT / "build" / "site")
TARGETS = {"cold": 3.0, "warm": 1.0}
# (name, send isolation headers, service worker allowed)
HOSTS = [
    ("static host + our service worker", False, True),
    ("host with COOP/COEP headers", True, True),
    ("static host, service worker blocked", False, False),
]


class CountingHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site and counts the body bytes it sends."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm",
                      ".mjs": "text/javascript", ".js": "text/javascript"}
    sent = 0
    headers_to_add: dict[str, str] = {}

    def end_headers(self) -> None:
        for name, value in self.headers_to_add.items():
            self.send_header(name, value)
        super().end_headers()

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() == "content-length":
            type(self).sent += int(value)
        super().send_header(keyword, value)

    def log_message(self, *args) -> None:
        pass


def serve(isolated: bool) -> tuple[str, type]:
    extra = ISOLATION if isolated else {}
    handler = type("Handler", (CountingHandler,), {"sent": 0, "headers_to_add": extra})
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(SITE)))
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{httpd.server_address[1]}", handler


def visit(page: Page, url: str) -> dict:
    """Navigate and wait for Python; seconds from the navigation to ready, and to first paint."""
    started = time.time() * 1000
    page.goto(url)
    page.wait_for_selector("html[data-python='ready']", state="attached", timeout=120_000)
    timing = page.evaluate(
        """() => ({
          origin: performance.timeOrigin,
          ready: performance.getEntriesByName('bp-python-ready')[0].startTime,
          boot: performance.getEntriesByName('bp-python-boot')[0].duration,
          started: performance.getEntriesByName('bp-python-boot')[0].startTime,
          paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
          stages: performance.getEntriesByName('bp-python-ready')[0].detail?.stages,
          isolated: crossOriginIsolated,
        })"""
    )
    return {
        "ready": (timing["origin"] + timing["ready"] - started) / 1000,  # includes a reload, if any
        "boot": timing["boot"] / 1000,
        "started": (timing["origin"] + timing["started"] - started) / 1000,
        "paint": (timing["origin"] + (timing["paint"] or 0) - started) / 1000,
        "isolated": timing["isolated"],
        "stages": timing["stages"],
    }


def measure(browser, name: str, isolated: bool, sw: bool, runs: int, path: str) -> dict:
    url, handler = serve(isolated)
    cold, warm, bytes_ready, bytes_all = [], [], [], []
    for _ in range(runs):
        context = browser.new_context(service_workers="allow" if sw else "block")
        page = context.new_page()
        handler.sent = 0
        cold.append(visit(page, url + path))
        bytes_ready.append(handler.sent)
        if sw:
            page.wait_for_selector("html[data-offline='ready']", state="attached", timeout=120_000)
            bytes_all.append(handler.sent)
        warm.append(visit(page, url + path))
        context.close()
    return {"name": name, "cold": cold, "warm": warm, "bytes_ready": bytes_ready, "bytes_all": bytes_all}


def median(values: list[float]) -> float:
    return statistics.median(values)


def report(result: dict) -> None:
    print(f"\n{result['name']}")
    for kind in ("cold", "warm"):
        visits = result[kind]
        ready = median([v["ready"] for v in visits])
        verdict = "ok" if ready <= TARGETS[kind] else f"over the {TARGETS[kind]:.0f} s target"
        each = ", ".join(f"{v['ready']:.2f}" for v in visits)
        print(
            f"  {kind}: ready {ready:.2f} s (runs {each}; {verdict}); "
            f"worker started at {median([v['started'] for v in visits]):.2f} s, "
            f"took {median([v['boot'] for v in visits]):.2f} s; "
            f"first paint {median([v['paint'] for v in visits]):.2f} s; isolated: {visits[0]['isolated']}"
        )
    stages = result["cold"][-1]["stages"]
    if stages:
        print(f"  worker stages (last cold run): {stages}")
    print(f"  bytes sent cold until ready: {median(result['bytes_ready']) / 1e6:.1f} MB", end="")
    if result["bytes_all"]:
        print(f"; with the offline copy: {median(result['bytes_all']) / 1e6:.1f} MB")
    else:
        print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--page", default="/playground/")
    args = parser.parse_args()
    if not (SITE / "index.html").exists():
        sys.exit(f"{SITE} is missing: run `make build` first")
    print(f"Python ready on {args.page} of {SITE}, median of {args.runs} runs; {os.cpu_count()} CPUs, "
          f"load average {os.getloadavg()[0]:.1f}")
    with sync_playwright() as p:
        path = system_chromium()
        browser = p.chromium.launch(args=LAUNCH_ARGS, **({"executable_path": path} if path else {}))
        for name, isolated, sw in HOSTS:
            report(measure(browser, name, isolated, sw, args.runs, args.page))
        browser.close()


if __name__ == "__main__":
    main()
