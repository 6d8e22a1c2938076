"""MkDocs pages read as Python-Markdown renders them, with the extensions mkdocs.yml enables."""

from __future__ import annotations

from pathlib import Path

from builder.api.code import GriffeSource
from builder.api.model import ApiSettings
from builder.parsers.markdown.mkdocs_flavor import MkDocsMarkdown, mkdocs_pages
from builder.parsers.markdown.parser import parse
from tests.test_projects_mkdocs import compiled_records, version

HASH_HEADINGS = (
    "#Setup\n\n"
    "Install it.\n\n"
    "##Options ##\n\n"
    "```sh\n#!/bin/sh\n#comment\n```\n\n"
    "    #indented code\n\n"
    "Text.\n"
)


def headings(text: str, markdown: MkDocsMarkdown | None) -> list[tuple[int, str, str]]:
    with mkdocs_pages(markdown):
        page = parse(text, "page.md")
    return [(s.level, s.heading, s.body) for s in page.sections]


def test_hashes_against_the_text_are_a_heading_in_mkdocs_pages() -> None:
    assert headings(HASH_HEADINGS, MkDocsMarkdown()) == [
        (1, "Setup", "Install it."),
        (
            2,
            "Options",
            "```sh\n#!/bin/sh\n#comment\n```\n\n```\n#indented code\n```\n\nText.",
        ),
    ]


def test_hashes_against_the_text_stay_text_in_commonmark_pages() -> None:
    sections = headings(HASH_HEADINGS, None)
    assert [heading for _, heading, _ in sections] == ["page"]
    assert sections[0][2].startswith("#Setup\n\nInstall it.\n\n##Options ##")


def test_a_mkdocs_project_reads_its_pages_as_python_markdown(tmp_path: Path) -> None:
    (tmp_path / "mkdocs.yml").write_text("site_name: Demo\n", encoding="utf-8")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("#Welcome\n\nHello.\n", encoding="utf-8")
    records = compiled_records(version(tmp_path / "docs"))
    assert [(r["heading"], r["body"]) for r in records] == [("Welcome", "Hello.")]


MARKS = (
    "# Marks\n\n"
    "A ==marked **word**==, ^^inserted^^, ~~deleted~~, H~2~O, x^2^ :smile: and :+1: here.\n"
    "Kept: a::b at 10:30:00, a == b, x==y, `==code==`, `:smile:`, :func:`f`, ~/home, 2^10.\n"
)
ALL_MARKS = frozenset({"pymdownx.mark", "pymdownx.caret", "pymdownx.tilde", "pymdownx.emoji"})


def test_pymdownx_marks_read_as_the_text_they_show() -> None:
    # Struck-through text keeps its "~~": it says what the project no longer has.
    assert headings(MARKS, MkDocsMarkdown(ALL_MARKS))[0][2] == (
        "A marked word, inserted, ~~deleted~~, H2O, x2 and here. "
        "Kept: a::b at 10:30:00, a == b, x==y, `==code==`, `:smile:`, :func:`f`, ~/home, 2^10."
    )


def test_pymdownx_marks_stay_as_written_where_mkdocs_yml_does_not_enable_them() -> None:
    body = headings(MARKS, MkDocsMarkdown())[0][2]
    assert body.startswith("A ==marked word==, ^^inserted^^, ~~deleted~~, H~2~O, x^2^ :smile:")
    # Outside MkDocs only GitHub's emoji shortcodes read otherwise: as the emoji GitHub shows.
    shown = body.replace(" :smile:", " 😄").replace(":+1:", "👍")
    assert headings(MARKS, None)[0][2] == shown


def test_inlinehilite_language_markers_leave_inline_code() -> None:
    # Material's docs: "Blocks must be enclosed in `#!latex $$...$$` or `#!latex \\[...\\]`";
    # pymdownx.inlinehilite shows the code highlighted, without its marker.
    text = (
        "# `#!python len()`\n\n"
        "Call `#!python range(10)`, `:::js alert()` or `#!/bin/sh`; `# comment` stays.\n"
    )
    enabled = MkDocsMarkdown(frozenset({"pymdownx.inlinehilite"}))
    assert headings(text, enabled) == [
        (1, "len()", "Call `range(10)`, `alert()` or `#!/bin/sh`; `# comment` stays.")
    ]
    assert headings(text, MkDocsMarkdown())[0][2].startswith("Call `#!python range(10)`")


