"""How fast Python is ready in the browser: headless Chromium on the built site, served locally.

For each kind of host, the time from navigation to <html data-python="ready"> on a lesson with code
cells, cold (fresh browser context, empty caches) and warm (the second visit), as the median of
several runs; the first contentful paint (which must not wait for Python); and the bytes the
server sent on a cold visit until Python was ready, and in all once the service worker had saved
the site for offline use. Next to it, in the same run and from the same server, a bare Pyodide page
(loadPyodide() from the same self-hosted files, in a module worker, nothing else): our ready time
is printed as a ratio of it. Goals: cold at most 1.15x bare; warm at most 1 s and 0.5x our cold.
Last, micrograd's 100-step moons demo on the training page, against the same steps in CPython.

    python bench/browser_load.py [--runs 5] [--page /playground/]
"""

import argparse
import datetime
import functools
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from backprop_site.security import ISOLATION_HEADERS as ISOLATION  # noqa: E402
from playwright.sync_api import Page, sync_playwright  # noqa: E402

from tests.chromium import LAUNCH_ARGS, system_chromium  # noqa: E402
from tests.site_server import SITE, SiteHandler, SiteServer  # noqa: E402

TARGETS = {"cold": 1.15, "warm": 1.0}  # cold: times the bare Pyodide page; warm: seconds
BARE = "/bare-pyodide/"  # served by the bench itself, not part of the site
BARE_FILES = {
    BARE: (
        "text/html",
        "<!doctype html><title>bare Pyodide</title><script type=module>"
        "const w = new Worker('worker.mjs', {type: 'module'});"
        "w.onmessage = () => { performance.mark('bp-python-ready');"
        " document.documentElement.dataset.python = 'ready'; };</script>",
    ),
    BARE + "worker.mjs": (
        "text/javascript",
        "import { loadPyodide } from '/assets/pyodide/pyodide.mjs';"
        "await loadPyodide({ indexURL: '/assets/pyodide/' }); postMessage('ready');",
    ),
}
# (name, send isolation headers, service worker allowed)
HOSTS = [
    ("static host + our service worker", False, True),
    ("host with COOP/COEP headers", True, True),
    ("static host, service worker blocked", False, False),
]


class CountingHandler(SiteHandler):
    """Serves the site (and the bare Pyodide page) and counts the body bytes it sends."""

    sent = 0
    bodies: list[tuple[float, str, int]] = []  # (when, path, bytes) of every response sent with a body

    def do_GET(self) -> None:
        if self.path.split("?")[0] not in BARE_FILES:
            return super().do_GET()
        kind, text = BARE_FILES[self.path.split("?")[0]]
        body = text.encode()
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        return None

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() == "content-length":
            type(self).sent += int(value)
            type(self).bodies.append((time.time(), self.path.split("?")[0], int(value)))
        super().send_header(keyword, value)


def serve(isolated: bool) -> tuple[str, type]:
    extra = ISOLATION if isolated else {}
    handler = type("Handler", (CountingHandler,), {"sent": 0, "bodies": [], "extra_headers": extra})
    return SiteServer.started(functools.partial(handler, directory=str(SITE))).url, handler


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
        "ready_at": (timing["origin"] + timing["ready"]) / 1000,  # the clock time.time() reads
    }


def visit_bare(page: Page, url: str) -> float:
    """Seconds from navigation to the bare page's Pyodide being loaded."""
    started = time.time() * 1000
    page.goto(url)
    page.wait_for_selector("html[data-python='ready']", state="attached", timeout=120_000)
    ready = page.evaluate(
        "performance.timeOrigin + performance.getEntriesByName('bp-python-ready')[0].startTime"
    )
    return (ready - started) / 1000


def measure(browser, name: str, isolated: bool, sw: bool, runs: int, path: str) -> dict:
    url, handler = serve(isolated)
    cold, warm, bytes_ready, bytes_all, bare_cold, bare_warm, twice = [], [], [], [], [], [], set()
    for _ in range(runs):
        # The bare page first, in its own fresh context: interleaved with ours, so load hits both alike.
        context = browser.new_context(service_workers="block")
        page = context.new_page()
        bare_cold.append(visit_bare(page, url + BARE))
        bare_warm.append(visit_bare(page, url + BARE))
        context.close()
        context = browser.new_context(service_workers="allow" if sw else "block")
        page = context.new_page()
        handler.sent, handler.bodies = 0, []
        cold.append(visit(page, url + path))
        until_ready = [(p, n) for t, p, n in handler.bodies if t <= cold[-1]["ready_at"]]
        bytes_ready.append(sum(n for _, n in until_ready))
        # Sent until ready (the offline copy's downloads come after): pages may come twice (the reload
        # into isolation), any other file sent twice is a download wasted.
        sent = [p for p, _ in until_ready if not p.endswith("/")]
        twice |= {p for p in sent if sent.count(p) > 1}
        if sw:
            page.wait_for_selector("html[data-offline='ready']", state="attached", timeout=120_000)
            bytes_all.append(handler.sent)
        warm.append(visit(page, url + path))
        context.close()
    return {"name": name, "cold": cold, "warm": warm, "bytes_ready": bytes_ready, "bytes_all": bytes_all,
            "bare_cold": bare_cold, "bare_warm": bare_warm, "twice": sorted(twice)}


