"""Site search indexed on the first query: Material's config names our search worker instead of its own."""

import json
import re

CONFIG = re.compile(r'(<script id="__config" type="application/json">)(.*?)(</script>)', re.S)
OUR_WORKER = "assets/backprop/search-worker.js"


def index_on_first_query(page_html: str) -> str:
    """Point the page's search at frontend/search/search-worker.js, which starts Material's on the first
    query; the URL of Material's worker, relative to ours, goes along as its `material` parameter."""
    match = CONFIG.search(page_html)
    if not match:
        return page_html
    config = json.loads(match[2])
    material = config.get("search", "")
    if not material.endswith(".js") or OUR_WORKER in material:
        return page_html
    # Material's worker is assets/javascripts/workers/<name>; ours is in assets/backprop/ beside it.
    prefix, name = material.split("assets/javascripts/workers/")
    config["search"] = f"{prefix}{OUR_WORKER}?material=../javascripts/workers/{name}"
    text = json.dumps(config).replace("<", "\\u003c")  # as Jinja's tojson: no "</script>" inside
    return page_html[: match.start(2)] + text + page_html[match.end(2) :]
