"""llms.txt: the site's libraries and versions, and per version its sections, with links."""

from __future__ import annotations

from typing import Any

import pytest

from builder import llms
from builder.config import SiteConfig
from builder.llms import site_llms, version_llms
from builder.pages_layout import library_view
from builder.site_indexes import INDEX_FILE, LIBRARY_INDEX
from tests.pages_support import arrange_pages

SITE = SiteConfig("Test docs", "https://docs.example.org/site/", "Docs for\ntests.")
ENTRY = {
    "id": "demo",
    "name": "Demo",
    "summary": "A demo library.",
    "aliases": ["dm"],
    "packages": ["pypi:demo"],
    "homepage": "https://demo.example.com/",
    "versions": ["3.0.0rc1", "2.0.0", "1.0.0+local"],
}
RECORDS: list[dict[str, Any]] = [
    {
        "heading": "Guide",
        "body": "x",
        "source": "guide/setup.md",
        "anchor": "guide",
        "headingPath": [],
        "path": "https://docs.example.org/site/libs/demo/2.0.0/guide/setup.html#guide",
    },
    {
        "heading": "Use [brackets]\nhere",
        "body": "y",
        "source": "guide/setup.md",
        "anchor": "use brackets",
        "headingPath": ["Guide", "Deep\tpart"],
    },
    {"heading": "快速开始", "body": "z"},
]


def test_version_llms_lists_every_section_with_its_link() -> None:
    pages = arrange_pages(RECORDS, SITE.base_url)
    text = version_llms(SITE, library_view(ENTRY), "2.0.0", "Release notes here.", pages)
    assert (
        text
        == """\
# Demo 2.0.0

> Release notes here.

The latest release of Demo.
HTML pages: https://docs.example.org/site/libs/demo/2.0.0/index.html
All libraries: https://docs.example.org/site/llms.txt

## Guide

Source: guide/setup.md

- [Guide](https://docs.example.org/site/libs/demo/2.0.0/guide/setup.html#guide)
- [Use \\[brackets\\] here](https://docs.example.org/site/libs/demo/2.0.0/guide/setup.html#use%20brackets)\
: Guide › Deep part

## Sections

- [快速开始](https://docs.example.org/site/libs/demo/2.0.0/sections.html#%E5%BF%AB%E9%80%9F%E5%BC%80%E5%A7%8B)
"""
    )


