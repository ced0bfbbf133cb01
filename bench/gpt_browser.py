"""Milliseconds per GPT training step in the browser (the names page, headless Chromium) and in CPython.

The page's Train from scratch runs `--steps` steps of gpt.GPT on the first training names, in the
worker; each step's time is measured by the worker's Python around the step itself (sampling names
every 20 steps is not counted; its share of the run is printed). bench/gpt_step.py then times the
same steps on the same names in this CPython. Both print the median; their ratio is what Pyodide costs.

    python bench/gpt_browser.py [--steps 100]
"""

import argparse
import datetime
import functools
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from gpt_step import step_times  # noqa: E402
from machine import cpu_model, load_average  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from tests.chromium import LAUNCH_ARGS, system_chromium  # noqa: E402
from tests.site_server import SITE, IsolatedSiteHandler, SiteServer  # noqa: E402


def in_page(steps: int) -> tuple[float, float, float]:
    """The page's median ms per step, its whole run in seconds (sampling included), and the seconds of
    the steps alone."""
    server = SiteServer.started(functools.partial(IsolatedSiteHandler, directory=str(SITE)))
    try:
        with sync_playwright() as p:
            path = system_chromium()
            browser = p.chromium.launch(args=LAUNCH_ARGS, **({"executable_path": path} if path else {}))
            page = browser.new_context(service_workers="block").new_page()
            page.goto(f"{server.url}/gpt/train-names/")
            page.wait_for_selector("html[data-python='ready']", state="attached", timeout=180_000)
            trainer = page.get_by_role("region", name="Names GPT")
            trainer.get_by_label("Steps").fill(str(steps))
            trainer.get_by_role("button", name="Train from scratch").click()
            done = ".bp-names-trainer[data-state='done']"
            done = page.wait_for_selector(done, state="attached", timeout=900_000)
            attributes = ("step-ms", "seconds", "steps-seconds")
            result = tuple(float(done.get_attribute(f"data-{a}")) for a in attributes)
            browser.close()
            return result
    finally:
        server.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=100)
    steps = parser.parse_args().steps
    if not (SITE / "index.html").exists():
        sys.exit(f"{SITE} is missing: run `make build` first")
    before = load_average()
    page_ms, page_seconds, steps_seconds = in_page(steps)
    times, _, _ = step_times(steps)
    cpython_ms = statistics.median(times["fused nodes, engine.Value"])
    print(f"\nGPT training step (4,192 parameters, one name a step, {steps} steps from scratch)")
    print(f"  in the page (Pyodide, headless Chromium): {page_ms:.0f} ms median"
          f" ({page_seconds:.1f} s for the run, sampling names every 20 steps included)")
    print(f"  the steps alone: {steps_seconds:.2f} s of the run's {page_seconds:.2f} s; sampling 6 names"
          f" every 20 steps and sending each step to the page: {1 - steps_seconds / page_seconds:.1%} of it"
          " (goal < 5%; the chart and readout are drawn by the page's own thread, beside the worker)")
    print(f"  in CPython {sys.version.split()[0]} (bench/gpt_step.py, same names, CPU time):"
          f" {cpython_ms:.0f} ms median")
    minutes = page_ms * 1000 / 60_000
    print(f"  Pyodide / CPython {page_ms / cpython_ms:.2f}x;"
          f" 1,000 steps in the page: about {minutes:.1f} min")
    now = datetime.datetime.now(datetime.UTC)
    print(f"  ({cpu_model()}; load average {before} before, {load_average()} after;"
          f" {now:%Y-%m-%d %H:%M} UTC)")


if __name__ == "__main__":
    main()