def test_collapsible_callouts_read_as_admonitions() -> None:
    # markdown-callouts (griffe, mkdocstrings-python, MkDocs' own docs): ">? NOTE: **Title**"
    # is a collapsed block, ">!" an open one, each labelled by its kind.
    text = (
        "# A\n\n>? QUESTION: **What's that?**\n> Aliases are imports.\n\n"
        ">! EXAMPLE: **New style:**\n>\n> ```django\n> {{ x }}\n> ```\n\n> ? plain quote\n"
    )
    enabled = MkDocsMarkdown(frozenset({"callouts"}))
    assert headings(text, enabled)[0][2] == (
        "Question: What's that? Aliases are imports.\n\n"
        "Example: New style:\n\n```django\n{{ x }}\n```\n\n> ? plain quote"
    )
    assert headings(text, MkDocsMarkdown())[0][2].startswith("> ? QUESTION: What's that?")


def test_a_callouts_mark_follows_its_quote_mark() -> None:
    # markdown-callouts 0.4.0 matches "^ {0,3}>([!?])? ?([A-Z]{2,}):([ \n])": "> ? NOTE:" and
    # ">? A:" are quotes, ">?NOTE:" is a callout. The first was read as a callout, the
    # quote's text having lost the space after its ">".
    text = (
        "# A\n\n> ? NOTE: a quote.\n\n>?NOTE: collapsed.\n\n>? A: one letter.\n\n"
        "  >! TIP: open.\n\n- item\n\n    >? WARNING: in a list.\n"
    )
    enabled = MkDocsMarkdown(frozenset({"callouts"}))
    assert headings(text, enabled)[0][2] == (
        "> ? NOTE: a quote.\n\nNote: collapsed.\n\n> ? A: one letter.\n\nTip: open.\n\n"
        "- item\n\n  Warning: in a list."
    )


def test_a_callout_in_a_docstring_is_read_from_the_docstrings_lines(tmp_path: Path) -> None:
    # mkdocstrings renders docstrings with the page's extensions; their quotes' token maps
    # count from the "::: path" line, so the page's lines there told nothing of the callout.
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text(
        '"""A package.\n\n>? NOTE: Collapsed.\n\n> ? NOTE: A quote.\n"""\n', encoding="utf-8"
    )
    code = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    with mkdocs_pages(MkDocsMarkdown(frozenset({"callouts"}))):
        page = parse("# Pkg\n\n>? TIP: On the page.\n\n::: pkg\n", "page.md", code)
    assert [section.body for section in page.sections] == [
        "Tip: On the page.",
        "A package.\n\nNote: Collapsed.\n\n> ? NOTE: A quote.",
    ]


TABLE_WITH_UNIONS = (
    "# Reactive attributes\n\n"
    "| Name | Type | Default | Description |\n"
    "|------|------|---------|-------------|\n"
    "| `language` | `str | None` | `None` | The language to highlight. |\n"
    '| `theme` | `str` | `"css"` | The theme. |\n\n'
    "Run `git diff | less`.\n\n"
    "```\n| `a | b` |\n|---|\n```\n"
)


def test_pipes_in_code_spans_of_table_rows_are_text_in_mkdocs_pages() -> None:
    # textual's text_area.md: Python-Markdown splits a row at the pipes outside code spans
    # only; GFM's rule cut the row at "str | None" and lost the default and the description.
    assert headings(TABLE_WITH_UNIONS, MkDocsMarkdown())[0][2] == (
        "Name | Type | Default | Description\n"
        "`language` | `str | None` | `None` | The language to highlight.\n"
        '`theme` | `str` | `"css"` | The theme.\n\n'
        "Run `git diff | less`.\n\n```\n| `a | b` |\n|---|\n```"
    )
    # GitHub's rule splits there too: other pages read as before.
    assert "`language` | `str | None` | `None`\n" in headings(TABLE_WITH_UNIONS, None)[0][2]


