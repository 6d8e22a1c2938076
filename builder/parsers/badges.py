"""Tell a README's status badges from its images: a badge reads as nothing.

A README opens with a row of badges (build status, coverage, the latest release, the
licence), each an image whose alt text ("Build Status", "PyPI version") is all a text reader
keeps of it; the row read as a line of those words above the project's first sentence
(termcolor's "PyPI version Supported Python versions PyPI downloads ..."). A badge is a remote
image that a badge service draws (``shields.io``, a URL naming a ``badge``), or an SVG image
that links somewhere (a CI service's status picture, ``build.svg?branch=main``). A screenshot,
a diagram or a logo in PNG keeps its alt text.
"""

from __future__ import annotations

from urllib.parse import urlsplit


def is_badge(source: str, linked: bool) -> bool:
    """Whether the image at ``source`` is a status badge; ``linked``: it is inside a link
    (Markdown's ``[![alt](src)](href)``, reST's ``:target:``)."""
    try:
        url = urlsplit(source.strip())
    except ValueError:
        return False
    if url.scheme not in ("http", "https") or not url.hostname:
        return False
    if url.hostname.endswith("shields.io") or "badge" in source.lower():
        return True
    return linked and (url.path.lower().endswith(".svg") or "svg" in url.query.lower())
