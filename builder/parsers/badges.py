"""Tell a README's status badges from its images: a badge reads as nothing.

A README opens with a row of badges (build status, coverage, the latest release, the licence),
each an image whose alt text ("Build Status", "PyPI version") is all a text reader keeps of it;
the row read as a line of those words above the project's first sentence (termcolor's "PyPI
version Supported Python versions PyPI downloads ..."). A badge is a remote image that a badge
service draws (``shields.io``, ``badge.fury.io``, ``nodei.co``, a URL with ``badge`` or
``badges`` for a word: ``.../workflows/Test/badge.svg``, ``/badges/package/pypi/x``), or an SVG
image that links somewhere (a CI service's status picture, ``build.svg?branch=main``), or a
linked image whose URL names a ``status`` (Azure Pipelines' ``.../_apis/build/status/x``). A
screenshot, a diagram or a logo keeps its alt text: a picture file named with ``badge`` among
other words (``badge-settings.png``, a docs page showing a badge feature), a URL where
``badge`` is only part of a word (a project ``anybadge``'s logo), a linked SVG named a ``logo``
(its path says so).

A logo or banner standing on its own (no words around it) reads as nothing too: its alt text
names the picture ("fastify logo", pino's "banner") or repeats the project's name above the
text that introduces it (koa's and got's READMEs). Its file name or its alt text says
``logo`` or ``banner``.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

_WORDS = re.compile(r"[a-z0-9]+")
_BADGE_WORDS = frozenset({"badge", "badges"})
_LOGO_WORDS = frozenset({"logo", "logos", "banner"})
# Badge services whose host and paths name no badge: NodeICO draws an npm package's
# downloads card (request's and winston's READMEs: "https://nodei.co/npm/request.png").
_BADGE_HOSTS = frozenset({"nodei.co"})
# Files that are pictures drawn once (a screenshot, a photo), not an SVG a service draws.
_PICTURE_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".webp")


def is_badge(source: str, linked: bool) -> bool:
    """Whether the image at ``source`` is a status badge; ``linked``: it is inside a link
    (Markdown's ``[![alt](src)](href)``, reST's ``:target:``)."""
    try:
        url = urlsplit(source.strip())
    except ValueError:
        return False
    if url.scheme not in ("http", "https") or not url.hostname:
        return False
    host = url.hostname.lower()
    # badgen.net, badge.fury.io, coverage-badge.samuelcolvin.workers.dev
    if host.endswith("shields.io") or any(label.startswith("badge") for label in host.split(".")):
        return True
    if host.removeprefix("www.") in _BADGE_HOSTS:
        return True
    if _names_badge(host):
        return True
    path = url.path.lower()
    folders, _, name = path.rpartition("/")
    if _names_badge(folders) or _names_badge(url.query.lower()):
        return True
    if _names_badge(name):
        # coveralls' badge.png is one; a screenshot badge-settings.png is not.
        stem = name.rpartition(".")[0] if name.endswith(_PICTURE_SUFFIXES) else ""
        return not stem or stem in _BADGE_WORDS
    words = _WORDS.findall(path)
    if linked and "status" in words and not path.endswith(_PICTURE_SUFFIXES):
        return True  # a CI's status picture with no suffix: Azure Pipelines' _apis/build/status
    return linked and (path.endswith(".svg") or "svg" in url.query.lower()) and "logo" not in words


def _names_badge(text: str) -> bool:
    return not _BADGE_WORDS.isdisjoint(_WORDS.findall(text))


def is_logo(source: str, alt: str) -> bool:
    """Whether the image at ``source`` with ``alt`` text is a logo or a banner."""
    name = source.split("?", 1)[0].split("#", 1)[0].rstrip("/").rpartition("/")[2]
    words = {*_WORDS.findall(name.lower()), *_WORDS.findall(alt.lower())}
    return not _LOGO_WORDS.isdisjoint(words)
