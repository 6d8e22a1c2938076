""":ref: and :doc: references without a title read as the title they name, wherever in the
version it is written, as Sphinx shows them; an edit to such a title re-parses the pages that
refer to it, and a cached rebuild equals a cold one."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import orjson
import pytest

import builder.cached_stages
import builder.reference_scan
from builder.config import CatalogConfig, load_catalog
from builder.parsers.reference_titles import (
    ReferenceTitles,
    docname,
    other_project_document,
    reading_references,
)
from builder.pipeline import build_site
from builder.reference_scan import scan_references
from builder.stages.parse import parse_to_records
from tests.rst_support import _body

RST_GUIDE = """\
.. _getting-started:

.. _first steps:

Getting :mod:`alpha` started
============================

Text.

.. _not-a-title:

A paragraph breaks the label from the title below.

Later
-----
"""
MYST_PAGE = """\
# Setup *guide*

```python
# a comment in code is no heading
```

(install-target)=
## Installing `alpha`
"""


def test_labels_name_the_title_right_below_them_and_a_page_its_first_title() -> None:
    titles = scan_references(
        [
            ("guide.rst", "rst", RST_GUIDE),
            ("how/setup.md", "markdown", MYST_PAGE),
            ("index.rst", "rst", "Index\n=====\n\nSee :ref:`getting-started`, :doc:`how/setup`.\n"),
        ]
    )
    assert titles.labels == {
        "getting-started": "Getting alpha started",
        "first steps": "Getting alpha started",
        "install-target": "Installing alpha",
    }
    assert titles.documents == {
        "guide": "Getting alpha started",
        "how/setup": "Setup guide",
        "index": "Index",
    }
    # A page's cache entry notes what its references read as; it counts while they still do.
    noted = [["ref:getting-started", "Getting alpha started"], ["doc:how/setup", "Setup guide"]]
    assert titles.read_as_noted(noted) and titles.read_as_noted([["ref:nowhere", None]])
    assert not titles.read_as_noted([["ref:getting-started", "Getting started"]])
    assert not titles.read_as_noted(None) and not titles.read_as_noted([["ref:x"]])


@pytest.mark.parametrize(
    ("target", "page", "name"),
    [
        ("setup", "how/index.rst", "how/setup"),
        ("../api", "how/index.rst", "api"),
        ("/api.rst", "how/deep/index.rst", "api"),
        ("guide.md", "index.md", "guide"),
    ],
)
def test_a_doc_target_is_relative_to_its_page_unless_it_starts_with_a_slash(
    target: str, page: str, name: str
) -> None:
    assert docname(target, page) == name


CATALOG = """
[site]
title = "T"
base_url = "https://docs.example/"

[[libraries]]
id = "alpha"
name = "Alpha"
  [[libraries.versions]]
  version = "1.0.0"
  path = "alpha"
