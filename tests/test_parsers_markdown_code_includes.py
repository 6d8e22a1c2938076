"""FastAPI's ``{* file *}`` and mdx_include's ``{! file !}``: example files shown on the page."""

from __future__ import annotations

from pathlib import Path

from builder.includes import IncludeReader, include_root
from builder.model import ParsedFile
from builder.parsers.include_budget import MAX_INCLUDE_TAGS
from builder.parsers.markdown.code_includes import MAX_REPEATS
from builder.parsers.markdown.parser import parse

EXAMPLE = (
    "import typer\n\napp = typer.Typer()\n\n\n@app.command()\ndef main(name: str):\n"
    "    print(name)\n"
)


def parse_in(project: Path, relpath: str, text: str) -> ParsedFile:
    (project / "docs" / "tutorial").mkdir(parents=True)
    (project / "mkdocs.yml").write_text("site_name: x\n", encoding="utf-8")
    (project / "docs_src").mkdir()
    (project / "docs_src" / "tutorial001.py").write_text(EXAMPLE, encoding="utf-8")
    reader = IncludeReader(include_root(project / "docs", None, project))
    return parse(text, relpath, None, reader)


def test_a_code_include_is_a_fenced_block_of_the_line_groups(tmp_path: Path) -> None:
    page = (
        "# Arguments\n\nDeclare one:\n\n{* docs_src/tutorial001.py ln[1,6:8] hl[7] *}\n\n"
        'Or whole:\n\n{* docs_src/tutorial001.py title["main.py"] *}\n'
    )
    parsed = parse_in(tmp_path, "tutorial/arguments.md", page)
    assert parsed.sections[0].body == (
        "Declare one:\n\n```python\nimport typer\n...\n@app.command()\ndef main(name: str):\n"
        "    print(name)\n```\n\nOr whole:\n\n`main.py`\n\n```python\n"
        + EXAMPLE.rstrip("\n")
        + "\n```"
    )
    # The page's own lines: the section ends on the last marker's line.
    assert (parsed.sections[0].line_start, parsed.sections[0].line_end) == (1, 9)


def test_line_zero_shows_the_whole_file_as_its_full_file_preview(tmp_path: Path) -> None:
    # markdown-include-variants reads ln[0] as no lines of the file shown open, and its
    # collapsed "Full file preview" (of the whole file) is all the page shows: SQLModel's
    # "Continue From Previous Code" sections.
    page = "# Where\n\nThe code so far:\n\n{* ./docs_src/tutorial001.py ln[0] *}\n\nThen.\n"
    parsed = parse_in(tmp_path, "tutorial/where.md", page)
    assert parsed.sections[0].body == (
        "The code so far:\n\n```python\n" + EXAMPLE.rstrip("\n") + "\n```\n\nThen."
    )


def test_a_raw_include_puts_the_text_where_the_page_has_its_fence(tmp_path: Path) -> None:
    page = "# First steps\n\n```Python\n{!docs_src/tutorial001.py!}\n```\n"
    parsed = parse_in(tmp_path, "tutorial/first.md", page)
    assert parsed.sections[0].body == "```Python\n" + EXAMPLE.rstrip("\n") + "\n```"


def test_a_missing_example_is_a_warning(tmp_path: Path) -> None:
    parsed = parse_in(tmp_path, "tutorial/x.md", "# X\n\nText.\n\n{* docs_src/gone.py *}\n")
    assert parsed.sections[0].body == "Text."
    assert [(w.where, w.message) for w in parsed.warnings] == [
        ("tutorial/x.md:5", "code include not read: docs_src/gone.py was not found")
    ]


def test_lines_that_name_no_file_stay_text(tmp_path: Path) -> None:
    page = (
        "# Code\n\n```python\n{*rest*}\n{!important!}\n```\n\n"
        "```Python\n{!> docs_src/tutorial001.py!}\n```\n"
    )
    parsed = parse_in(tmp_path, "tutorial/code.md", page)
    assert parsed.sections[0].body == (
        "```python\n{*rest*}\n{!important!}\n```\n\n```Python\n" + EXAMPLE.rstrip("\n") + "\n```"
    )
    assert parsed.warnings == ()


