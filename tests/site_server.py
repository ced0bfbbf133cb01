"""The built site on a local server, for tests and benchmarks: a quiet static host, optionally with
the headers `make serve` sends or counting what it sends."""

import functools
import http.server
import os
import sys
import threading
from pathlib import Path

from backprop_site.security import headers_for

from tests.repo import BUILD

# BP_SITE_DIR lets parallel work test its own build (mkdocs build -d DIR); the default is `make build`'s.
SITE = Path(os.environ.get("BP_SITE_DIR") or BUILD / "site")


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


class CountingSiteHandler(SiteHandler):
    """The built site, noting the path of every file it sends in full (a 304 sends none) in `sent`
    (a subclass that needs its own list declares its own `sent`)."""

    sent: list[str] = []

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() == "content-length":
            self.sent.append(self.path.split("?")[0])
        super().send_header(keyword, value)


class IsolatedSiteHandler(SiteHandler):
    """COOP/COEP on everything, and the worker's CSP on worker.js, as `mkdocs serve` sends them."""

    def end_headers(self) -> None:
        for name, value in headers_for(self.path.split("?", 1)[0]).items():
            self.send_header(name, value)
        super().end_headers()


class SiteServer(http.server.ThreadingHTTPServer):
    """A local test server: one thread per request, and quiet when a tab leaves a page mid-download."""

    daemon_threads = True

    @classmethod
    def started(cls, handler) -> "SiteServer":
        """A server on a free local port, already serving in a background thread."""
        server = cls(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        return server

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def handle_error(self, request, client_address) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a broken pipe is the browser leaving
            super().handle_error(request, client_address)


def serve(handler: type, site: Path = SITE) -> str:
    """The URL of a new server of site with this handler class, serving in a background thread."""
    return SiteServer.started(functools.partial(handler, directory=str(site))).url
