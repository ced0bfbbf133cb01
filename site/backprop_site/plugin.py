"""BackpropPlugin: lesson fences become widgets; the build packs engine/, Pyodide and the bundles."""

import re
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from backprop_site import assets, offline, security, widgets
from backprop_site.fences import FenceError, find_fences
from backprop_site.graphs import GraphBlockError, run_graph_block
from backprop_site.labs import LabError, LabPlace, LabRegistry, write_course_map

PLACEHOLDER = re.compile(r'<div data-bp-widget="(\d+)"></div>')


class BackpropPlugin(BasePlugin):
    """Serves the events below; each handler says which one."""

    def __init__(self) -> None:
        self.serving = False
        self.labs = LabRegistry()
        self.widgets: dict[str, list[str]] = {}
        self.nav_pages: list[Page] = []

    # on_startup: remember whether this is `mkdocs serve` (live reload needs looser CSP).
    def on_startup(self, *, command: str, dirty: bool) -> None:
        self.serving = command == "serve"

    # on_pre_build: every build starts with no labs seen.
    def on_pre_build(self, *, config: MkDocsConfig) -> None:
        self.labs = LabRegistry()
        self.widgets = {}

    # on_nav: remember the pages in nav order, for the course map (course.json).
    def on_nav(self, nav, *, config: MkDocsConfig, files: Files):
        self.nav_pages = list(nav.pages)
        return nav

    # on_page_markdown: swap each run/lab/graph fence for a placeholder, and render its widget.
    def on_page_markdown(self, markdown: str, *, page: Page, config: MkDocsConfig, files: Files):
        src = page.file.src_uri
        try:
            fences = find_fences(markdown)
        except FenceError as e:
            raise PluginError(f"{src}: {e}") from None
        if not fences:
            return markdown
        lines = markdown.split("\n")
        rendered: list[str] = []
        for n, fence in reversed(list(enumerate(fences))):
            try:
                html = self._render(fence, src, n, page, markdown)
            except (GraphBlockError, LabError) as e:
                raise PluginError(str(e)) from None
            rendered.append(html)
            lines[fence.start : fence.end] = [f'{fence.indent}<div data-bp-widget="{n}"></div>', ""]
        self.widgets[src] = rendered[::-1]
        page.meta.setdefault("bp_widgets", [f.kind for f in fences])
        return "\n".join(lines)

    def _render(self, fence, src: str, n: int, page: Page, markdown: str) -> str:
        if fence.kind == "run":
            return widgets.run_cell(fence, f"cell-{n}")
        # The fence's line in the lesson file (front matter is not part of `markdown`).
        source = page.file.content_string
        above = source[: len(source) - len(markdown)].count("\n") if source.endswith(markdown) else 0
        if fence.kind == "lab":
            lab_id = fence.attrs["lab"]
            if not re.fullmatch(r"[a-z][a-z0-9-]*", lab_id):
                raise LabError(f"{src}:{above + fence.line}: lab id '{lab_id}' must be lowercase words and -")
            grader = self.labs.add(lab_id, LabPlace(src, above + fence.line))
            return widgets.lab(fence, lab_id, grader.TITLE, len(grader.HINTS))
        first_line = above + fence.line + 1
        output = fence.attrs.get("output") or None
        traced = run_graph_block(fence.code, output, src=src, first_line=first_line)
        caption = fence.attrs.get("caption") or "Nodes of the computation graph"
        return widgets.graph(fence, f"graph-{n}", traced, caption)

    # on_page_content: put each widget's HTML where its placeholder stands.
    def on_page_content(self, html: str, *, page: Page, config: MkDocsConfig, files: Files):
        rendered = self.widgets.get(page.file.src_uri)
        if not rendered:
            return html
        return PLACEHOLDER.sub(lambda m: rendered[int(m[1])], html)

    # on_post_page: a Content-Security-Policy that allows only this origin.
    def on_post_page(self, output: str, *, page: Page, config: MkDocsConfig) -> str:
        if self.serving:  # `mkdocs serve` sends the isolation headers itself; no service worker
            output = output.replace("<head>", '<head>\n<meta name="backprop-offline" content="off">', 1)
        return security.add_csp_meta(output, allow_any_inline=self.serving)

    # on_post_template: pages made from a theme template alone (404.html) get the same policy.
    def on_post_template(self, output_content: str, *, template_name: str, config: MkDocsConfig) -> str:
        if not template_name.endswith(".html"):
            return output_content
        return self.on_post_page(output_content, page=None, config=config)

    # on_post_build: graders without labs fail the build; bundles, Pyodide and Python are written.
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        try:
            self.labs.check_orphans()
        except LabError as e:
            raise PluginError(str(e)) from None
        site_dir = Path(config.site_dir)
        write_course_map(site_dir, self.nav_pages, self.labs)  # which labs each page has, for progress
        try:
            assets.bundle_frontend(site_dir)
            pyodide_version = assets.copy_pyodide(site_dir)
            python_hash = assets.pack_python(site_dir)
            assets.write_build_info(site_dir, pyodide_version, python_hash)
            # Last: the service worker lists every file written before it.
            offline.write_service_worker(site_dir, pyodide_version, enabled=not self.serving)
        except assets.AssetError as e:
            raise PluginError(str(e)) from None

    # on_serve: rebuild when the engine, graders or front end change; send COOP/COEP headers.
    def on_serve(self, server, *, config: MkDocsConfig, builder):
        for path in (*assets.PYTHON_SOURCES.values(), assets.FRONTEND):
            server.watch(str(path))
        server.set_app(security.with_isolation_headers(server.get_app()))
        return server
