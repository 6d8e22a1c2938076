"""Tell the pages a site keeps for addresses rather than for reading: redirect stubs and the
not-found page.

A moved page's old address is kept alive by a stub whose ``<meta http-equiv="refresh">`` sends
the browser on at once: pandas 1.5 writes one for each of its 1,500 moved API pages ("The page
has been moved to this page"), sphinx-reredirects, mkdocs-redirects ("Redirecting...") and
Hugo's aliases one for each redirect they are given. A site's ``404.html`` (MkDocs writes one
to every site, sphinx-notfound-page to Sphinx's) is what the server answers for a missing
address: "Page not found" and the site's navigation. Neither is a page a reader opens, so the
build skips both, with the reason in its report.
"""

from __future__ import annotations

import re

from builder.parsers.html.page_head import PageHead

_REFRESH_TAG = re.compile(r"<meta\b[^>]*http-equiv\s*=\s*[\"']?refresh\b[^>]*>", re.IGNORECASE)
# "0; url=target" (also "0;URL='target'" and "1, url=target"); without a URL the page reloads
# itself, as a dashboard does, and is read. The delay's digits are taken whole (\d++): the
# part after it may hold digits too, and a long run of them was tried at every split point.
_REFRESH_TARGET = re.compile(
    r"content\s*=\s*[\"']?\s*(\d++)[^;,\"']*[;,]\s*url\s*=\s*[\"']?([^\"'>\s]+)", re.IGNORECASE
)
# A page left within this many seconds is a stub saying where the content went (scikit-learn's
# moved pages wait 1 s); a longer delay is a page meant to be read first.
MAX_DELAY_SECONDS = 5
NOT_FOUND_PAGE = "404.html"


def stub_page(head: PageHead, relpath: str) -> str:
    """Why the page whose head is ``head``, at ``relpath`` (from the version's folder), is a
    stub, or ""."""
    if relpath == NOT_FOUND_PAGE:
        return "the site's page for a missing address (404.html)"
    # The tag belongs in <head>, where every stub seen puts it (one of scikit-learn's seven puts
    # it in the article and is read): the page's head is searched, not all of its text, which
    # took 1.4% of the parse of Sphinx's own docs. A page without "</head>" is searched whole.
    if "efresh" not in head.text:
        return ""
    for tag in _REFRESH_TAG.finditer(head.text):
        target = _REFRESH_TARGET.search(tag.group())
        # float, not int: int() refuses a run of more than 4,300 digits
        if target is not None and float(target.group(1)) <= MAX_DELAY_SECONDS:
            return f"a redirect to {target.group(2)} (meta refresh)"
    return ""