def test_a_version_too_large_to_list_its_sections_lists_its_pages(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # An agent reads llms.txt whole: Python 3.11's listed 14,945 sections in 2.6 MB. (Six
    # steps more, so that its list of pages is the shorter, as a real version's is.)
    steps = [
        {"heading": f"Step {n}", "body": "s", "source": "guide/setup.md", "anchor": f"step-{n}"}
        for n in range(6)
    ]
    pages = arrange_pages(RECORDS[:2] + steps + RECORDS[2:], SITE.base_url)
    whole = version_llms(SITE, library_view(ENTRY), "2.0.0", None, pages)
    monkeypatch.setattr(llms, "MAX_LLMS_BYTES", len(whole.encode("utf-8")))
    assert version_llms(SITE, library_view(ENTRY), "2.0.0", None, pages) == whole
    monkeypatch.setattr(llms, "MAX_LLMS_BYTES", len(whole.encode("utf-8")) - 1)
    text = version_llms(SITE, library_view(ENTRY), "2.0.0", None, pages)
    base = "https://docs.example.org/site/"
    assert text.split("\n## Pages\n\n", 1)[1] == (
        "9 sections on 2 pages, too many to list here: each page is linked, with how many "
        "sections it holds. Every page and section is listed at "
        f"{base}libs/demo/2.0.0/index.html.\n\n"
        f"- [Guide]({base}libs/demo/2.0.0/guide/setup.html): 8 sections\n"
        f"- [Sections]({base}libs/demo/2.0.0/sections.html): 1 section\n"
    )
    assert text.startswith(whole.split("\n## ", 1)[0])  # the same head


def test_a_version_with_too_many_pages_lists_as_many_as_fit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A list of pages passed the limit too, by as much as the version had pages (thousands of
    # source files: 110 bytes each), and an agent could not read it whole.
    records = [
        {"heading": f"Päge {n}", "body": "x", "source": f"p{n}.md", "anchor": "a"}
        for n in range(300)
    ]
    pages = arrange_pages(records, SITE.base_url)
    monkeypatch.setattr(llms, "MAX_LLMS_BYTES", 5_000)
    text = version_llms(SITE, library_view(ENTRY), "2.0.0", None, pages)
    *listed, last = text.split("\n\n")[-1].splitlines()
    assert len(text.encode("utf-8")) <= 5_000 < len(text.encode("utf-8")) + len(listed[0])
    assert listed[-1].startswith(f"- [Päge {len(listed) - 1}](")
    assert last == (
        f"- {300 - len(listed)} more pages, not listed here: see "
        "https://docs.example.org/site/libs/demo/2.0.0/index.html"
    )


def test_version_llms_of_an_older_prerelease_points_to_the_latest() -> None:
    text = version_llms(SITE, library_view(ENTRY), "3.0.0rc1", None, ())
    assert (
        text
        == """\
# Demo 3.0.0rc1

> A demo library.

Not the latest release of Demo; the latest is 2.0.0: https://docs.example.org/site/libs/demo/2.0.0/llms.txt
This is a prerelease.
HTML pages: https://docs.example.org/site/libs/demo/3.0.0rc1/index.html
All libraries: https://docs.example.org/site/llms.txt
"""
    )


def test_site_llms_lists_libraries_and_versions() -> None:
    plain = library_view({"id": "plain", "name": "Plain", "versions": ["0.1.0"]})
    text = site_llms(SITE, [library_view(ENTRY), plain], "2026-08-16 07:05 UTC", INDEX_FILE)
    base = "https://docs.example.org/site/"
    assert (
        text
        == f"""\
# Test docs

> Docs for tests.

Versioned documentation of 2 libraries (built 2026-08-16 07:05 UTC). Each version has its own \
llms.txt listing every section with a link to it (a large version: its pages); the full \
text of every section is in \
{base}index.json (doctrove-index@1 format).

## Demo

A demo library.
Also known as: dm. Packages: pypi:demo. Homepage: https://demo.example.com/

- [Demo 3.0.0rc1]({base}libs/demo/3.0.0rc1/llms.txt): prerelease; pages at \
{base}libs/demo/3.0.0rc1/index.html
- [Demo 2.0.0]({base}libs/demo/2.0.0/llms.txt): latest release; pages at \
{base}libs/demo/2.0.0/index.html
- [Demo 1.0.0+local]({base}libs/demo/1.0.0%2Blocal/llms.txt): pages at \
{base}libs/demo/1.0.0%2Blocal/index.html

## Plain

- [Plain 0.1.0]({base}libs/plain/0.1.0/llms.txt): latest release; pages at \
{base}libs/plain/0.1.0/index.html
"""
    )


def test_site_llms_says_where_the_full_text_is_only_where_the_build_wrote_it() -> None:
    # It named index.json even when the build left it out past --index-limit-mb (a 404).
    site = SiteConfig("Docs", "https://docs.example/", "")
    head = (
        "Each version has its own llms.txt listing every section with a link to it (a large "
        "version: its pages)"
    )
    each = site_llms(site, [], None, LIBRARY_INDEX)
    assert (
        f"{head}; the full text of each library's sections is in "
        "https://docs.example/libs/<id>/index.json (doctrove-index@1 format).\n"
    ) in each
    assert site_llms(site, [], None, None).endswith(f"{head}.\n")


def test_site_llms_without_build_time_or_description_under_a_root_base_url() -> None:
    site = SiteConfig("Docs", "/", "")
    text = site_llms(site, [], None, INDEX_FILE)
    assert text == (
        "# Docs\n\nVersioned documentation of 0 libraries. Each "
        "version has its own llms.txt listing every section with a link to it (a large version: "
        "its pages); the full text "
        "of every section is in /index.json (doctrove-index@1 format).\n"
    )
