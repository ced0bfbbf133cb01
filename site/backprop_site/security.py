"""Content-Security-Policy for built pages and the worker, and the headers that make a page cross-origin
isolated: defined here once, for the build, `mkdocs serve`, the service worker, the tests and benches."""

import base64
import hashlib
import re

INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?P<attrs>[^>]*)>(?P<body>.*?)</script>", re.S)
ISOLATION_HEADERS = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
    "Cross-Origin-Resource-Policy": "same-origin",
}
# The Python worker's own policy (a worker obeys the CSP of its script's response, not the page's):
# learner code can reach JavaScript's fetch, XMLHttpRequest and WebSocket, and must reach no other host.
# Only a server or our service worker can send it; a plain static host serves worker.js without it.
WORKER_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self' 'wasm-unsafe-eval'",
        "connect-src 'self'",
        "worker-src 'none'",
        "object-src 'none'",
    ]
)
WORKER_SCRIPT = "assets/backprop/worker.js"


def content_security_policy(page_html: str, allow_any_inline: bool = False) -> str:
    """Only this origin; inline scripts only by hash; WebAssembly compilation allowed."""
    if allow_any_inline:  # `mkdocs serve` injects a live-reload script that changes per request
        inline = "'unsafe-inline'"
    else:
        inline = " ".join(
            f"'sha256-{_sha256(m['body'])}'"
            for m in INLINE_SCRIPT.finditer(page_html)
            if "application/json" not in m["attrs"]
        )
    return "; ".join(
        [
            "default-src 'self'",
            f"script-src 'self' 'wasm-unsafe-eval' {inline}".strip(),
            "worker-src 'self'",
            "connect-src 'self'",
            "img-src 'self' data:",
            "font-src 'self'",
            "style-src 'self' 'unsafe-inline'",
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
        ]
    )


def add_csp_meta(page_html: str, allow_any_inline: bool = False) -> str:
    """The policy as the first element of <head>, so it covers every script after it."""
    policy = content_security_policy(page_html, allow_any_inline)
    meta = f'<meta http-equiv="Content-Security-Policy" content="{policy}">'
    return page_html.replace("<head>", f"<head>\n{meta}", 1)


def headers_for(path: str) -> dict[str, str]:
    """What a server should add to the response for this URL path: COOP/COEP, and the worker's CSP."""
    if path.endswith("/" + WORKER_SCRIPT) or path == WORKER_SCRIPT:
        return {**ISOLATION_HEADERS, "Content-Security-Policy": WORKER_POLICY}
    return dict(ISOLATION_HEADERS)


def with_isolation_headers(app):
    """Wrap a WSGI app so every response carries COOP/COEP (for SharedArrayBuffer and Stop)."""

    def wrapped(environ, start_response):
        extra = list(headers_for(environ.get("PATH_INFO", "")).items())

        def start(status, headers, exc_info=None):
            return start_response(status, list(headers) + extra, exc_info)

        return app(environ, start)

    return wrapped


def _sha256(text: str) -> str:
    return base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