def test_marks_are_read_as_the_extensions_of_mkdocs_yml_enable_them(tmp_path: Path) -> None:
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: Demo\nmarkdown_extensions:\n  - pymdownx.mark\n"
        "  - pymdownx.emoji:\n      emoji_index: !!python/name:material.extensions.emoji.twemoji\n",
        encoding="utf-8",
    )
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text(
        "# Welcome\n\n:rocket: A ==fast== client, x^2^.\n", encoding="utf-8"
    )
    records = compiled_records(version(tmp_path / "docs"))
    assert [r["body"] for r in records] == ["A fast client, x^2^."]


ANNOTATED = (
    "# Config\n\n"
    "``` { .yaml .annotate }\n"
    "theme:\n"
    "  features:\n"
    "    - content.code.annotate # (1)!\n"
    '  url: "https://example.org/a"  # the home page (2)\n'
    "  palette: dark  # (3)\n"
    "  call: f(1)\n"
    "```\n\n"
    "1.  Turns annotations on.\n"
    "2.  Where the logo links.\n"
)


def test_code_annotation_markers_leave_the_code_of_an_annotated_block() -> None:
    body = headings(ANNOTATED, MkDocsMarkdown())[0][2]
    assert body == (
        "```yaml\n"
        "theme:\n"
        "  features:\n"
        "    - content.code.annotate\n"
        '  url: "https://example.org/a"  # the home page\n'
        "  palette: dark  # (3)\n"  # no third note: Material leaves it as it is
        "  call: f(1)\n"
        "```\n\n"
        "1. Turns annotations on.\n"
        "2. Where the logo links."
    )


def test_markers_stay_where_no_annotations_are_drawn() -> None:
    plain = ANNOTATED.replace("{ .yaml .annotate }", "yaml")
    assert "# (1)!" in headings(plain, MkDocsMarkdown())[0][2]
    assert "# (1)!" not in headings(plain, MkDocsMarkdown(features=_ANNOTATE))[0][2]
    assert "# (1)!" in headings(ANNOTATED, None)[0][2]
    without_notes = ANNOTATED.split("\n1. ", 1)[0]
    assert "# (1)!" in headings(without_notes, MkDocsMarkdown(features=_ANNOTATE))[0][2]


_ANNOTATE = frozenset({"content.code.annotate"})


def test_the_theme_feature_annotates_every_block(tmp_path: Path) -> None:
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: Demo\ntheme:\n  name: material\n  features:\n    - content.code.annotate\n",
        encoding="utf-8",
    )
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text(
        "# Use\n\n```python\nclient = Client()  # (1)!\n```\n\n1.  Reuse it.\n", encoding="utf-8"
    )
    records = compiled_records(version(tmp_path / "docs"))
    assert [r["body"] for r in records] == ["```python\nclient = Client()\n```\n\n1. Reuse it."]


# Python-Markdown's own docs open every page so (docs/extensions/toc.md of Markdown 3.7).
MULTIMARKDOWN_META = (
    "title:      Table of Contents Extension\n"
    "summary:    Adds ids\n"
    "            and a table.\n"
    "\n"
    "Table of Contents\n"
    "=================\n"
    "\n"
    "Summary\n"
    "-------\n"
    "\n"
    "Generates a table of contents.\n"
)


def test_multimarkdown_meta_data_is_off_an_mkdocs_page_and_titles_it() -> None:
    with mkdocs_pages(MkDocsMarkdown()):
        page = parse(MULTIMARKDOWN_META, "extensions/toc.md")
    assert page.title == "Table of Contents Extension"
    assert [(s.heading, s.body, s.line_start, s.line_end) for s in page.sections] == [
        ("Table of Contents", "", 5, 6),
        ("Summary", "Generates a table of contents.", 8, 11),
    ]


def test_key_value_lines_stay_text_outside_mkdocs_or_when_a_paragraph_goes_on() -> None:
    assert "title:" in parse(MULTIMARKDOWN_META, "toc.md").sections[0].body
    with mkdocs_pages(MkDocsMarkdown()):
        page = parse("Note: read this first\nbefore the rest.\n\n# Intro\n\nText.\n", "a.md")
    assert page.sections[0].body == "Note: read this first before the rest."


# Markdown 3.7's docs/extensions/toc.md: an indented block in a list item, CodeHilite's header.
CODEHILITE_BLOCKS = (
    "# Usage\n\n"
    "* **`baselevel`**:\n"
    "    Base level for headers.\n\n"
    "        :::pycon\n"
    "        >>> html = markdown.markdown(text)\n\n"
    "Shell:\n\n"
    "    #!/bin/sh\n"
    "    markdown_py input.txt\n"
)


