"""Fixtures shared by the browser tests: the built site on local servers, and the system Chromium."""

import functools
import http.server
import os
import threading
from pathlib import Path

import pytest
from backprop_site.security import headers_for

from tests.chromium import LAUNCH_ARGS, system_chromium

# BP_SITE_DIR lets parallel work test its own build (mkdocs build -d DIR); the default is `make build`'s.
SITE = Path(os.environ.get("BP_SITE_DIR") or Path(__file__).resolve().parents[1] / "build" / "site")


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves build/site quietly; subclasses add headers."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
    }
    extra_headers: dict[str, str] = {}

    def end_headers(self) -> None:
        for name, value in self.extra_headers.items():
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, *args) -> None:
        pass


class IsolatedSiteHandler(SiteHandler):
    """COOP/COEP on everything, and the worker's CSP on worker.js, as `mkdocs serve` sends them."""

    def end_headers(self) -> None:
        for name, value in headers_for(self.path.split("?", 1)[0]).items():
            self.send_header(name, value)
        super().end_headers()


def _serve(handler: type) -> str:
    if not (SITE / "index.html").exists():
        pytest.exit("build/site is missing: run `make build` (or `make test`) first", returncode=2)
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=str(SITE))
    )
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}"


@pytest.fixture(scope="session")
def plain_server() -> str:
    """The built site as a plain static host serves it: no special headers."""
    return _serve(SiteHandler)


@pytest.fixture(scope="session")
def isolated_server() -> str:
    """The built site with COOP/COEP headers, as `make serve` sends them."""
    return _serve(IsolatedSiteHandler)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    path = system_chromium()
    return {**browser_type_launch_args, "args": LAUNCH_ARGS, **({"executable_path": path} if path else {})}