def median(values: list[float]) -> float:
    return statistics.median(values)


def report(result: dict) -> None:
    print(f"\n{result['name']}")
    bare = {kind: median(result[f"bare_{kind}"]) for kind in ("cold", "warm")}
    ours = {kind: median([v["ready"] for v in result[kind]]) for kind in ("cold", "warm")}
    for kind in ("cold", "warm"):
        visits = result[kind]
        each = ", ".join(f"{v['ready']:.2f}" for v in visits)
        started, boot = median([v["started"] for v in visits]), median([v["boot"] for v in visits])
        print(
            f"  {kind}: ready {ours[kind]:.2f} s (runs {each}); bare Pyodide {bare[kind]:.2f} s; "
            f"ratio {ours[kind] / bare[kind]:.2f}x; worker started at {started:.2f} s, took {boot:.2f} s; "
            f"first paint {median([v['paint'] for v in visits]):.2f} s; isolated: {visits[0]['isolated']}"
        )
    cold_ratio, warm_share = ours["cold"] / bare["cold"], ours["warm"] / ours["cold"]
    warm_met = ours["warm"] <= TARGETS["warm"] and warm_share <= 0.5
    print(
        f"  goals: cold <= {TARGETS['cold']}x bare: {cold_ratio:.2f}x "
        f"{verdict(cold_ratio <= TARGETS['cold'])}; "
        f"warm <= {TARGETS['warm']:.0f} s and <= 0.5x cold: {ours['warm']:.2f} s, {warm_share:.2f}x "
        f"{verdict(warm_met)}"
    )
    for visit in ("cold", "warm"):  # ms from the worker's start: Pyodide ready, then the engine unpacked
        stages = result[visit][-1]["stages"]
        if stages:
            print(f"  worker stages (last {visit} run): {stages}")
    print(f"  bytes sent cold until ready: {median(result['bytes_ready']) / 1e6:.1f} MB", end="")
    if result["bytes_all"]:
        print(f"; with the offline copy: {median(result['bytes_all']) / 1e6:.1f} MB")
    else:
        print()
    print(f"  files sent twice on a cold visit until ready: {', '.join(result['twice']) or 'none'}")


def verdict(met: bool) -> str:
    return "met" if met else "MISSED"


def train_in_page(browser) -> tuple[float, dict]:
    """Seconds the training page reports for micrograd's 100-step demo (its default settings), and
    where they went (seconds per part of a step, summed over the run)."""
    url, _ = serve(True)
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(url + "/train/live/")
    page.wait_for_selector("html[data-python='ready']", state="attached", timeout=120_000)
    trainer = page.get_by_role("region", name="Live training")
    trainer.get_by_role("button", name="Train").click()
    page.wait_for_selector(".bp-moons-trainer[data-state='done']", state="attached", timeout=600_000)
    done = page.locator(".bp-moons-trainer[data-state='done']")
    seconds, parts = float(done.get_attribute("data-seconds")), json.loads(done.get_attribute("data-parts"))
    context.close()
    return seconds, parts


def train_in_cpython() -> tuple[float, dict]:
    """The same 100 steps, the same code (training.moons_trainer.train, as the worker runs it), here."""
    from training import moons_trainer

    done = moons_trainer.train(lambda event: None, **{**moons_trainer.DEMO, "picture_every": 5})
    return done["seconds"], done["parts"]


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
        page_seconds, page_parts = train_in_page(browser)
        browser.close()
    cpython_seconds, cpython_parts = train_in_cpython()
    steps = 100
    print(
        f"\nLive training, micrograd's moons demo ({steps} steps, picture every 5): in the page "
        f"{page_seconds:.1f} s ({page_seconds / steps * 1000:.0f} ms a step; goal <= 20 s: "
        f"{verdict(page_seconds <= 20)}); in CPython {sys.version.split()[0]} {cpython_seconds:.1f} s "
        f"({cpython_seconds / steps * 1000:.0f} ms a step); "
        f"Pyodide / CPython {page_seconds / cpython_seconds:.2f}x"
    )
    print("  ms a step, by part:  " + "  ".join(f"{part:>8}" for part in page_parts))
    for where, parts in (("in the page", page_parts), ("in CPython", cpython_parts)):
        print(f"  {where:<19}" + "  ".join(f"{parts[part] / steps * 1000:8.1f}" for part in page_parts))
    now = datetime.datetime.now(datetime.UTC)
    print(f"({now:%Y-%m-%d %H:%M} UTC; load average now {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
