"""builder.projects.docsify: a docsify folder's menus are no pages, and its pages come in the
order its sidebar links them (feapder's docs: a Chinese sidebar of 41 pages)."""

from __future__ import annotations

from pathlib import Path

from builder.projects.docsify import read_docsify, sidebar_pages
from builder.starter import write_starter_catalog
from builder.survey import survey_project

_SIDEBAR = (
    "* 序章\n"
    "  * [简介及安装](README.md)\n"
    "  * [10分钟快速上手](foreword/10分钟上手.md)\n"
    "\n"
    "* 使用说明\n"
    '  * [轻量爬虫-AirSpider](/usage/AirSpider "AirSpider")\n'
    "  * [中文](zh-cn/)\n"
    "  * [进阶](#/source_code/Spider%E8%BF%9B%E9%98%B6?id=intro)\n"
    "  * [首页](/)\n"
    "  * [GitHub](https://github.com/Boris-code/feapder)\n"
    "  * [Logo](images/logo.png)\n"
    "  * [Out](../README.md)\n"
)


def test_the_sidebar_names_the_pages_in_its_order() -> None:
    assert sidebar_pages(_SIDEBAR) == (
        "README.md",
        "foreword/10分钟上手.md",
        "usage/AirSpider.md",
        "zh-cn/README.md",
        "source_code/Spider进阶.md",
    )


def test_a_docsify_folder_reads_its_pages_in_sidebar_order_without_its_menus(
    tmp_path: Path,
) -> None:
    (tmp_path / "index.html").write_text(
        "<script>window.$docsify = {loadSidebar: true, loadNavbar: true}</script>",
        encoding="utf-8",
    )
    (tmp_path / "_sidebar.md").write_text(_SIDEBAR, encoding="utf-8")
    layout = read_docsify(tmp_path)
    assert layout is not None
    assert layout.order[:3] == ("README.md", "foreword/10分钟上手.md", "usage/AirSpider.md")
    assert [layout.admits(p) for p in ("_sidebar.md", "_navbar.md", "zh-cn/_sidebar.md")] == [
        False,
        False,
        False,
    ]
    assert layout.admits("_coverpage.md") and layout.admits("usage/AirSpider.md")
    assert read_docsify(tmp_path / "missing") is None


def test_init_reads_a_docsify_folder_as_docsify(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.html").write_text(
        "<script src='//cdn.jsdelivr.net/npm/docsify@4'></script>", encoding="utf-8"
    )
    (docs / "_sidebar.md").write_text("* [简介](README.md)\n", encoding="utf-8")
    (docs / "README.md").write_text("# feapder\n\n简介。\n", encoding="utf-8")
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.docs, survey.include) == ("docsify", "docs", ("**/*.md",))
    written = write_starter_catalog(tmp_path).path.read_text(encoding="utf-8")
    assert 'project = "auto"   # docsify;' in written


def test_a_sidebar_of_unclosed_brackets_is_read_in_one_pass() -> None:
    # The link's regex read on from each "[" to the line's end: 20,000 took 4 seconds.
    assert sidebar_pages("[" * 1_000_000) == ()
    # An empty target is the docs folder's README.md, as "[Home](/)" is.
    assert sidebar_pages("[\\" * 500_000 + "](") == ("README.md",)
    assert sidebar_pages("[a](" + " " * 1_000_000) == ("README.md",)
    assert sidebar_pages('[a] b](x) [\n](y)\n[[c](d)[e](f "t")') == ("x.md", "d.md", "f.md")
