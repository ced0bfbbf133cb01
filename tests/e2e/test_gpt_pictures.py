"""The GPT module's pictures of what the model thinks: next-letter bars while sampling (lesson "Train it
and make names"), the loss letter by letter and the gradient check (lesson "The GPT block"). Drawn from
the build's numbers before Python; redrawn by the worker's GPT; keyboard, axe-core and a phone's width."""

import json
import math
import re

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from gpt.checkpoint import load_checkpoint
from gpt.letter_loss import compare_losses
from gpt.sampling import sampling_steps
from lab_checks import grading
from learner_engine.assemble import PIECES
from tests.e2e.accessibility import axe_violations
from tests.e2e.learner import RUN_TIMEOUT, close_page, labs_in_site, open_page, until, wait_for_python
from tests.site_server import SITE

BLOCK = "/gpt/gpt-block/"
NAMES = "/gpt/train-names/"
PHONE = {"width": 390, "height": 800}


@pytest.fixture(scope="module")
def model():
    return load_checkpoint()[0]


def shipped(path: str, kind: str) -> dict:
    """The numbers the build embedded in the page's picture of kind."""
    html = (SITE / path.strip("/") / "index.html").read_text()
    figure = re.search(rf'<figure class="bp-widget bp-picture bp-{kind}".*?</figure>', html, re.S)[0]
    return json.loads(
        re.search(r'<script type="application/json" class="bp-data">(.*?)</script>', figure, re.S)[1]
    )


def table_rows(figure: Locator) -> list[list[str]]:
    """The picture's table, a row per line (header cell first), from its <details> (read by text)."""
    rows = figure.locator(".bp-picture__table tbody tr, .bp-picture__table tfoot tr")
    return [rows.nth(i).locator("th, td").all_text_contents() for i in range(rows.count())]


def fits_a_phone(page: Page, figure: Locator) -> None:
    """At 390 px the page does not scroll sideways; the picture stays inside the page's width."""
    page.set_viewport_size(PHONE)
    # The pictures redraw for the new width when the browser reports the resize: wait for that state.
    fits = f"document.documentElement.scrollWidth <= {PHONE['width']}"
    assert until(page, fits, timeout=10), page.evaluate("document.documentElement.scrollWidth")
    box = figure.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]


def test_the_pages_ship_numbers_the_gpt_computed(model) -> None:
    steps = shipped(NAMES, "sampling")
    assert steps["name"] == model.sample(__import__("random").Random(0), 0.5) == "shanel"
    for step in steps["steps"]:
        assert abs(math.fsum(step["learned"]) - 1) < 1e-12 and abs(math.fsum(step["tempered"]) - 1) < 1e-12
    losses = shipped(BLOCK, "letter-loss")
    for m in losses["models"]:
        assert abs(math.fsum(r["loss"] for r in m["rows"]) / len(m["rows"]) - m["loss"]) < 1e-9
    assert abs(losses["models"][0]["loss"] - model.loss("emma").data) < 1e-9
    check = shipped(BLOCK, "gradient-check")
    assert len(check["parameters"]) == 54 and check["rule"] == "intact"
    assert max(abs(e - g) for e, g in zip(check["estimates"], check["gradients"])) < 1e-6


def as_a_learner_who_passed_the_engine_labs(page: Page) -> None:
    """Before the page loads: the labs' reference code saved and passed, as tests/e2e/test_my_engine does."""
    where = labs_in_site()
    code = {lab: grading.load(lab).SOLUTION for lab, _, _ in PIECES}
    progress = {"labs": {lab: {"passed": True, "at": "2026-12-05T08:00:00.000Z"} for lab in code}}
    stored = {f"backprop-lab:code:{where[lab]}#{lab}": text for lab, text in code.items()}
    page.add_init_script(
        f"localStorage.setItem('backprop-lab:progress', {json.dumps(json.dumps(progress))});"
        f"for (const [k, v] of Object.entries({json.dumps(stored)})) localStorage.setItem(k, v);"
    )


