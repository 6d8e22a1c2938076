"""Where a section lives: its page on the built site, and its provenance link upstream."""

from __future__ import annotations

import functools
import re
import unicodedata
from pathlib import PurePosixPath
from urllib.parse import quote

# What a PDF section's ``source`` ends with: its ``lines`` are pages ("manual.pdf#page", the way
# a viewer opens page 12: "manual.pdf#page=12").
PAGE_SOURCE_SUFFIX = "#page"
# The characters quote(text, safe="") leaves as they are.
_UNQUOTED = re.compile(r"[A-Za-z0-9_.~-]*")


def source_file(source: str) -> str:
    """The file a section's ``source`` names, without the mark that its lines are pages."""
    return source.removesuffix(PAGE_SOURCE_SUFFIX)


def unservable_characters(relpath: str) -> str:
    """The characters of ``relpath`` that cannot be part of a site file's name, escaped.

    Control and format characters, line separators and bytes that were not UTF-8 (decoded as
    lone surrogates) are not printable: a terminal would act on them, a static host may refuse
    or mangle them, and the page's URL could not be shown or typed. Spaces of any script are
    fine (URLs quote them). Empty when the name is fine.
    """
    return "".join(
        ascii(char)[1:-1]
        for char in dict.fromkeys(relpath)
        if not char.isprintable() and unicodedata.category(char) != "Zs"
    )


def page_path(relpath: str) -> str:
    """The site page (relative to the version folder) that renders a source file.

    ``guide/install.md`` → ``guide/install.html``; the source suffix is dropped so that a
    ``.rst`` and an ``.html`` source land on the same kind of URL.
    """
    return str(PurePosixPath(source_file(relpath)).with_suffix(".html"))


def version_folder(library_id: str, version: str) -> str:
    """The folder of a version's pages, relative to the site root."""
    return f"libs/{quote(library_id, safe='')}/{quote(version, safe='')}/"


def quote_anchor(anchor: str) -> str:
    """``quote(anchor, safe="")``, the anchor as a URL's fragment. Most anchors are slugs with
    nothing to quote: one regex match returns them, where quote() encodes, scans and decodes
    each (a build quotes every section's anchor three times: 45,000 for the Python docs)."""
    return anchor if _UNQUOTED.fullmatch(anchor) else quote(anchor, safe="")


def site_permalink(base_url: str, library_id: str, version: str, relpath: str, anchor: str) -> str:
    """The section's permanent URL on the built site."""
    return f"{base_url}{_site_page(library_id, version, relpath)}#{quote_anchor(anchor)}"


def upstream_link(
    template: str, library_id: str, version: str, relpath: str, anchor: str, line: int
) -> str:
    """Fill a catalog ``url_template`` for one section (placeholders were checked at load time)."""
    page, source, quoted_version, quoted_id = _upstream_names(library_id, version, relpath)
    return template.format(
        page=page,
        source=source,
        anchor=quote_anchor(anchor),
        version=quoted_version,
        id=quoted_id,
        line=line,
    )


# Every section of a file shares these: computed once per file, not once per section.
_FILES_REMEMBERED = 64


@functools.lru_cache(maxsize=_FILES_REMEMBERED)
def _site_page(library_id: str, version: str, relpath: str) -> str:
    return version_folder(library_id, version) + quote(page_path(relpath), safe="/")


@functools.lru_cache(maxsize=_FILES_REMEMBERED)
def _upstream_names(library_id: str, version: str, relpath: str) -> tuple[str, str, str, str]:
    """The quoted page (source without its suffix), source, version and library id."""
    relpath = source_file(relpath)
    page = str(PurePosixPath(relpath).with_suffix(""))
    return (
        quote(page, safe="/"),
        quote(relpath, safe="/"),
        quote(version, safe=""),
        quote(library_id, safe=""),
    )
