"""Fixtures shared by the browser tests: the built site on local servers, the system Chromium, one
shared browser context; and the markers: `browser` (drives Chromium) and `slow` (over ~5 s alone)."""

import fcntl
import gc
from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext, BrowserType, Page

from tests.chromium import TEST_LAUNCH_ARGS, system_chromium
from tests.site_server import SITE, IsolatedSiteHandler, SiteHandler, serve


def serve_site(handler: type) -> str:
    if not (SITE / "index.html").exists():
        pytest.exit("build/site is missing: run `make build` (or `make test`) first", returncode=2)
    return serve(handler)


@pytest.fixture(scope="session")
def plain_server() -> str:
    """The built site as a plain static host serves it: no special headers."""
    return serve_site(SiteHandler)


@pytest.fixture(scope="session")
def isolated_server() -> str:
    """The built site with COOP/COEP headers, as `make serve` sends them."""
    return serve_site(IsolatedSiteHandler)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    path = system_chromium()
    chromium = {"executable_path": path} if path else {}
    return {**browser_type_launch_args, "args": TEST_LAUNCH_ARGS, **chromium}


# Every test's browser profile, unless the test is about these: no service worker (its first-visit reload
# races tests), and reduced motion. A pulsing "loading" dot or a flowing edge repaints the page on every
# frame, about 0.1 CPU-seconds a second on a 2-core machine; test_graphs.py proves both motion settings.
QUIET = {"service_workers": "block", "reduced_motion": "reduce"}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    """pytest-playwright's `page` fixture: as quiet as the shared profile (QUIET)."""
    return {**browser_context_args, **QUIET}


@pytest.fixture(scope="session")
def shared_context(
    browser_type: BrowserType, browser_type_launch_args: dict, tmp_path_factory: pytest.TempPathFactory
) -> BrowserContext:
    """One browser profile for the tests that need no fresh one: after the first start on each server,
    Python starts from the copy of its memory that the worker saved (several times faster). The profile
    is on disk, so its HTTP cache keeps Pyodide's 9.6 MB wasm and Chromium's compiled code for it (a
    private profile downloads and compiles it again for every page: twice the time of each start).
    Close its tabs with learner.close_page, which forgets what they stored."""
    context = browser_type.launch_persistent_context(
        tmp_path_factory.mktemp("profile"),
        **browser_type_launch_args,
        **QUIET,
        viewport={"width": 1200, "height": 1000},
    )
    yield context
    context.close()


@pytest.fixture(scope="module")
def tab(shared_context: BrowserContext) -> Page:
    """One tab of the shared profile for a whole module, going from page to page (a new tab costs a
    new renderer, about 2.5 CPU-seconds); closed, and what it stored forgotten, after the module."""
    from tests.e2e.learner import close_page  # learner imports this module

    page = shared_context.new_page()
    yield page
    close_page(page)


@pytest.fixture(scope="session")
def gallery_url(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> str:
    """The gallery site (tests/visual/pages/), built once per run (the first xdist worker to need it
    builds it, the others wait for it) and served locally."""
    from tests.visual.gallery import build_gallery, serve  # it imports this module's SiteHandler

    run = tmp_path_factory.getbasetemp()
    if worker_id != "master":
        run = run.parent  # shared by the xdist workers of this run
    site = run / "gallery" / "site"
    with open(run / "gallery.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (site / "index.html").exists():
            build_gallery(site)
    return serve(site)


@pytest.fixture(autouse=True)
def frozen_heap() -> Iterator[None]:
    """Every object earlier tests left alive is frozen for this test, as the worker freezes Python's own
    objects (backprop_worker.labs.prepare): the full collection that ends each Check then looks at this
    test's objects only, not at the whole test process (four times slower in a full run)."""
    gc.freeze()
    yield
    gc.unfreeze()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The modules marked `heavy` first: under --dist loadscope a module runs in one process, and a long
    one handed out last keeps the other process idle until it ends."""
    items.sort(key=lambda item: item.get_closest_marker("heavy") is None)


def pytest_itemcollected(item: pytest.Item) -> None:
    """Mark every test that drives Chromium `browser`, so `-m "not browser"` runs without one."""
    # Every fixture it uses, however indirectly: each way to a browser (pytest-playwright's `browser`,
    # `page`, `context`, and shared_context) goes through `browser_type`.
    if "browser_type" in getattr(item, "fixturenames", ()):
        item.add_marker(pytest.mark.browser)
