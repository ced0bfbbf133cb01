"""BackpropPlugin: lesson fences become widgets; the build packs engine/, Pyodide and the bundles."""

import re
from pathlib import Path

from mkdocs.config import config_options
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from backprop_site import assets, notebooks, offline, preload, search, security, serve_bundle, widgets
from backprop_site.attention import MARKER as ATTENTION_MARKER
from backprop_site.attention import attention_data
from backprop_site.course import MAP_MARKER, Course, CourseError
from backprop_site.fences import FenceError, code_lines, find_fences
from backprop_site.graphs import GraphBlockError, run_graph_block
from backprop_site.labs import LabError, LabPlace, LabRegistry, write_course_map
from backprop_site.link_lines import LinkLines
from backprop_site.pictures import PICTURES, picture
from backprop_site.serve_errors import ERRORS

PLACEHOLDER = re.compile(r'<div data-bp-widget="(\d+)"></div>')
FIRST_H1 = re.compile(r"(<h1\b[^>]*>)")


class BackpropConfig(Config):
    """plugins: - backprop: {graders: lab_checks, assets: true}"""

    graders = config_options.Type(str, default="lab_checks")  # the graders' folder, from mkdocs.yml's
    assets = config_options.Type(bool, default=True)  # false: pages only (the build tests' small courses)


