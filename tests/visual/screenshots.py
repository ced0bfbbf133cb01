"""Comparing a screenshot with its baseline PNG, with a tolerance for antialiasing and font hinting."""

from io import BytesIO
from pathlib import Path

from PIL import Image, ImageChops

from tests.repo import BUILD

# Material's own transitions (buttons, palette) ignore prefers-reduced-motion: stop them for the shot.
# Its sticky header is hidden too: over a diagram taller than the window it showed or not, by timing.
STILL = (
    "*, *::before, *::after { transition: none !important; animation: none !important; }"
    " .md-header { visibility: hidden !important; }"
)

BASELINES = Path(__file__).resolve().parent / "baselines"
# Not test-results/: pytest-playwright empties that folder at the start of every run.
RESULTS = BUILD / "visual-failures"
PIXEL_TOLERANCE = 48  # a channel may differ this much (0-255) before the pixel counts as changed
AREA_TOLERANCE = 0.003  # the share of changed pixels allowed


def check_screenshot(name: str, png: bytes, update: bool) -> None:
    """Compare png with baselines/<name>.png (or write it there when updating)."""
    actual = Image.open(BytesIO(png)).convert("RGB")
    baseline_file = BASELINES / f"{name}.png"
    if update:
        BASELINES.mkdir(exist_ok=True)
        # 256 colours are plenty for flat diagrams and keep the committed PNGs about a third the size.
        small = actual.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        small.save(baseline_file, optimize=True)
        return
    assert baseline_file.exists(), f"no baseline {baseline_file.name}: run `make update-screenshots`"
    expected = Image.open(baseline_file).convert("RGB")
    problem = _difference(actual, expected)
    if problem:
        RESULTS.mkdir(parents=True, exist_ok=True)
        actual.save(RESULTS / f"{name}.actual.png")
        if actual.size == expected.size:
            ImageChops.difference(actual, expected).save(RESULTS / f"{name}.diff.png")
        raise AssertionError(
            f"{name}: {problem}. See {RESULTS}/{name}.*.png; if the change is intended, "
            "run `make update-screenshots` and look at the new baseline."
        )


def _difference(actual: Image.Image, expected: Image.Image) -> str | None:
    if actual.size != expected.size:
        return f"size {actual.size} differs from the baseline's {expected.size}"
    red, green, blue = ImageChops.difference(actual, expected).split()
    biggest = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    changed = sum(biggest.histogram()[PIXEL_TOLERANCE + 1 :]) / (actual.width * actual.height)
    if changed > AREA_TOLERANCE:
        return f"{changed:.2%} of the pixels changed (tolerance {AREA_TOLERANCE:.1%})"
    return None