def test_codehilite_headers_name_the_language_of_indented_code() -> None:
    with mkdocs_pages(MkDocsMarkdown(extensions=frozenset({"codehilite"}))):
        (section,) = parse(CODEHILITE_BLOCKS, "toc.md").sections
    assert section.body == (
        "- `baselevel`: Base level for headers.\n\n"
        "  ```pycon\n  >>> html = markdown.markdown(text)\n  ```\n\n"
        "Shell:\n\n"
        "```sh\n#!/bin/sh\nmarkdown_py input.txt\n```"
    )


def test_a_header_stays_code_where_codehilite_is_off() -> None:
    with mkdocs_pages(MkDocsMarkdown()):
        (section,) = parse(CODEHILITE_BLOCKS, "toc.md").sections
    assert "  ```\n  :::pycon\n  >>> html" in section.body


SPACED_CARDS = (
    "# Sponsors\n\n"
    '<div style="display: flex">\n'
    "    <div>\n"
    "        <p>Gold: FastAPI</p>\n"
    "    </div>\n\n"
    "    <div>\n"
    '        <p style="color: #c0c0c0">Silver: <!-- add them here --></p>\n'
    "    </div>\n"
    "</div>\n\n"
    '<div markdown>\n\n    print("code")\n</div>\n\n'
    "```html\n<div>\n\n    <p>shown</p>\n</div>\n```\n"
)


def test_a_raw_html_element_runs_to_its_closing_tag_over_blank_lines() -> None:
    # Python-Markdown keeps a block-level element raw to its closing tag (uvicorn's sponsors
    # page); CommonMark ended it at the blank line and read the next card as indented code,
    # tags and styles kept as text. An element marked markdown, and code, are read as before.
    code = '```\nprint("code")\n```\n\n```html\n<div>\n\n    <p>shown</p>\n</div>\n```'
    assert headings(SPACED_CARDS, MkDocsMarkdown()) == [
        (1, "Sponsors", f"Gold: FastAPI\nSilver:\n\n{code}")
    ]
    assert "<p style" in headings(SPACED_CARDS, None)[0][2]  # other pages: CommonMark's rule


def test_a_fence_with_blank_lines_in_a_raw_html_element_is_code() -> None:
    # Powertools for AWS Lambda centres its mermaid diagrams; CommonMark ended the <center>
    # element at the diagram's blank line, read the rest of it as text, and its closing fence
    # opened one that ran over the page: "### Caveats" and all after it read as code.
    page = (
        "# Batch\n\n<center>\n```mermaid\nclassDiagram\n    class A\n\n    class B\n```\n"
        "<i>Bring your own processor</i>\n</center>\n\n## Caveats\n\nKeep batches small.\n"
    )
    diagram = "```mermaid\nclassDiagram\n    class A\n\n    class B\n```"
    assert headings(page, MkDocsMarkdown()) == [
        (1, "Batch", f"{diagram}\n\nBring your own processor"),
        (2, "Caveats", "Keep batches small."),
    ]
    assert len(headings(page, None)) == 1  # other pages: CommonMark's rule
    # A blank line before the fence ends the element there: a fence read as code already,
    # whose terminal lines Typer's <div class="termy"> still marks as HTML to show as text.
    terminal = '# Run\n\n<div class="termy">\n\n```console\n$ run\n\n<b>Done</b>\n```\n\n</div>\n'
    assert headings(terminal, MkDocsMarkdown()) == [(1, "Run", "```console\n$ run\n\nDone\n```")]


def test_a_fence_nothing_closes_is_text_where_python_markdown_renders(tmp_path: Path) -> None:
    # freezegun 1.5.1's module docstring is reST, its title underlined with tildes
    # ("freezegun\n~~~~~~~~~"): read as CommonMark, the rest of it was a code block, where
    # Python-Markdown's fenced_code, which mkdocstrings renders it with, reads no fence.
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text(
        '"""pkg.api\n~~~~~~~\n\nThe API.\n\n~~~\nclosed\n~~~~\n"""\n', encoding="utf-8"
    )
    code = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    page = parse("# Pkg\n\n::: pkg\n", "page.md", code)
    assert [section.body for section in page.sections][1] == (
        "pkg.api ~~~~~~~\n\nThe API.\n\n```\nclosed\n```"
    )
    unclosed = "# Page\n\nText.\n\n```\nnot closed\n"
    assert headings(unclosed, MkDocsMarkdown()) == [(1, "Page", "Text.\n\n``` not closed")]
    assert headings(unclosed, None) == [(1, "Page", "Text.\n\n```\nnot closed\n```")]