"""
PAGES = {
    "guide.rst": RST_GUIDE,
    "how/setup.md": MYST_PAGE,
    "index.rst": "Index\n=====\n\nSee :ref:`getting-started` and :doc:`how/setup`.\n\n"
    "Unknown: :ref:`nowhere`.\n",
    "how/index.md": "# How\n\nRead {ref}`getting-started` and {doc}`setup`.\n",
}


def write_project(root: Path) -> CatalogConfig:
    """PAGES as version 1.0.0 of alpha under ``root``, and its catalog."""
    for name, text in PAGES.items():
        (root / "alpha" / name).parent.mkdir(parents=True, exist_ok=True)
        (root / "alpha" / name).write_text(text, encoding="utf-8")
    (root / "docbuild.toml").write_text(CATALOG, encoding="utf-8")
    return load_catalog(root / "docbuild.toml")


def bodies(site: Path) -> dict[str, str]:
    index = orjson.loads((site / "index.json").read_bytes())
    sections = index["entries"][0]["volumes"]["1.0.0"]["sections"]
    return {s["heading"]: s["body"] for s in sections}


def test_a_reference_reads_as_the_title_another_page_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    catalog = write_project(tmp_path)
    build_site(catalog, tmp_path / "site", cache_dir=tmp_path / "cache")
    built = bodies(tmp_path / "site")
    assert built["Index"] == ("See Getting alpha started and Setup guide.\n\nUnknown: nowhere.")
    assert built["How"] == "Read Getting alpha started and Setup guide."

    parsed: list[str] = []

    def recording(*args: object) -> object:
        parsed.append(args[-1].relpath)  # type: ignore[attr-defined]
        return parse_to_records(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(builder.cached_stages, "parse_to_records", recording)
    guide = tmp_path / "alpha" / "guide.rst"
    guide.write_text(RST_GUIDE.replace(":mod:`alpha` started", "going"), "utf-8")
    build_site(catalog, tmp_path / "site", cache_dir=tmp_path / "cache")
    # The edited page and the two that refer to its title, not the page that does not.
    assert sorted(parsed) == ["guide.rst", "how/index.md", "index.rst"]
    assert bodies(tmp_path / "site")["Index"].startswith("See Getting going and")
    build_site(catalog, tmp_path / "cold")
    assert (tmp_path / "site" / "index.json").read_bytes() == (
        tmp_path / "cold" / "index.json"
    ).read_bytes()


@pytest.mark.parametrize(
    ("include", "included"),
    [("../CHANGES.rst", "CHANGES.rst"), ("snippet.inc", "alpha/snippet.inc")],
)
def test_a_reference_in_an_included_file_reads_the_title_as_edited(
    tmp_path: Path, include: str, included: str
) -> None:
    """The page's own text names no reference: the file it includes does. Its cached parse
    must not outlive an edit to the title that reference reads as."""
    (tmp_path / "alpha").mkdir()
    (tmp_path / "alpha" / "guide.rst").write_text(RST_GUIDE, encoding="utf-8")
    changes = f"Changes\n=======\n\n.. include:: {include}\n"
    (tmp_path / "alpha" / "changes.rst").write_text(changes, encoding="utf-8")
    (tmp_path / included).write_text("See :ref:`getting-started`.\n", encoding="utf-8")
    (tmp_path / "docbuild.toml").write_text(CATALOG, encoding="utf-8")
    catalog = load_catalog(tmp_path / "docbuild.toml")
    build_site(catalog, tmp_path / "site", cache_dir=tmp_path / "cache")
    assert bodies(tmp_path / "site")["Changes"] == "See Getting alpha started."
    guide = tmp_path / "alpha" / "guide.rst"
    guide.write_text(RST_GUIDE.replace(":mod:`alpha` started", "going"), "utf-8")
    build_site(catalog, tmp_path / "site", cache_dir=tmp_path / "cache")
    assert bodies(tmp_path / "site")["Changes"] == "See Getting going."
    build_site(catalog, tmp_path / "cold")
    assert (tmp_path / "site" / "index.json").read_bytes() == (
        tmp_path / "cold" / "index.json"
    ).read_bytes()


def test_a_version_the_cache_keeps_whole_is_not_scanned_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The scan reads every page of the version: a rebuild that changes nothing reads none."""
    catalog = write_project(tmp_path)
    build_site(catalog, tmp_path / "site", cache_dir=tmp_path / "cache")
    scanned: list[str] = []

    def recording(
        pages: Iterable[tuple[str, str, str]], section_labels: str | None = None
    ) -> ReferenceTitles:
        listed = list(pages)
        scanned.extend(page for page, _, _ in listed)
        return scan_references(listed, section_labels)

    monkeypatch.setattr(builder.reference_scan, "scan_references", recording)
    build_site(catalog, tmp_path / "site", cache_dir=tmp_path / "cache")
    assert scanned == []
    (tmp_path / "alpha" / "guide.rst").write_text(RST_GUIDE + "\nMore.\n", encoding="utf-8")
    build_site(catalog, tmp_path / "site", cache_dir=tmp_path / "cache")
    assert sorted(scanned) == sorted(PAGES)


