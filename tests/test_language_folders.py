"""builder.language_folders: a manual's translations in folders beside its English one."""

from __future__ import annotations

from pathlib import Path

from builder.language_folders import translation_folders
from builder.survey import survey_project


def _pages(folder: Path, *names: str) -> None:
    for name in names:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text("<html><body><h1>Page</h1></body></html>")


def test_the_languages_beside_an_english_folder_are_its_translations(tmp_path: Path) -> None:
    # Apache httpd 2.4.71's manual (apache2-doc): manual/en/, manual/fr/, manual/pt-br/...
    # the same pages each; read whole, 7,000 of its 10,800 sections were translations.
    manual = tmp_path / "manual"
    for language in ("en", "fr", "pt-br", "zh-cn"):
        _pages(manual / language, "index.html", "mod/core.html", "bind.html")
    _pages(manual / "images", "logo.html")  # not a language's code
    _pages(manual / "de", "other.html")  # no page of the English folder's
    assert translation_folders(tmp_path) == ("manual/fr", "manual/pt-br", "manual/zh-cn")
    # Without an English folder, which one the reader wants is not known.
    (manual / "en").rename(manual / "en-old")
    assert translation_folders(tmp_path) == ()


def test_init_leaves_a_manual_s_translations_out(tmp_path: Path) -> None:
    for language in ("en", "ja"):
        _pages(tmp_path / "manual" / language, "index.html", "install.html")
    survey = survey_project(tmp_path)
    assert survey.kind == "html"
    assert "manual/ja" in survey.exclude and "manual/en" not in survey.exclude


def test_languages_beside_the_default_language_s_pages_are_its_translations(
    tmp_path: Path,
) -> None:
    # Astro Starlight 0.41.7's docs: English pages at src/content/docs, each other language
    # in a folder beside them (de/, zh-cn/, it/ with a few pages): 3,200 of 3,629 sections.
    docs = tmp_path / "src" / "content" / "docs"
    english = ("index.mdx", "getting-started.mdx", "guides/pages.mdx", "reference/config.mdx")
    _pages(docs, *english)
    _pages(docs / "de", *english)
    _pages(docs / "zh-cn", "index.mdx", "guides/pages.mdx")
    _pages(docs / "it", "guides/pages.mdx", "it-only.md")
    _pages(docs / "da", "index.mdx")  # a landing page only: no evidence
    _pages(docs / "go", "client.md", "server.md")  # a folder of its own pages
    _pages(docs / "js", "index.md", "guides/other.md")
    assert translation_folders(tmp_path) == (
        "src/content/docs/de",
        "src/content/docs/it",
        "src/content/docs/zh-cn",
    )
    survey = survey_project(tmp_path / "src")
    assert "content/docs/de" in survey.exclude and "content/docs/go" not in survey.exclude


def test_an_empty_language_folder_is_kept_and_a_linked_one_never_followed(
    tmp_path: Path,
) -> None:
    _pages(tmp_path, "index.md", "guide.md")
    (tmp_path / "fr").mkdir()  # empty: nothing shared
    (tmp_path / "es").symlink_to(tmp_path)  # a cycle is never followed
    (tmp_path / "de").mkdir()
    _pages(tmp_path / "de", "guide.md")
    assert translation_folders(tmp_path) == ("de",)


def test_a_translation_under_way_beside_an_english_folder_is_one(tmp_path: Path) -> None:
    # Astro's docs (Starlight, defaultLocale 'en'): src/content/docs/en/ holds 420 pages,
    # de/ 60 of them and hi/ 9; only the languages of more than half of en/'s were left out,
    # and 4,237 of its 8,258 sections were translations.
    docs = tmp_path / "docs"
    english = [f"guides/page{n}.mdx" for n in range(10)]
    _pages(docs / "en", "index.mdx", *english)
    _pages(docs / "de", "index.mdx", *english[:2])
    _pages(docs / "hi", "guides/page7.mdx")
    _pages(docs / "ja", "index.mdx")  # a landing page only: no evidence
    _pages(docs / "js", "api.mdx", "guides/page1.mdx", "client.mdx")  # mostly its own pages
    assert translation_folders(tmp_path) == ("docs/de", "docs/hi")


def _text(folder: Path, name: str, text: str) -> None:
    (folder / name).parent.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")


def test_a_translation_that_renames_its_pages_is_told_by_its_script(tmp_path: Path) -> None:
    # Commander.js 14.0.3: docs/zh-CN/术语表.md beside docs/terminology.md, no name in common,
    # so init read the three Chinese copies too (19 of 202 sections), and '如何定义子命令'
    # found the Chinese page on a deprecated feature first.
    docs = tmp_path / "docs"
    _text(docs, "terminology.md", "# Terminology\n\nThe command line arguments are parsed.\n")
    _text(docs, "options-in-depth.md", "# Options in depth\n\nAn option may take a value.\n")
    _text(docs, "zh-CN/术语表.md", "# 术语表\n\n命令行参数由程序解析。\n")
    _text(
        docs,
        "zh-CN/可变参数的选项.md",
        "# 可变参数的选项\n\n选项可以接受多个值 (option-argument)。\n",
    )
    _text(docs, "ja/guide.md", "# ガイド\n\nコマンドライン引数を解析します。\n")
    _text(docs, "go/client.md", "# Client\n\nA client of its own, in English.\n")
    assert translation_folders(tmp_path) == ("docs/ja", "docs/zh-CN")
    survey = survey_project(tmp_path)
    assert "zh-CN" in survey.exclude and "go" not in survey.exclude  # under docs/
    # A manual written in Chinese alone is no translation: nothing in Latin letters beside it.
    (docs / "terminology.md").unlink()
    (docs / "options-in-depth.md").unlink()
    (docs / "go" / "client.md").unlink()
    assert translation_folders(tmp_path) == ()
