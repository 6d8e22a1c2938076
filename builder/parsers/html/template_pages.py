"""Tell a theme's templates from pages: an HTML file that is Jinja source, not a built page.

A site built with a theme's overrides can ship them beside its pages: python-uvicorn-doc
0.17.6 holds MkDocs Material's ``overrides/partials/nav.html`` (``{% set class = ... %}``, the
navigation's markup), which read as a section "nav" of template statements. Sphinx's
``_templates/layout.html`` (``{% extends "!layout.html" %}``) is one too. Such a file opens,
after blank lines and HTML comments, with a Jinja statement or comment, and has no ``<html>``
or ``<body>`` of its own; a built page, or a fragment a page includes, opens with markup. The
build skips it, with the reason in its report.
"""

from __future__ import annotations

import re

# Blank space and HTML comments, then a Jinja statement ("{%", "{%-") or comment ("{#").
_OPENS_AS_TEMPLATE = re.compile(r"\A(?:\s|<!--.*?-->)*\{[%#]", re.DOTALL)
# A page of its own, which a template never is: it extends or includes one.
_DOCUMENT_TAG = re.compile(r"<(?:html|body)\b", re.IGNORECASE)
# How much of a file's start is looked at for its first statement.
_TEMPLATE_PROBE_CHARS = 4096


def template_page(text: str) -> str:
    """Why ``text`` is a theme's template rather than a page, or ""."""
    start = text[:_TEMPLATE_PROBE_CHARS]
    if "{" not in start or not _OPENS_AS_TEMPLATE.match(start):
        return ""
    if _DOCUMENT_TAG.search(text):
        return ""
    return "a template of the site's theme (Jinja source, not a built page)"