def test_a_list_item_linking_a_section_labelled_search_stays() -> None:
    # The items of sphinx-quickstart's "Indices and tables" are left out, the site has no such
    # pages; but a project that labels a section of its own `search` links there (Sphinx's
    # own label gives way), and its item was dropped with them.
    titles = scan_references(
        [("search.rst", "rst", ".. _search:\n\nSearching\n=========\n\nText.\n")]
    )
    with reading_references(titles, "index.rst"):
        body = _body("* :ref:`search`\n* :ref:`genindex`\n* :ref:`Find things <search>`\n")
    assert body == "- Searching\n- Find things"
    assert _body("* :ref:`search`\n* :ref:`genindex`\n") == ""


def test_a_myst_title_with_a_role_reads_as_sphinx_shows_it() -> None:
    # "[](cart-api)" and {ref}`cart-api` to "## The {py:class}`~shop.Cart` class" read as
    # "The {py:class}~shop.Cart class": the role's name and its target as written.
    page = "# {py:mod}`shop` API\n\n(cart-api)=\n## The {py:class}`~shop.Cart` class\n"
    titles = scan_references([("api.md", "markdown", page)])
    assert titles.labels == {"cart-api": "The Cart class"}
    assert titles.documents == {"api": "shop API"}


def test_a_label_above_a_rubric_table_or_captioned_code_names_its_title() -> None:
    # Falcon 4.4.0's releases page labels rubrics (".. _stable_release_eol:" over ".. rubric::
    # EOL"); ":ref:`stable_release_eol`" read as the label's name, as Sphinx shows the rubric.
    page = (
        ".. _eol:\n\n.. rubric:: End of **life**\n\nText.\n\n"
        ".. _sizes:\n\n.. list-table:: Wheel sizes\n   :header-rows: 1\n\n   * - a\n\n"
        ".. _example:\n\n.. code-block:: python\n   :linenos:\n   :caption: The app\n\n"
        "   app = 1\n\n"
        ".. _bare:\n\n.. code-block:: python\n\n   x = 1\n\nAfter\n=====\n"
    )
    titles = scan_references([("releases.rst", "rst", page)])
    assert titles.labels == {"eol": "End of life", "sizes": "Wheel sizes", "example": "The app"}
    with reading_references(titles, "index.rst"):
        body = _body("Versions reach :ref:`eol`; see :ref:`example` and :ref:`sizes`.")
    assert body == "Versions reach End of life; see The app and Wheel sizes."


def test_autosectionlabel_labels_every_title_by_its_text() -> None:
    # Litestar's ":ref:`usage/routing/parameters:type coercion`" (33 such references) read as
    # the label, docname and all: sphinx.ext.autosectionlabel labels each title by its text,
    # after its page's docname under autosectionlabel_prefix_document. A written label wins.
    pages = [
        ("usage/params.rst", "rst", "Parameters\n==========\n\nType coercion\n-------------\n"),
        ("guide.md", "markdown", "# Guide\n\n(coercion)=\n## Coercing `types`\n"),
        ("other.rst", "rst", ".. _type coercion:\n\nWritten\n=======\n"),
    ]
    prefixed = scan_references(pages, "document")
    with reading_references(prefixed, "index.rst"):
        body = _body("See :ref:`usage/params:type coercion` and :ref:`guide:Coercing types`.")
    assert body == "See Type coercion and Coercing types."
    assert set(scan_references(pages, "").labels) == {
        "parameters", "type coercion", "guide", "coercing types", "coercion", "written",
    }  # fmt: skip
    assert scan_references(pages, "").labels["type coercion"] == "Written"
    assert scan_references(pages).labels == {
        "coercion": "Coercing types",
        "type coercion": "Written",
    }


def test_another_projects_front_page_reads_as_the_project() -> None:
    # aiohttp 3.8.4's changelog: "the upper boundary of the :doc:`multidict:index` dependency"
    # read "the upper boundary of the index dependency"; Sphinx shows multidict's title.
    assert other_project_document("multidict:index") == "multidict"
    assert other_project_document("python-requests:index.rst") == "python requests"
    # A folder's index, an external role's target and a local page keep their names.
    assert other_project_document("python:library/index") == "index"
    assert other_project_document("index", external=True) == "index"
    assert other_project_document("index") is None
    assert other_project_document("x" * 100_000 + ":index") == "x" * 100_000
