"""One real headless browser (QtWebEngine) shared by the page tests of a module."""

import pytest

from tests.page.browser import Browser


@pytest.fixture(scope="module")
def browser():
    running = Browser()
    try:
        yield running
    finally:
        running.close()
