"""Milliseconds per training step on the learner's engine (Run on my engine) beside the course's engine.

The learner's engine is learner_engine's assembly of the labs' reference solutions: known-correct code
written the way the labs ask (a node for every * and +). The course's engine is engine/ (fused
neurons, __slots__). In CPython both are timed interleaved, step by step on the same names; with
--page, the names page and the moons page of the built site run Train on each engine in headless
Chromium and the worker's own per-step times are read (data-step-ms; the moons run's seconds).

    python bench/my_engine.py [--steps 20] [--page]
"""

import argparse
import datetime
import functools
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from machine import cpu_model, load_average  # noqa: E402

from gpt.model import GPT, Adam, train_step  # noqa: E402
from gpt.train import LEARNING_RATE, SEED, training_order  # noqa: E402
from lab_checks import grading  # noqa: E402
from learner_engine.assemble import PIECES, assemble  # noqa: E402
from learner_engine.load import load  # noqa: E402

LABS = [lab for lab, _, _ in PIECES]


def solutions() -> dict[str, str]:
    return {lab: grading.load(lab).SOLUTION for lab in LABS}


def in_cpython(steps: int) -> tuple[list[float], list[float]]:
    """ms per step on the course's engine and on the learner's, interleaved on the same names."""
    mine = load(assemble(solutions(), set(LABS)).files)["microgpt"]
    course = GPT(seed=SEED)
    adam = Adam(course.parameters())
    theirs = mine.Trainer(mine.GPT(seed=SEED))
    ours_ms, mine_ms = [], []
    for name in ["warmup", *training_order()[:steps]]:
        t = time.perf_counter()
        train_step(course, adam, name, LEARNING_RATE)
        t1 = time.perf_counter()
        theirs.step(name, LEARNING_RATE)
        t2 = time.perf_counter()
        if name != "warmup":
            ours_ms.append((t1 - t) * 1000)
            mine_ms.append((t2 - t1) * 1000)
    return ours_ms, mine_ms


def in_page(steps: int) -> dict[str, float]:
    """The names page's median ms per step on each engine, and the moons page's ms per step."""
    from playwright.sync_api import sync_playwright

    from tests.chromium import LAUNCH_ARGS, system_chromium
    from tests.e2e.learner import labs_in_site
    from tests.site_server import SITE, IsolatedSiteHandler, SiteServer

    server = SiteServer.started(functools.partial(IsolatedSiteHandler, directory=str(SITE)))
    where = labs_in_site()
    progress = {"labs": {lab: {"passed": True, "at": "2026-12-04T00:00:00Z"} for lab in LABS}}
    stored = {f"backprop-lab:code:{where[lab]}#{lab}": code for lab, code in solutions().items()}
    found = {}
    try:
        with sync_playwright() as p:
            path = system_chromium()
            browser = p.chromium.launch(args=LAUNCH_ARGS, **({"executable_path": path} if path else {}))
            page = browser.new_context(service_workers="block").new_page()
            for url, name, train, read in (
                ("/gpt/train-names/", "Names GPT", "Train from scratch", "data-step-ms"),
                ("/train/live/", "Live training", "Train", "data-seconds"),
            ):
                page.goto(server.url + url)
                page.evaluate(
                    "([p, s]) => { localStorage.setItem('backprop-lab:progress', p);"
                    " for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v); }",
                    [json.dumps(progress), stored],
                )
                page.reload()
                page.wait_for_selector("html[data-python='ready']", state="attached", timeout=180_000)
                trainer = page.get_by_role("region", name=name)
                for engine in ("course", "mine"):
                    switch = trainer.get_by_role("switch", name="Run on my engine")
                    if engine == "mine":
                        switch.check()
                        page.wait_for_selector(f"[aria-label='{name}'][data-engine='mine']", timeout=60_000)
                    trainer.get_by_label("Steps").fill(str(steps))
                    trainer.get_by_role("button", name=train, exact=True).click()  # data-state: training
                    done = page.wait_for_selector(
                        f"[aria-label='{name}'][data-state='done']", state="attached", timeout=900_000
                    )
                    value = float(done.get_attribute(read))
                    found[f"{url} {engine}"] = value if read == "data-step-ms" else value * 1000 / steps
            browser.close()
    finally:
        server.shutdown()
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=20)
    parser.add_argument("--page", action="store_true", help="also time the built site in Chromium")
    args = parser.parse_args()
    before = load_average()
    ours, mine = in_cpython(args.steps)
    version = sys.version.split()[0]
    print(f"GPT training step, {args.steps} steps from scratch, one name a step (CPython {version})")
    print(f"  course's engine: {statistics.median(ours):.0f} ms median")
    print(f"  your engine (the labs' reference code): {statistics.median(mine):.0f} ms median"
          f" ({statistics.median(mine) / statistics.median(ours):.2f}x the course's)")
    if args.page:
        found = in_page(args.steps)
        print(f"In the page (Pyodide, headless Chromium), {args.steps} steps each:")
        for what, ms in found.items():
            print(f"  {what}: {ms:.0f} ms a step")
    now = datetime.datetime.now(datetime.UTC)
    after = load_average()
    print(f"  ({cpu_model()}; load average {before} before, {after} after; {now:%Y-%m-%d %H:%M} UTC)")


if __name__ == "__main__":
    main()
