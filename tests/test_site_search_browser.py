"""The search box in a real headless browser: type a query, see results, follow one to its
section's anchor. Skipped without Pagefind, selenium, or Chromium and its driver."""

from __future__ import annotations

import importlib.util
import shutil
from collections.abc import Iterator

import pytest

from builder.config import load_catalog
from builder.pipeline import build_site
from builder.serve import RunningServer, start_server
from builder.site_search import INSTALL_HINT, find_pagefind
from tests.test_site_search import make_catalog

BROWSER = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
pytestmark = [
    pytest.mark.skipif(
        find_pagefind() is None, reason=f"Pagefind is not installed ({INSTALL_HINT})"
    ),
    pytest.mark.skipif(
        importlib.util.find_spec("selenium") is None,
        reason="selenium is not installed: pip install -e '.[dev]'",
    ),
    pytest.mark.skipif(
        BROWSER is None or DRIVER is None,
        reason="no Chromium and chromedriver on PATH (Debian: apt-get install chromium "
        "chromium-driver)",
    ),
]
WAIT_SECONDS = 20


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    root = tmp_path_factory.mktemp("searchable")
    site = root / "site"
    catalog = make_catalog(root)
    (root / "docs" / "1.0.0" / "odd #?%41 name.md").write_text(
        "# Oddly named\n\nA page named with characters a URL quotes.\n", encoding="utf-8"
    )
    build_site(load_catalog(catalog), site, site_search=find_pagefind())
    with start_server(site) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(BROWSER)
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,900"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(str(DRIVER)), options=options)
    try:
        yield driver
    finally:
        driver.quit()


def result_links(browser: object, served: RunningServer, query: str) -> dict[str, str]:
    """Each result link's text and address once ``query`` is typed in a version page's box."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.remote.webdriver import WebDriver
    from selenium.webdriver.support.ui import WebDriverWait

    assert isinstance(browser, WebDriver)
    wait = WebDriverWait(browser, WAIT_SECONDS)
    browser.get(served.url + "libs/demo/1.0.0/intro.html")
    box = wait.until(lambda d: d.find_element(By.CSS_SELECTOR, ".pagefind-ui__search-input"))
    box.send_keys(query)
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".pagefind-ui__result-link"))
    return {
        link.text: str(link.get_attribute("href"))
        for link in browser.find_elements(By.CSS_SELECTOR, ".pagefind-ui__result-link")
    }


def test_a_query_finds_a_section_and_its_link_lands_on_the_anchor(
    served: RunningServer, browser: object
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.remote.webdriver import WebDriver
    from selenium.webdriver.support.ui import WebDriverWait

    assert isinstance(browser, WebDriver)
    wait = WebDriverWait(browser, WAIT_SECONDS)
    links = result_links(browser, served, "converters")
    page = served.url + "libs/demo/2.0.0/routing.html"
    assert links == {"Routing · Demo Lib 2.0.0": page, "Converters": page + "#converters"}
    filters = browser.find_elements(By.CSS_SELECTOR, ".pagefind-ui__filter-name")
    assert [f.text for f in filters] == ["Library", "Version"]
    browser.find_element(By.LINK_TEXT, "Converters").click()
    wait.until(lambda d: d.current_url == page + "#converters")
    target = browser.execute_script("return document.querySelector(':target')")
    assert target.tag_name == "section" and target.get_attribute("id") == "converters"


def test_a_result_links_a_page_whose_name_a_url_quotes(
    served: RunningServer, browser: object
) -> None:
    """Pagefind gives the page's path unquoted: "odd #?%41 name.html" was linked as
    "odd #?%41 name.html", which asks for "odd " (the rest a query and a fragment)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.remote.webdriver import WebDriver
    from selenium.webdriver.support.ui import WebDriverWait

    assert isinstance(browser, WebDriver)
    wait = WebDriverWait(browser, WAIT_SECONDS)
    links = result_links(browser, served, "oddly")
    page = served.url + "libs/demo/1.0.0/odd%20%23%3F%2541%20name.html"
    assert links == {"Oddly named · Demo Lib 1.0.0": page, "Oddly named": page + "#oddly-named"}
    browser.find_element(By.LINK_TEXT, "Oddly named").click()
    wait.until(lambda d: d.current_url == page + "#oddly-named")
    target = browser.execute_script("return document.querySelector(':target')")
    assert target.get_attribute("id") == "oddly-named"
