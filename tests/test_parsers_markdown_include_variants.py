"""Markdown pages with FastAPI-style includes: ``{* file *}`` code blocks and ``{! file !}``."""

from __future__ import annotations

from pathlib import Path

from builder.includes import IncludeReader, include_root
from builder.model import ParsedFile
from builder.parsers.markdown.parser import parse

EXAMPLE = (
    "from fastapi import FastAPI\n\napp = FastAPI()\n\n\n"
    "@app.get('/')\ndef root():\n    return {}\n"
)


def parse_in(tmp_path: Path, relpath: str, text: str) -> ParsedFile:
    # FastAPI's layout: mkdocs.yml in docs/en, pages in docs/en/docs, examples in docs_src.
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n", encoding="utf-8")
    (tmp_path / "docs_src").mkdir()
    (tmp_path / "docs_src" / "first.py").write_text(EXAMPLE, encoding="utf-8")
    (tmp_path / "docs_src" / "item.html").write_text("<h1>{{ id }}</h1>\n", encoding="utf-8")
    docs = tmp_path / "docs" / "en" / "docs"
    docs.mkdir(parents=True)
    reader = IncludeReader(include_root(docs, tmp_path, tmp_path / "docs" / "en"))
    return parse(text, relpath, None, reader)


def test_a_variant_include_is_the_files_code(tmp_path: Path) -> None:
    page = "# First Steps\n\nThe simplest file:\n\n{* ../../docs_src/first.py hl[3] *}\n\nRun it.\n"
    parsed = parse_in(tmp_path, "tutorial/first-steps.md", page)
    assert parsed.sections[0].body == f"The simplest file:\n\n```python\n{EXAMPLE}```\n\nRun it."
    assert (parsed.sections[0].line_start, parsed.sections[0].line_end) == (1, 7)


def test_ln_picks_lines_and_marks_the_gaps(tmp_path: Path) -> None:
    page = "# App\n\n{* ../../docs_src/first.py ln[1:1,6:8] hl[7] *}\n"
    parsed = parse_in(tmp_path, "app.md", page)
    assert parsed.sections[0].body == (
        "```python\nfrom fastapi import FastAPI\n...\n@app.get('/')\ndef root():\n"
        "    return {}\n```"
    )


def test_mdx_include_puts_the_text_inside_the_pages_fence(tmp_path: Path) -> None:
    page = (
        "# Templates\n\n```jinja\n{!../../docs_src/item.html!}\n```\n\n"
        "```Python\n{!> gone.py!}\n```\n"
    )
    parsed = parse_in(tmp_path, "templates.md", page)
    assert parsed.sections[0].body == "```jinja\n<h1>{{ id }}</h1>\n```\n\n```Python\n```"
    assert [(w.where, w.message) for w in parsed.warnings] == [
        ("templates.md:8", "include not read: gone.py was not found")
    ]


def test_lines_that_name_no_file_stay_text(tmp_path: Path) -> None:
    page = "# Code\n\n```python\n{*rest*}\n{!important!}\n```\n"
    parsed = parse_in(tmp_path, "code.md", page)
    assert parsed.sections[0].body == "```python\n{*rest*}\n{!important!}\n```"
    assert parsed.warnings == ()
