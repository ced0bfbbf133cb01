"""Check latency of every lab in headless Chromium: click Check -> verdict, with Python already loaded.

Run on a built site (`make build`, or BP_SITE_DIR=... for another build). For each lab: the reference
solution, the lesson's starting code, and wrong answers: the starting code with each known mistake's
version of the learner's part (demo lines and all, as a learner would have it). Each is checked
CLICKS times after one warm-up check; the page's own measurement (click to verdict rendered) and the
Python time inside it. Targets: the median of right answers under 300 ms; every check of every lab,
wrong answers included, under 2 s. `--labs slope,neuron` measures a few; `--clicks N`.
"""

import argparse
import functools
import json
import re
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import expect, sync_playwright  # noqa: E402

from lab_checks import grading  # noqa: E402
from lab_checks.grading.drift import filled_in, writes  # noqa: E402
from tests.chromium import LAUNCH_ARGS, system_chromium  # noqa: E402
from tests.e2e.learner import labs_in_site  # noqa: E402
from tests.site_server import SITE, IsolatedSiteHandler, SiteServer  # noqa: E402

CLICKS = 3
TARGET_MS = 300
WORST_MS = 2_000


def serve() -> str:
    """The built site with the isolation headers `make serve` sends (Stop by interrupt)."""
    return SiteServer.started(functools.partial(IsolatedSiteHandler, directory=str(SITE))).url


def timed_checks(region, code: str, clicks: int) -> tuple[list[float], list[float], str]:
    """Page times (click to verdict) and Python times of `clicks` checks after one warm-up; the verdict."""
    region.get_by_role("textbox").fill(code)
    page_ms, python_ms = [], []
    verdict = region.locator(".bp-verdict")
    kind = ""
    for n in range(clicks + 1):
        region.get_by_role("button", name="Check").click()
        expect(verdict).to_have_attribute("data-verdict", re.compile("pass|fail|error"), timeout=20_000)
        kind = verdict.get_attribute("data-verdict")
        if n:  # the first check warms up the grader
            page_ms.append(float(verdict.get_attribute("data-check-ms")))
            python_ms.append(float(verdict.get_attribute("data-python-ms") or "nan"))
    return page_ms, python_ms, kind


def answers(lab: str, start: str) -> list[tuple[str, str]]:
    """(kind, code): the solution, the starting code, and the starting code with each known mistake."""
    grader = grading.load(lab)
    wrong = [(f"wrong: {m.name}", filled_in(start, m.code, writes(grader))) for m in grader.MISTAKES]
    return [("solution", grader.SOLUTION), ("starting code", start), *wrong]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--labs", default="", help="comma-separated lab ids (default: every lab)")
    parser.add_argument("--clicks", type=int, default=CLICKS)
    args = parser.parse_args()
    if not (SITE / "index.html").exists():
        sys.exit(f"{SITE} has no built site: run `make build` first")
    labs = labs_in_site()
    if args.labs:
        labs = {lab: labs[lab] for lab in args.labs.split(",")}
    base = serve()
    rows = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=system_chromium(), args=LAUNCH_ARGS)
        for lab, path in labs.items():
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(base + path)
            expect(page.locator("html")).to_have_attribute("data-python", "ready", timeout=60_000)
            region = page.locator(f"#lab-{lab}")
            start = json.loads(region.locator(":scope > script.bp-data").text_content())["code"]
            for kind, code in answers(lab, start):
                page_ms, python_ms, verdict = timed_checks(region, code, args.clicks)
                rows.append(
                    (
                        lab,
                        kind,
                        verdict,
                        statistics.median(page_ms),
                        statistics.median(python_ms),
                        max(page_ms),
                    )
                )
            page.close()
        browser.close()
    print(f"Check latency in headless Chromium, {args.clicks} checks after a warm-up (ms)")
    print(f"{'lab':<15} {'code':<44} {'verdict':<7} {'median':>7} {'Python':>7} {'slowest':>8}")
    for lab, kind, verdict, median, python, slowest in rows:
        print(f"{lab:<15} {kind[:44]:<44} {verdict:<7} {median:>7.0f} {python:>7.0f} {slowest:>8.0f}")
    print()
    print(f"{'lab':<15} {'right (median)':>14} {'worst wrong (median)':>21} {'slowest check':>14}")
    for lab in labs:
        mine = [r for r in rows if r[0] == lab]
        right = next(r[3] for r in mine if r[1] == "solution")
        wrong = max(r[3] for r in mine if r[1] != "solution")
        print(f"{lab:<15} {right:>14.0f} {wrong:>21.0f} {max(r[5] for r in mine):>14.0f}")
    right = max(r[3] for r in rows if r[1] == "solution")
    slowest = max(r[5] for r in rows)
    within = {True: "within", False: "OVER"}
    print(f"right answers' worst median: {right:.0f} ms ({within[right < TARGET_MS]} {TARGET_MS} ms)")
    print(f"slowest check of all: {slowest:.0f} ms ({within[slowest <= WORST_MS]} {WORST_MS} ms)")


if __name__ == "__main__":
    main()
