"""`mkdocs serve` with a build error: pages show the error (and reload when it is fixed) instead of waiting.

MkDocs 1.6's live-reload server keeps every page request waiting until a rebuild succeeds, and stops
when the first build fails. Here `mkdocs serve`'s build is wrapped (install(), at on_startup): a
failed build is remembered with its messages and counts as done, so the server starts or requests
are answered, and every HTML page is this error page until the next build succeeds; the page polls
live reload like any other, so it turns back into the site by itself.
"""

import html
import logging
import threading

import mkdocs.commands.serve

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Build error - Backprop Lab</title>
<style>
body {{ font: 16px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; }}
h1 {{ color: #b00020; font-size: 1.5rem; }}
pre {{ background: #fff4f4; border-left: 4px solid #b00020; padding: 1rem; white-space: pre-wrap; }}
</style></head>
<body><main role="alert" data-build-error>
<h1>The build stopped</h1>
<p>Fix what is named below and save: this page reloads by itself when the site builds again.</p>
<pre>{errors}</pre>
</main></body></html>
"""


class _Messages(logging.Handler):
    """Warnings and errors MkDocs logs during one build (strict mode stops on warnings)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(f"{record.levelname}: {record.getMessage()}")


class BuildErrors:
    """The error of the last build (None when it succeeded), served in place of every page."""

    def __init__(self, server=None) -> None:
        self.server = server  # the LiveReloadServer, known from on_serve on
        self.error: str | None = None
        self.lock = threading.Lock()

    def install(self) -> None:
        """Wrap the build `mkdocs serve` runs (MkDocs 1.6.1 calls mkdocs.commands.serve.build), once."""
        build = mkdocs.commands.serve.build
        if not getattr(build, "keeps_serving", False):
            mkdocs.commands.serve.build = self.wrap_builder(build)

    def wrap_builder(self, builder):
        def build(*args, **kwargs):
            messages = _Messages()
            logging.getLogger("mkdocs").addHandler(messages)
            try:
                builder(*args, **kwargs)
            except (Exception, SystemExit) as e:
                with self.lock:
                    self.error = "\n".join([*messages.lines, f"{type(e).__name__}: {e}"])
                logging.getLogger("mkdocs.backprop").error("The build stopped; the browser shows why.")
                return  # the server counts the build as done, so requests are answered
            finally:
                logging.getLogger("mkdocs").removeHandler(messages)
            with self.lock:
                self.error = None

        build.keeps_serving = True
        return build

    def wrap_app(self, app):
        def serve(environ, start_response):
            with self.lock:
                error = self.error
            path = environ.get("PATH_INFO", "")
            if error is None or self.server is None or path.startswith("/livereload/") or not _is_page(path):
                return app(environ, start_response)
            body = PAGE.format(errors=html.escape(error)).encode()
            body = self.server._inject_js_into_html(body, self.server._visible_epoch)
            start_response("500 Build Error", [("Content-Type", "text/html; charset=utf-8")])
            return [body]

        return serve


def _is_page(path: str) -> bool:
    last = path.rsplit("/", 1)[-1]
    return last == "" or last.endswith(".html") or "." not in last


# One per process: `mkdocs serve` makes a new plugin for every build, but its build function is one.
ERRORS = BuildErrors()
