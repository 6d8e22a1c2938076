"""Redirect stubs and a site's not-found page are skipped with their reason; pages that only
mention a refresh, or refresh themselves, are read (builder.parsers.html.stub_pages)."""

from __future__ import annotations

import pytest

from builder.errors import UnreadableDocument
from builder.parsers.html.parser import parse


@pytest.mark.parametrize(
    ("page", "target"),
    [
        # pandas 1.5.3's Debian docs: 1,511 such pages, each read as a section of its one line.
        ('<html>\n    <head>\n        <meta http-equiv="refresh" '
         'content="0;URL=../reference/api/pandas.Categorical.codes.html"/>\n    </head>\n'
         '    <body>\n        <p>\n            The page has been moved to <a href="../reference/'
         'api/pandas.Categorical.codes.html">this page</a>\n        </p>\n    </body>\n<html>',
         "../reference/api/pandas.Categorical.codes.html"),
        # mkdocs-redirects (MkDocs 1.4.2's own docs), the attribute capitalised as IPython's are.
        ('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Redirecting...'
         '</title><link rel="canonical" href="../dev-guide/plugins.html"><meta name="robots" '
         'content="noindex"><meta http-equiv="Refresh" content="0; url=../dev-guide/plugins.html">'
         "</head><body>\nRedirecting...\n</body></html>", "../dev-guide/plugins.html"),
        # scikit-learn 1.2.1's moved pages wait a second.
        ('<html><head><title>Pipeline</title><meta http-equiv="refresh" content="1; '
         'url=./compose.html" /></head><body><div role="main"><p>This content is now at '
         '<a href="compose.html#combining-estimators">Pipelines and composite estimators</a>.</p>'
         "</div></body></html>", "./compose.html"),
        ("<html><head><meta content='0; url=new.html' http-equiv='refresh'></head></html>",
         "new.html"),
    ],
)  # fmt: skip
def test_a_redirect_stub_is_skipped_with_its_target(page: str, target: str) -> None:
    with pytest.raises(UnreadableDocument, match=f"a redirect to {target}"):
        parse(page, "generated/pandas.Categorical.codes.html")


def test_the_sites_not_found_page_is_skipped() -> None:
    # MkDocs' theme puts its whole navigation around "Page not found".
    page = (
        "<html><body><ul><li>Home</li><li>User Guide</li></ul>"
        '<h1 id="404-page-not-found">404</h1><p><strong>Page not found</strong></p></body></html>'
    )
    with pytest.raises(UnreadableDocument, match="missing address"):
        parse(page, "404.html")
    # one about HTTP errors, in a folder of the docs, is theirs
    assert "Page not found" in parse(page, "errors/404.html").sections[-1].body


@pytest.mark.parametrize(
    "page",
    [
        # a page that reloads itself, one that waits a minute, one that shows the tag as code
        '<html><head><meta http-equiv="refresh" content="30"></head><body><h1>Status</h1>'
        "<p>Builds</p></body></html>",
        '<html><head><meta http-equiv="refresh" content="60; url=next.html"></head><body>'
        "<h1>Status</h1><p>Builds</p></body></html>",
        '<html><body><h1>Status</h1><p>Builds</p><pre>&lt;meta http-equiv="refresh" '
        'content="0; url=new.html"&gt;</pre></body></html>',
    ],
)
def test_pages_that_only_mention_or_reload_are_read(page: str) -> None:
    assert [s.heading for s in parse(page, "status.html").sections] == ["Status"]


def test_a_refresh_delay_of_many_digits_is_read_without_error() -> None:
    # int() refuses more than 4,300 digits; a delay written with 5,000 is still 1 s.
    page = (
        f'<html><head><meta http-equiv="refresh" content="{"0" * 5000}1; url=new.html"></head>'
        "<body><h1>Status</h1><p>Builds</p></body></html>"
    )
    with pytest.raises(UnreadableDocument, match=r"a redirect to new\.html"):
        parse(page, "status.html")
    # a long run of digits and no URL, once tried at every split point of the run (seconds)
    page = (
        f'<html><head><meta http-equiv="refresh" content="{"1" * 50_000}"></head>'
        "<body><h1>Status</h1><p>Builds</p></body></html>"
    )
    assert [s.heading for s in parse(page, "status.html").sections] == ["Status"]