class BackpropPlugin(BasePlugin[BackpropConfig]):
    """Serves the events below; each handler says which one."""

    def __init__(self) -> None:
        self.serving = False
        self.root = Path.cwd()
        self.docs = ""
        self.labs = LabRegistry()
        self.widgets: dict[str, list[str]] = {}
        self.cells: dict[str, list[dict]] = {}  # each lesson's prose and code, for notebooks.json
        self.nav_pages: list[Page] = []
        self.course: Course | None = None
        self.python_hash = ""

    # on_startup: remember whether this is `mkdocs serve` (live reload needs looser CSP); under serve a
    # failed build is shown in the browser instead of stopping the server or keeping requests waiting.
    def on_startup(self, *, command: str, dirty: bool) -> None:
        self.serving = command == "serve"
        if self.serving:
            ERRORS.install()

    # on_config: paths relative to the course's folder (where mkdocs.yml is); link warnings get lines;
    # run cells become superfences' custom fences (widgets.RUN_CELL_FENCE).
    def on_config(self, config: MkDocsConfig):
        self.root = Path(config.config_file_path or ".").resolve().parent
        docs_dir = Path(config.docs_dir).resolve()
        inside = docs_dir.is_relative_to(self.root)
        self.docs = str(docs_dir.relative_to(self.root)) if inside else str(docs_dir)
        LinkLines(docs_dir, self.root).install()
        if "pymdownx.superfences" not in config.markdown_extensions:
            config.markdown_extensions.append("pymdownx.superfences")
        custom = config.mdx_configs.setdefault("pymdownx.superfences", {}).setdefault("custom_fences", [])
        if widgets.RUN_CELL_FENCE not in custom:
            custom.append(widgets.RUN_CELL_FENCE)
        return config

    # on_pre_build: every build starts with no labs seen; proven labs are remembered under build/.
    def on_pre_build(self, *, config: MkDocsConfig) -> None:
        proofs = self.root / "build" / ".lab-proofs"
        self.labs = LabRegistry(self.root / self.config.graders, self.root, proofs)
        self.widgets = {}
        self.cells = {}
        self.python_hash = assets.python_hash()  # pages preload python.zip by it (preload.py)

    # on_nav: the course's order from nav: numbered titles, and the pages for course.json.
    def on_nav(self, nav, *, config: MkDocsConfig, files: Files):
        self.nav_pages = list(nav.pages)
        self.course = Course(nav)
        self.course.number_titles(nav)
        return nav

    def where(self, page: Page) -> str:
        """The lesson's file relative to the course's folder, as errors name it."""
        return f"{self.docs}/{page.file.src_uri}" if self.docs else page.file.src_uri

    # on_page_markdown: lesson references get numbers; each lab and graph fence and attention marker
    # becomes a placeholder and its widget is rendered (labs are proven), each run fence gets its id;
    # the home page gets its course map.
    def on_page_markdown(self, markdown: str, *, page: Page, config: MkDocsConfig, files: Files):
        src = page.file.src_uri
        source = page.file.content_string
        above = source[: len(source) - len(markdown)].count("\n") if source.endswith(markdown) else 0
        try:
            markdown = self.course.write_references(markdown, src, self.where(page), above + 1)
            fences = find_fences(markdown)
        except CourseError as e:
            raise PluginError(str(e)) from None
        except FenceError as e:  # "line N: ..." of the markdown, as file:line of the lesson
            message = re.sub(r"^line (\d+): ", lambda m: f"{int(m[1]) + above}: ", str(e))
            raise PluginError(f"{self.where(page)}:{message}") from None
        self.cells[src] = notebooks.lesson_cells(markdown, fences, self.root)
        lines = self._render_widgets(markdown.split("\n"), fences, page, above)
        code = code_lines(lines)
        marker = next((n for n, line in enumerate(lines) if line == MAP_MARKER and n not in code), None)
        if marker is not None:
            try:
                lines[marker] = self.course.course_map(src, page.meta.get("modules") or {})
            except CourseError as e:
                raise PluginError(f"{self.where(page)}:1: {e}") from None
        return "\n".join(lines)

    def _render_widgets(self, lines: list[str], fences: list, page: Page, above: int) -> list[str]:
        """The lines with placeholders for labs, graphs and attention pictures, and run fences' ids."""
        # Run cells are superfences' (widgets.RUN_CELL_FENCE); their ids are numbered among all the page's
        # widgets, as learners' saved code knows them. Labs and graphs stay stashed here: they need their
        # fence's line in the lesson (errors, LabPlace) and the build's lab registry, which a format
        # function is not given; attention markers are HTML, not fences.
        rendered = self.widgets[page.file.src_uri] = []

        def placeholder(html: str, indent: str = "") -> str:
            rendered.append(html)
            return f'{indent}<div data-bp-widget="{len(rendered) - 1}"></div>'

        lines, blocks = list(lines), []
        for n, fence in enumerate(fences):
            if fence.kind == "run":
                lines[fence.start] = f'{lines[fence.start].rstrip()} id="cell-{n}"'
                continue
            try:
                blocks.append((fence, placeholder(self._render(fence, n, page, above), fence.indent)))
            except (GraphBlockError, LabError) as e:
                raise PluginError(str(e)) from None
        code = code_lines(lines)
        markers = [i for i, line in enumerate(lines) if i not in code and ATTENTION_MARKER.fullmatch(line)]
        for k, i in enumerate(markers):
            try:
                data = attention_data(ATTENTION_MARKER.fullmatch(lines[i])[1])
            except ValueError as e:
                raise PluginError(f"{self.where(page)}:{above + i + 1}: attention picture: {e}") from None
            lines[i] = placeholder(widgets.attention(data, f"attention-{k}"))
        for kind in PICTURES:  # the GPT module's other pictures, numbered per kind as attention's are
            found = [i for i, line in enumerate(lines) if i not in code and kind.marker.fullmatch(line)]
            for k, i in enumerate(found):
                try:
                    data = kind.data(kind.marker.fullmatch(lines[i]))
                except ValueError as e:
                    where = f"{self.where(page)}:{above + i + 1}"
                    raise PluginError(f"{where}: {kind.kind} picture: {e}") from None
                lines[i] = placeholder(picture(kind.kind, data, f"{kind.kind}-{k}"))
        for fence, stand_in in reversed(blocks):  # from the last, so earlier fences keep their indexes
            lines[fence.start : fence.end] = [stand_in, ""]
        return lines

    def _render(self, fence, n: int, page: Page, above: int) -> str:
        """A lab's or graph's HTML; above is how many lines of the file precede `markdown` (front matter)."""
        where = self.where(page)
        if fence.kind == "lab":
            lab_id = fence.attrs["lab"]
            if not re.fullmatch(r"[a-z][a-z0-9-]*", lab_id):
                raise LabError(
                    f"{where}:{above + fence.line}: lab id '{lab_id}' must be lowercase words and -"
                )
            grader = self.labs.add(lab_id, LabPlace(where, above + fence.line))
            self.labs.prove(lab_id, grader, fence.code)
            return widgets.lab(fence, lab_id, grader.TITLE, len(grader.HINTS))
        first_line = above + fence.line + 1
        output = fence.attrs.get("output") or None
        traced = run_graph_block(fence.code, output, src=where, first_line=first_line)
        caption = fence.attrs.get("caption") or "Nodes of the computation graph"
        return widgets.graph(fence, f"graph-{n}", traced, caption)

    # on_page_content: put each stashed widget's HTML where its placeholder stands; number the heading.
    def on_page_content(self, html: str, *, page: Page, config: MkDocsConfig, files: Files):
        lesson = self.course.lessons.get(page.file.src_uri) if self.course else None
        if lesson and lesson.number:
            number = f'<span class="bp-lesson-number">{lesson.number}</span> '
            html = FIRST_H1.sub(lambda m: m[1] + number, html, count=1)
        rendered = self.widgets.get(page.file.src_uri)
        if not rendered:
            return html
        return PLACEHOLDER.sub(lambda m: rendered[int(m[1])], html)

    # on_post_page: preload hints where Python runs; search indexed on the first query; a
    # Content-Security-Policy that allows only this origin.
    def on_post_page(self, output: str, *, page: Page, config: MkDocsConfig) -> str:
        if page is not None and self.config.assets:
            output = preload.add_preload_hints(output, page.url, self.python_hash)
        if self.config.assets:
            output = search.index_on_first_query(output)
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
        write_course_map(site_dir, self.nav_pages, self.labs, self.docs)  # which labs each page has
        notebooks.write_notebook_map(site_dir, self.course, self.nav_pages, self.cells)  # for downloads
        if not self.config.assets:
            return
        try:
            if self.serving:  # rebuilds skip esbuild while the front end is unchanged
                serve_bundle.bundle_when_changed(site_dir, self.root / "build" / ".serve-bundle")
            else:
                assets.bundle_frontend(site_dir)
            pyodide_version = assets.copy_pyodide(site_dir)
            python_hash = assets.pack_python(site_dir)
            snapshot = assets.make_snapshot(site_dir, pyodide_version, python_hash)
            info = assets.write_build_info(site_dir, pyodide_version, python_hash, snapshot)
            # Last: the service worker lists every file written before it.
            offline.write_service_worker(site_dir, info, enabled=not self.serving)
        except assets.AssetError as e:
            raise PluginError(str(e)) from None

    # on_serve: rebuild when the engine, graders or front end change; a failed rebuild is shown in the
    # browser instead of keeping requests waiting; send COOP/COEP headers.
    def on_serve(self, server, *, config: MkDocsConfig, builder):
        for path in {*assets.PYTHON_SOURCES.values(), assets.FRONTEND, self.root / self.config.graders}:
            server.watch(str(path))
        ERRORS.server = server
        server.set_app(security.with_isolation_headers(ERRORS.wrap_app(server.get_app())))
        return server
