"""axe-core's WCAG 2.2 AA audit of every built page in each view (tests/e2e/accessibility.VIEWS), Python
not started: violations per rule, the elements that break each and the views with any serious or
critical one. `--examples` also prints up to 3 elements of each rule. Run on a built site."""

import argparse
import collections
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from bench.machine import cpu_model, load_average  # noqa: E402
from tests.chromium import LAUNCH_ARGS, system_chromium  # noqa: E402
from tests.e2e.accessibility import MOUNTED, VIEWS, axe_run, silent_worker, site_pages  # noqa: E402
from tests.site_server import SiteHandler, serve  # noqa: E402


def main() -> None:
    """Audit, then print the table."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--examples", action="store_true")
    args = parser.parse_args()
    url, pages = serve(SiteHandler), site_pages()
    elements, impact, examples = collections.Counter(), {}, collections.defaultdict(list)
    bad_views, started = 0, time.monotonic()
    load_before = load_average()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=system_chromium(), args=LAUNCH_ARGS)
        for view, options in VIEWS.items():
            context = browser.new_context(service_workers="block", reduced_motion="reduce", **options)
            context.route("**/worker.js", silent_worker)
            page = context.new_page()
            for path in pages:
                page.goto(url + path)
                page.wait_for_selector(MOUNTED, state="attached")  # every widget drawn (load fires earlier)
                found = axe_run(page)
                bad_views += any(v["impact"] in ("serious", "critical") for v in found)
                for v in found:
                    elements[v["id"]] += len(v["nodes"])
                    impact[v["id"]] = v["impact"]
                    for node in v["nodes"][: 3 - len(examples[v["id"]])]:
                        summary = node.get("failureSummary", "").splitlines()[-1:]
                        examples[v["id"]].append(f"{view} {path} {' '.join(node['target'])} {summary}")
            context.close()
        browser.close()
    views = len(pages) * len(VIEWS)
    print(f"axe-core WCAG 2.2 AA: {len(pages)} pages x {len(VIEWS)} views ({', '.join(VIEWS)}), no Python")
    print(
        f"{len(elements)} rules violated on {sum(elements.values())} elements;"
        f" serious or critical in {bad_views} of {views} views"
    )
    for rule, count in elements.most_common():
        print(f"  {rule:32} {impact[rule]:9} {count:6}")
        for line in examples[rule] if args.examples else []:
            print(f"      {line}")
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    took = time.monotonic() - started
    print(f"({when}; {took:.1f} s; {cpu_model()}; load average {load_before} before, {load_average()} after)")


if __name__ == "__main__":
    main()