def test_the_loss_and_the_gradient_check(shared_context: BrowserContext, plain_server: str) -> None:
    page = shared_context.new_page()
    as_a_learner_who_passed_the_engine_labs(page)
    page.goto(plain_server + BLOCK)
    try:
        loss = page.locator("figure.bp-letter-loss")
        check = page.locator("figure.bp-gradient-check")
        expect(
            page.locator("figure.bp-gradient-check[data-state='ready'][data-source='build']")
        ).to_be_visible()
        expect(check).to_have_attribute("data-off", "0")
        expect(loss.locator(".bp-loss__row")).to_have_count(5)  # start→e, e→m, m→m, m→a, a→end
        assert table_rows(loss)[-1] == ["loss: the sum ÷ 5", "", "2.597", "", "3.339"]

        name = loss.get_by_label("Name")
        name.fill("jo3")  # refused on the page, before Python
        name.press("Enter")
        expect(page.locator("figure.bp-letter-loss[data-state='error']")).to_be_visible()
        expect(loss.get_by_role("status")).to_contain_text("only the letters a to z")

        plot = check.get_by_role("img")
        plot.focus()
        page.keyboard.press("End")
        [m, r, c] = shipped(BLOCK, "gradient-check")["parameters"][-1]
        expect(check.get_by_role("status")).to_contain_text(f"{m}[{r}][{c}]: nudged estimate")
        assert axe_violations(page, "figure.bp-picture") == []

        wait_for_python(page)
        name.fill("Olivia")
        name.press("Enter")
        live = page.locator(
            "figure.bp-letter-loss[data-state='ready'][data-source='live'][data-name='olivia']"
        )
        expect(live).to_be_visible(timeout=RUN_TIMEOUT)
        trained, untrained = compare_losses("olivia")["models"]
        rows = table_rows(live)
        assert len(rows) == 7 + 2  # six letters and the end, then the sum and the loss
        first = [
            trained["rows"][0]["p"],
            trained["rows"][0]["loss"],
            untrained["rows"][0]["p"],
            untrained["rows"][0]["loss"],
        ]
        assert rows[0] == ["BOS → o", *(f"{x:.3f}" for x in first)]
        assert rows[-1][2] == f"{trained['loss']:.3f}" and rows[-1][4] == f"{untrained['loss']:.3f}"

        rule = check.get_by_label("backward() on")
        rule.select_option("exp")
        broken = page.locator("figure.bp-gradient-check[data-state='ready'][data-rule='exp']")
        expect(broken).to_be_visible(timeout=RUN_TIMEOUT)
        assert int(broken.get_attribute("data-off")) > 27
        assert "off" in [row[-1] for row in table_rows(broken)]
        expect(broken.locator(".bp-gradient__dot[data-off]")).to_have_count(
            int(broken.get_attribute("data-off"))
        )
        rule.select_option("intact")
        expect(
            page.locator("figure.bp-gradient-check[data-state='ready'][data-rule='intact'][data-off='0']")
        ).to_be_visible(timeout=RUN_TIMEOUT)
        assert axe_violations(page, "figure.bp-picture") == []

        check.get_by_role("switch", name="Run on my engine").press("Space")  # the labs' code: on the diagonal
        mine = page.locator("figure.bp-gradient-check[data-state='ready'][data-checked='mine']")
        expect(mine).to_be_visible(timeout=RUN_TIMEOUT)
        expect(mine).to_have_attribute("data-off", "0")
        expect(rule).to_be_disabled()
        expect(mine.locator(".bp-gradient__summary")).to_contain_text("backward() on your engine agrees")
        fits_a_phone(page, check)
    finally:
        close_page(page)


def test_sampling_shows_each_steps_27_probabilities(
    shared_context: BrowserContext, plain_server: str, model
) -> None:
    page = open_page(shared_context, plain_server + NAMES, python=False)
    try:
        figure = page.locator("figure.bp-sampling")
        expect(page.locator("figure.bp-sampling[data-state='ready'][data-source='build']")).to_be_visible()
        expect(figure.locator(".bp-sampling__column")).to_have_count(27)
        expect(figure.locator(".bp-sampling__column[data-chosen]")).to_have_count(1)
        first = sampling_steps(model, 0, 0.5)["steps"][0]
        chart = figure.get_by_role("img")
        chart.focus()
        page.keyboard.press("Home")  # "a"
        expect(figure.get_by_role("status")).to_have_text(
            f"Step 1, at the start: “a” has {first['learned'][0]:.3f} as learned, "
            f"{first['tempered'][0]:.3f} at temperature 0.5."
        )
        page.keyboard.press("ArrowDown")  # step 2, after "s": its chosen "h"
        expect(page.locator("figure.bp-sampling[data-step='2']")).to_be_visible()
        expect(figure.get_by_role("status")).to_contain_text(
            "Step 2, after “s”: “h” has 0.399 as learned, 0.752"
        )

        temperature = figure.get_by_label("Temperature")
        temperature.fill("0")  # refused on the page, before Python
        temperature.press("Enter")
        expect(figure.get_by_role("status")).to_have_text("The temperature must be a number from 0.05 to 5.")
        assert axe_violations(page, "figure.bp-picture") == []

        wait_for_python(page)
        temperature.fill("1.5")
        figure.get_by_label("Seed").fill("3")
        figure.get_by_role("button", name="Sample").press("Enter")
        live = page.locator("figure.bp-sampling[data-state='ready'][data-source='live']")
        expect(live).to_be_visible(timeout=RUN_TIMEOUT)
        want = sampling_steps(model, 3, 1.5)
        expect(live).to_have_attribute("data-name", want["name"])
        expect(live.locator(".bp-sampling__step")).to_have_count(len(want["steps"]))
        step = want["steps"][0]
        rows = table_rows(live)[:27]  # step 1's 27 tokens, before the summary of every step
        assert [r[1] for r in rows] == [f"{p:.3f}" for p in step["learned"]]
        assert [r[2] for r in rows] == [f"{p:.3f}" for p in step["tempered"]]
        assert [r[0] for r in rows if r[3] == "chosen"] == [want["tokens"][step["chosen"]]]
        fits_a_phone(page, figure)
        box = figure.locator(".bp-sampling__box")
        assert box.evaluate("(b) => b.scrollWidth > b.clientWidth")  # scrolls in its box
        # The box says by sight that there is more; it is no tab stop of its own (the chart is, and the
        # bar the arrows read is scrolled into view); its legend is outside it, so it is never faded.
        expect(box).to_have_attribute("data-more", "right")
        assert box.get_attribute("tabindex") is None and box.locator(".bp-sampling__legend").count() == 0
        chart = box.locator(".bp-sampling__chart")
        chart.focus()
        chart.press("End")
        expect(box).to_have_attribute("data-more", "left")
        assert until(page, "document.querySelector('.bp-sampling__box').scrollLeft > 0", timeout=5)
    finally:
        close_page(page)