def test_a_fence_after_one_nothing_closes_is_closed_in_its_own_block() -> None:
    # The search for a closing fence remembered a failed one for the rest of the page, so after
    # a stray unclosed fence each fence of that mark in a list item or a blockquote, closed
    # there, read as text too ("```  print(1)  ```"): a blockquote or a list item reads its
    # lines without their marks and indent, where the page's own search found no closing.
    listed = "# T\n\n```\nnot closed\n\n- item\n\n    ```\n    print(1)\n    ```\n"
    quoted = "# T\n\n```\nnot closed\n\n> ```\n> print(1)\n> ```\n"
    assert headings(listed, MkDocsMarkdown())[0][2] == (
        "``` not closed\n\n- item\n\n  ```\n  print(1)\n  ```"
    )
    assert headings(quoted, MkDocsMarkdown())[0][2] == (
        "``` not closed\n\n> ```\n> print(1)\n> ```"
    )
    # Runs of one mark, shorter on each line: each line searched to the end was quadratic
    # (10,000 lines: 12 s); only the lines that may close a fence are looked at now.
    shrinking = "# T\n\n" + "".join("~" * (600 - n) + "x\ntext\n" for n in range(590))
    assert headings(shrinking, MkDocsMarkdown())[0][2].count("\n") == 0


def test_a_quoted_callout_without_a_mark_reads_as_an_admonition() -> None:
    # markdown-callouts reads "> TIP: **Title**" (no "?" or "!" after the ">") as an admonition
    # (duty 1.10.1's usage page); it stayed a quote, its kind in capitals.
    text = (
        "# A\n\n> TIP: **Our callables are lazy!**\n\nAfter.\n\n"
        "> WARNING: Be careful\n> with this.\n\n> Just a quote: no callout.\n"
    )
    enabled = MkDocsMarkdown(frozenset({"callouts"}))
    assert headings(text, enabled)[0][2] == (
        "Tip: Our callables are lazy!\n\nAfter.\n\nWarning: Be careful with this.\n\n"
        "> Just a quote: no callout."
    )
    assert headings(text, MkDocsMarkdown())[0][2].startswith("> TIP: Our callables are lazy!")


def test_a_paragraph_callout_reads_as_an_admonition() -> None:
    # markdown-callouts' paragraph form, "WARNING: **Title**" at a paragraph's start (duty
    # 1.10.1, markdown-exec 1.14.0): it read as the paragraph, its kind in capitals.
    text = (
        "# A\n\nWARNING: **Limitation.**\nWhen passing arguments.\n\n"
        "NOTE: Plain.\n\nSee NOTE: not at the start.\n\n> A quote.\n>\n> NOTE: in it.\n"
    )
    enabled = MkDocsMarkdown(frozenset({"callouts"}))
    assert headings(text, enabled)[0][2] == (
        "Warning: Limitation. When passing arguments.\n\nNote: Plain.\n\n"
        "See NOTE: not at the start.\n\n> A quote.\n>\n> NOTE: in it."
    )
    assert headings(text, MkDocsMarkdown())[0][2].startswith("WARNING: Limitation.")


def test_a_link_whose_text_is_only_an_icon_leaves_nothing() -> None:
    # pymdown-extensions' pages open with "[:octicons-file-code-24:][_details]{: .source-link }",
    # its target defined in a file the snippets append: the page shows an icon, which left
    # "[][_details]" as the text of a section of its own.
    text = (
        "[:octicons-file-code-24:][_details]{: .source-link }\n\n"
        "# Details\n\n"
        "See [:material-github:][repo] and [the :smile: docs][docs], or [][].\n"
    )
    [(level, heading, body)] = headings(text, MkDocsMarkdown(extensions=ALL_MARKS))
    assert (level, heading, " ".join(body.split())) == (1, "Details", "See and the docs, or [][].")
