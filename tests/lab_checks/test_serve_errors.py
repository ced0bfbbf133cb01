"""`make serve` with a build error answers every page with the error (and live reload) instead of
keeping the request waiting, and serves the site again once a build succeeds."""

import io
from pathlib import Path
from wsgiref.util import setup_testing_defaults

import mkdocs.commands.serve
from backprop_site.serve_errors import BuildErrors
from mkdocs.exceptions import PluginError
from mkdocs.livereload import LiveReloadServer


def request(app, path: str) -> tuple[str, bytes]:
    environ = {"PATH_INFO": path, "wsgi.input": io.BytesIO()}
    setup_testing_defaults(environ)
    answer = {}
    body = b"".join(app(environ, lambda status, headers, exc_info=None: answer.update(status=status)))
    return answer["status"], body


def test_a_failed_rebuild_is_shown_then_cleared(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<html><body>the site</body></html>")
    (tmp_path / "app.js").write_text("// a script")
    outcome = {"error": PluginError("lessons/a.md:7: lab 'x' has no grader")}

    def builder():
        if outcome["error"]:
            raise outcome["error"]

    server = LiveReloadServer(builder=builder, host="127.0.0.1", port=0, root=str(tmp_path))
    errors = BuildErrors(server)
    server.builder = errors.wrap_builder(server.builder)
    server.set_app(errors.wrap_app(server.get_app()))
    app = server.get_app()

    server.builder()  # must not raise: the server then counts the build as done and answers
    status, body = request(app, "/")
    assert status.startswith("500")
    assert b"lessons/a.md:7: lab &#x27;x&#x27; has no grader" in body
    assert b"data-build-error" in body and b"livereload(" in body  # it reloads itself when fixed
    status, body = request(app, "/app.js")
    assert status.startswith("200") and body == b"// a script"  # only pages are replaced

    outcome["error"] = None
    server.builder()
    status, body = request(app, "/")
    assert status.startswith("200") and b"the site" in body
    server.server_close()


def test_serve_keeps_serving_when_its_first_build_fails(monkeypatch) -> None:
    """install() wraps the build `mkdocs serve` calls, so a failing first build does not stop the server."""
    def failing_build(*args, **kwargs):
        raise PluginError("lessons/a.md:3: broken")

    monkeypatch.setattr(mkdocs.commands.serve, "build", failing_build)
    errors = BuildErrors()
    errors.install()
    errors.install()  # once only
    mkdocs.commands.serve.build(None)  # returns instead of raising
    assert "lessons/a.md:3: broken" in errors.error
