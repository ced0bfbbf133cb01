"""A redeploy on a plain static host reaches learners: two builds with different content, v1 served and
visited, v2 swapped in; after two reloads the page runs v2's JavaScript and every file the service
worker keeps matches v2's content hashes (not the browser's HTTP cache's copy of v1)."""

import functools
import json
import os
import re
import shutil
import zipfile
from pathlib import Path

import pytest
from backprop_site import offline
from playwright.sync_api import Browser, expect

from tests.e2e.learner import new_context, until, wait_for_python
from tests.site_server import SITE, SiteHandler, SiteServer

pytestmark = pytest.mark.heavy  # one of the longest modules: it starts first (tests/conftest.py)

# Every file in the service worker's caches, with the build's kind of content hash.
CACHED_HASHES = """async () => {
  const hex = (buffer) =>
    [...new Uint8Array(buffer).slice(0, 6)].map((b) => b.toString(16).padStart(2, "0")).join("");
  const found = {};
  for (const name of await caches.keys()) {
    if (!/^bp-(site|pyodide)-/.test(name)) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const body = await (await cache.match(request)).arrayBuffer();
      found[request.url] = [name, hex(await crypto.subtle.digest("SHA-256", body))];
    }
  }
  return found;
}"""


def make_build(target: Path, label: str, mtimes_from: Path | None = None) -> dict:
    """A copy of the built site whose main.js, python.zip and home page say `label`, with its own sw.js.

    mtimes_from: keep that build's modification times on the changed files, as deploy tools that set
    every file to a fixed date do; the server's validators then claim nothing changed.
    """
    shutil.copytree(SITE, target)
    main_js = target / "assets" / "backprop" / "main.js"
    main_js.write_text(main_js.read_text() + f'\ndocument.documentElement.dataset.deploy = "{label}";\n')
    archive = target / "assets" / "backprop" / "python.zip"
    with zipfile.ZipFile(archive, "a") as zf:
        zf.writestr("deploy_marker.py", f"BUILD = {label!r}\n")
    home = target / "index.html"
    home.write_text(home.read_text().replace("</article>", f"<p>Build {label}</p></article>", 1))
    info_path = target / "assets" / "backprop" / "build.json"
    info = json.loads(info_path.read_text())
    info["python"] = f"{info['python'][:8]}{label}"
    info_path.write_text(json.dumps(info))
    for changed in (main_js, archive, home, info_path):
        if mtimes_from:
            stat = (mtimes_from / changed.relative_to(target)).stat()
            os.utime(changed, (stat.st_atime, stat.st_mtime))
    version = offline.write_service_worker(target, info)
    if mtimes_from:  # deployed a minute later: the new sw.js must look new, or the browser keeps the old
        later = (mtimes_from / "sw.js").stat().st_mtime + 60
        os.utime(target / "sw.js", (later, later))
    source = (target / "sw.js").read_text()
    manifest = json.loads(re.search(r"const MANIFEST = (\{.*?\n\});", source, re.S)[1])
    return {"version": version, "files": {f: h for c in manifest["caches"] for f, h in c["files"].items()}}


def watch_service_workers(context, page) -> tuple:
    """A DevTools session on the page's service workers, and {status: version ids that reached it}
    as it reports them (the version active when it starts is reported at once)."""
    devtools = context.new_cdp_session(page)
    reached: dict[str, set[str]] = {}

    def updated(event: dict) -> None:
        for version in event["versions"]:
            reached.setdefault(version["status"], set()).add(version["versionId"])

    devtools.on("ServiceWorker.workerVersionUpdated", updated)
    devtools.send("ServiceWorker.enable")
    return devtools, reached


def watch_requests(page) -> dict[str, str]:
    """{url: resource type} of the page's requests still under way, kept up to date as they finish or fail."""
    pending: dict[str, str] = {}
    page.on("request", lambda r: pending.__setitem__(r.url, r.resource_type))
    page.on("requestfinished", lambda r: pending.pop(r.url, None))
    page.on("requestfailed", lambda r: pending.pop(r.url, None))
    return pending


class CachingHandler(SiteHandler):
    """A static host that lets browsers keep files for ten minutes (as GitHub Pages does)."""

    extra_headers = {"Cache-Control": "max-age=600"}
    root: dict = {}

    def translate_path(self, path: str) -> str:
        self.directory = str(self.root["dir"])
        return super().translate_path(path)


@pytest.fixture(scope="module")
def deploys(tmp_path_factory):
    base = tmp_path_factory.mktemp("deploys")
    v1 = make_build(base / "v1", "v1")
    v2 = make_build(base / "v2", "v2", mtimes_from=base / "v1")
    root = {"dir": base / "v1"}
    handler = type("Handler", (CachingHandler,), {"root": root})
    httpd = SiteServer.started(functools.partial(handler, directory=str(base)))
    yield {
        "url": f"http://127.0.0.1:{httpd.server_address[1]}",
        "root": root,
        "base": base,
        "v1": v1,
        "v2": v2,
    }
    httpd.shutdown()
    httpd.server_close()


