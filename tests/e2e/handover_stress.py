"""Many handovers in a row, each met by a navigation: a tool to hunt the rare load that never commits while
a new version takes over (issue 25), not part of the suite (its name is not test_*; run it by path):

    HANDOVERS=40 .venv/bin/pytest -p no:xdist -s tests/e2e/handover_stress.py

Builds v1 and v2 as test_runtime_deploy.py does and swaps them back and forth (each swap is a new sw.js to
the browser). At every swap the page is idle on the old version; every other time the workers are stopped
first (as a browser stops an idle worker, so the next request restarts the old one); then update() finds
the new sw.js, the new worker installs and the idle page lets it take over, and a navigation starts at a
random moment 0-400 ms later: before, during or after the take-over. Each navigation must commit and reach
a ready Python; a failure prints the requests still pending and the workers' states."""

import os
import random
import time

from playwright.sync_api import Browser, expect

from tests.e2e.learner import new_context, wait_for_python
from tests.e2e.test_runtime_deploy import deploys, watch_requests, watch_service_workers  # noqa: F401 (a fixture)

HANDOVERS = int(os.environ.get("HANDOVERS", "30"))


def test_every_navigation_across_many_handovers_commits(browser: Browser, deploys) -> None:  # noqa: F811
    deploys["root"]["dir"] = deploys["base"] / "v1"
    context = new_context(browser, service_workers="allow")
    page = context.new_page()
    html = page.locator("html")
    page.goto(deploys["url"] + "/")
    devtools, reached = watch_service_workers(context, page)
    pending = watch_requests(page)
    active, failures = "v1", []
    for handover in range(HANDOVERS):
        wait_for_python(page)
        expect(html).to_have_attribute("data-offline-version", deploys[active]["version"], timeout=60_000)
        new = "v2" if active == "v1" else "v1"
        deploys["root"]["dir"] = deploys["base"] / new
        now = time.time()  # newer than the sw.js the browser has, or the server answers 304
        os.utime(deploys["base"] / new / "sw.js", (now, now))
        if handover % 2:
            devtools.send("ServiceWorker.stopAllWorkers")
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => { r.update(); })")
        page.wait_for_timeout(random.randrange(400))  # a random moment of the take-over: the point here
        try:
            path = random.choice(["/playground/", "/"])
            page.goto(deploys["url"] + path, wait_until="commit", timeout=20_000)
            wait_for_python(page, timeout=60_000)
        except Exception as error:  # any failure: reported with the state at the end, the page recovered
            failures.append(f"handover {handover + 1}: {error}; pending {pending}; workers {reached}")
            page.goto(deploys["url"] + "/", timeout=60_000)
            wait_for_python(page)
        loaded = html.get_attribute("data-deploy")
        print(f"handover {handover + 1}: {active} -> {new}, this load ran {loaded}", flush=True)
        if loaded != new:  # taken over after this navigation began: the next load runs the new version
            page.reload()
            wait_for_python(page)
        active = html.get_attribute("data-deploy")
    context.close()
    assert not failures, "\n".join(failures)