def test_a_raw_include_takes_the_rows_its_line_slice_names(tmp_path: Path) -> None:
    # FastStream 0.7: "[ln:1-2]" rows, "[ln:7.5,8.5]" rows from their 5th character (a
    # dedent), "[ln:1-6.4,8-]" a row cut after its 4th character, then the rest.
    page = (
        "# Slices\n\n```python\n{! docs_src/tutorial001.py [ln:1-3] !}\n```\n\n"
        "```python\n{!> docs_src/tutorial001.py [ln:7.5,8.5]!}\n```\n\n"
        "```python\n{! docs_src/tutorial001.py [ln:1-6.4,8-] !}\n```\n\n"
        "```python\n{! docs_src/tutorial001.py [ln:3-1] !}\n```\n\n"
        # SQLModel 0.0.39's tutorial/insert.md: no space before the slice.
        "```python\n{!./docs_src/tutorial001.py[ln:1-3]!}\n```\n"
    )
    parsed = parse_in(tmp_path, "tutorial/slices.md", page)
    assert parsed.sections[0].body == (
        "```python\nimport typer\n\napp = typer.Typer()\n```\n\n"
        "```python\nmain(name: str):\nprint(name)\n```\n\n"
        "```python\nimport typer\n\napp = typer.Typer()\n\n\n@app\n    print(name)\n```\n\n"
        "```python\n" + EXAMPLE.rstrip("\n") + "\n```\n\n"
        "```python\nimport typer\n\napp = typer.Typer()\n```"
    )
    assert parsed.warnings == ()


def test_the_markers_of_an_included_file_are_read_in_turn(tmp_path: Path) -> None:
    # FastStream 0.7: cli.md has "{! includes/en/worker-id.md !}", whose tabs hold
    # "{!> docs_src/.../worker_id.py!}"; "{!- ... !}" keeps the file's markers as they are,
    # and a file that includes itself stops there.
    (tmp_path / "includes").mkdir()
    (tmp_path / "includes" / "tabs.md").write_text(
        '=== "Typer"\n    ```python\n    {!> docs_src/tutorial001.py [ln:1] !}\n    ```\n'
        "{! includes/tabs.md !}\n",
        encoding="utf-8",
    )
    page = "# Tabs\n\n{! includes/tabs.md !}\n\n{!- includes/tabs.md !}\n"
    parsed = parse_in(tmp_path, "tutorial/tabs.md", page)
    assert parsed.sections[0].body == (
        "Typer:\n```python\nimport typer\n```\n\n{! includes/tabs.md !}\n\n"
        "Typer:\n```python\n{!> docs_src/tutorial001.py [ln:1] !}\n```\n\n{! includes/tabs.md !}"
    )
    assert parsed.warnings == ()


def test_numbers_of_many_digits_are_past_the_end(tmp_path: Path) -> None:
    # int() refuses a string of 4,300 digits: "[ln:999...]" raised ValueError out of the build.
    many = "9" * 5000
    page = (
        f"# X\n\n```python\n{{! docs_src/tutorial001.py [ln:{many}] !}}\n```\n\n"
        f"{{* docs_src/tutorial001.py ln[1,{many}] *}}\n\n"
        f"```python\n{{! docs_src/tutorial001.py [ln:1.{many}-2] !}}\n```\n"
    )
    parsed = parse_in(tmp_path, "tutorial/x.md", page)
    # The rows past the end are none: their fences are empty, and left out.
    assert parsed.sections[0].body == "```python\nimport typer\n...\n```"
    assert parsed.warnings == ()


def test_a_slice_list_takes_at_most_max_repeats_times_the_files_rows(tmp_path: Path) -> None:
    # "[ln:1-,1-,...]" put the file in once a slice: a line of 60,000 characters made a page
    # 20,000 times the file's size, a file read once and so never past the include limit.
    page = (
        f"# X\n\n```python\n{{! docs_src/tutorial001.py [ln:{'1-,' * 20_000}] !}}\n```\n\n"
        f"{{* docs_src/tutorial001.py ln[{'1:8,' * 20_000}] *}}\n\n"
        "```python\n{! docs_src/tutorial001.py [ln:1,1] !}\n```\n"
    )
    body = parse_in(tmp_path, "tutorial/x.md", page).sections[0].body
    assert 4 < body.count("import typer") <= 2 * (MAX_REPEATS + 1) + 2
    assert len(body) < 3 * (MAX_REPEATS + 1) * len(EXAMPLE) + 200
    assert body.endswith("```python\nimport typer\nimport typer\n```")


def test_raw_markers_bring_a_bounded_page(tmp_path: Path) -> None:
    # Three files each naming the next a hundred times: a million markers from 30 kilobytes.
    # A page follows at most MAX_INCLUDE_TAGS, with one warning for the rest.
    (tmp_path / "parts").mkdir()
    for name, tag in (("b", "c"), ("c", "d")):
        (tmp_path / "parts" / f"{name}.md").write_text(f"{{! parts/{tag}.md !}}\n" * 100)
    (tmp_path / "parts" / "d.md").write_text("Word.\n")
    parsed = parse_in(tmp_path, "page.md", "# Page\n\n" + "{! parts/b.md !}\n" * 100)
    # The first thousand: one of b, ten of c, 989 of d.
    assert parsed.sections[0].body.count("Word.") == MAX_INCLUDE_TAGS - 1 - 10
    assert [w.message for w in parsed.warnings] == [
        f"include tags past the first {MAX_INCLUDE_TAGS} show nothing"
    ]