def test_a_redeploy_is_fully_in_place_after_two_reloads(browser: Browser, deploys) -> None:
    context = new_context(browser, service_workers="allow")
    page = context.new_page()
    html = page.locator("html")
    page.goto(deploys["url"] + "/")
    expect(html).to_have_attribute("data-deploy", "v1")
    expect(html).to_have_attribute("data-offline-version", deploys["v1"]["version"], timeout=60_000)

    devtools, reached = watch_service_workers(context, page)
    assert until(page, lambda: reached.get("activated")), "v1's worker is not reported"
    v1 = set(reached["activated"])
    deploys["root"]["dir"] = deploys["base"] / "v2"
    page.reload()  # the old worker answers; the browser finds the new sw.js and installs it
    installed = ("installed", "activating", "activated")
    assert until(page, lambda: set().union(*(reached.get(s, set()) for s in installed)) - v1), (
        "no v2 installed"
    )
    # v2 called skipWaiting: Chromium hands over once v1 is idle and stops. It never stops a worker that
    # DevTools (Playwright) is attached to, so once the page has done its downloads (Python is up and v1
    # has checked its copies: v1, or v2 when v1 was idle already), stop the workers as an idle browser would.
    wait_for_python(page)
    checked = re.compile(f"^({deploys['v1']['version']}|{deploys['v2']['version']})$")
    expect(html).to_have_attribute("data-offline-version", checked, timeout=60_000)
    devtools.send("ServiceWorker.stopAllWorkers")
    # v1's copies stay while this page, loaded under v1, is open; v2 takes over once v1 is stopped.
    assert until(page, lambda: reached.get("activated", set()) - v1), "v2's worker never took over"
    page.reload()
    expect(html).to_have_attribute("data-deploy", "v2")
    expect(page.locator("article")).to_contain_text("Build v2")
    expect(html).to_have_attribute("data-offline-version", deploys["v2"]["version"], timeout=60_000)

    cached = page.evaluate(CACHED_HASHES)
    expected = deploys["v2"]["files"]
    assert {url.removeprefix(deploys["url"] + "/") for url in cached} == set(expected)
    stale = {
        url: h for url, (_, h) in cached.items() if expected[url.removeprefix(deploys["url"] + "/")] != h
    }
    assert not stale, f"cached copies that are not v2's: {sorted(stale)}"
    build = json.loads((deploys["base"] / "v2" / "assets" / "backprop" / "build.json").read_text())
    assert {name for name, _ in cached.values()} == {
        f"bp-site-{deploys['v2']['version']}",
        f"bp-pyodide-{build['pyodide']}",
    }
    context.close()


def test_no_page_load_fails_while_a_new_version_takes_over(browser: Browser, deploys) -> None:
    """20 loads while v2 takes over from v1, each reaching a ready Python. v2's sw.js is found while the
    second load is still fetching (the page, its Python worker and the precache all go through the
    service worker then), and the workers are stopped every third load once the page is idle, as a
    browser stops them; the other pages are left as soon as Python is ready."""
    deploys["root"]["dir"] = deploys["base"] / "v1"
    context = new_context(browser, service_workers="allow")
    page = context.new_page()
    html = page.locator("html")
    page.goto(deploys["url"] + "/playground/")
    expect(html).to_have_attribute("data-offline-version", deploys["v1"]["version"], timeout=60_000)
    deploys["root"]["dir"] = deploys["base"] / "v2"
    devtools, reached = watch_service_workers(context, page)
    pending = watch_requests(page)
    seen = []
    for load in range(20):
        try:
            page.goto(deploys["url"] + ("/playground/", "/")[load % 2], wait_until="commit")
        except Exception as error:
            raise AssertionError(f"load {load + 1} never came: {reached}, {pending}") from error
        if load == 1:  # the browser looks for a new sw.js now and then; here, while this page loads
            page.evaluate("navigator.serviceWorker.getRegistration().then((r) => { r.update(); })")
        state = re.compile("^(ready|error)$")
        try:
            expect(html).to_have_attribute("data-python", state, timeout=120_000)
        except AssertionError as error:
            raise AssertionError(f"load {load + 1}: Python never started; waiting for {pending}") from error
        status = page.locator(".bp-status").all_inner_texts()
        assert html.get_attribute("data-python") == "ready", f"load {load + 1}: {status}"
        seen.append(html.get_attribute("data-deploy"))
        if load % 3 == 2:  # let the page become idle (its precache answered), then stop the workers
            either = re.compile(f"^({deploys['v1']['version']}|{deploys['v2']['version']})$")
            expect(html).to_have_attribute("data-offline-version", either, timeout=60_000)
            devtools.send("ServiceWorker.stopAllWorkers")  # as a browser stops an idle worker
        # Other loads are left at once, often while the page asks for its precache or has just been
        # answered: a page being left must not hand over (offline/index.js), or the next load hangs.
    expect(html).to_have_attribute("data-offline-version", deploys["v2"]["version"], timeout=60_000)
    assert len(reached["activated"]) == 2, f"service worker versions activated: {reached}"
    assert "v1" in seen[:2] and seen[-6:] == ["v2"] * 6, seen
    v1_cache = f"bp-site-{deploys['v1']['version']}"
    assert until(page, f"caches.keys().then((keys) => !keys.includes('{v1_cache}'))"), "v1's copies stayed"
    context.close()
