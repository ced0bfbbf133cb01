"""Visual tests: screenshots of the gallery's diagrams against committed baselines.

Update the baselines after an intended change with `make update-screenshots`
(= `pytest tests/visual --update-screenshots`), then look at the new PNGs before committing them.
"""

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-screenshots",
        action="store_true",
        default=False,
        help="write tests/visual/baselines/*.png from this run instead of comparing with them",
    )


@pytest.fixture(scope="session")
def update_screenshots(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-screenshots", default=False))
