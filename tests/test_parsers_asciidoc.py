"""The AsciiDoc reader (builder/parsers/asciidoc.py): titles and anchors, code, admonitions,
lists, tables, attributes and includes, with the page's own line numbers."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from builder.includes import IncludeReader, include_root
from builder.model import ParsedFile
from builder.parsers import detect_format, parse_file
from builder.parsers.asciidoc import (
    MAX_INCLUDE_DEPTH,
    MAX_LINES,
    MAX_SUBSTITUTED_CHARS,
    asciidoc_markdown,
    parse,
)
from builder.parsers.include_budget import MAX_INCLUDE_TAGS


def outline(parsed: ParsedFile) -> list[tuple[str, str, int, int, str]]:
    return [(s.heading, s.anchor, s.line_start, s.line_end, s.body) for s in parsed.sections]


def test_titles_paragraphs_code_and_admonitions() -> None:
    # Asciidoctor 2.0.26's docs (an Antora tree of 101 .adoc files) were skipped whole: "no
    # readable documentation files".
    text = (
        "= Load and Convert Strings\n"  # 1
        ":navtitle: Load Strings\n"
        ":product: Asciidoctor\n"
        "\n"
        "This page explains how {product} loads\n"  # 5
        "a string.\n"
        "\n"
        "// a comment left out\n"
        "[#load]\n"
        "== Load a string\n"  # 10
        "\n"
        "[source,ruby]\n"
        "----\n"
        "doc = Asciidoctor.load '*This*'\n"
        "----\n"  # 15
        "\n"
        "NOTE: The `:standalone` option is `false`.\n"
        "\n"
        "[WARNING]\n"
        "====\n"  # 20
        "Do not pass untrusted input.\n"
        "====\n"
        "\n"
        "=== Options\n"
        "\n"  # 25
        "* `safe` sets the xref:safe-modes.adoc[safe mode]\n"
        "** nested, see <<load,loading>>\n"
        "standalone:: whether to wrap it, see https://docs.invalid/x[the docs]\n"
    )
    assert outline(parse(text, "convert-strings.adoc")) == [
        (
            "Load and Convert Strings",
            "_load_and_convert_strings",
            1,
            6,
            "This page explains how Asciidoctor loads a string.",
        ),
        (
            "Load a string",
            "load",
            10,
            21,
            "```ruby\ndoc = Asciidoctor.load '*This*'\n```\n\n"
            "Note: The `:standalone` option is `false`.\n\n"
            "Warning:\n\nDo not pass untrusted input.",
        ),
        (
            "Options",
            "_options",
            24,
            28,
            "- `safe` sets the safe mode\n  - nested, see loading\n"
            "- standalone: whether to wrap it, see the docs",
        ),
    ]


def test_a_table_reads_a_row_a_line() -> None:
    text = (
        "= Labels\n\n"
        '[cols="~,~,30%"]\n'
        "|===\n"
        "|Attribute |Default |Notes\n\n"
        "|`appendix-caption`\n|Appendix\n|\n\n"
        "|`chapter-refsig`\n|Chapter\n|Used when referencing\na chapter.\n"
        "|===\n"
    )
    assert [s.body for s in parse(text, "labels.adoc").sections] == [
        "Attribute | Default | Notes\n\n`appendix-caption` | Appendix |\n\n"
        "`chapter-refsig` | Chapter | Used when referencing a chapter."
    ]


def test_includes_read_through_the_include_reader(tmp_path: Path) -> None:
    # Antora's resource ids name the module's partials and examples folders.
    pages = tmp_path / "docs" / "modules" / "api" / "pages"
    pages.mkdir(parents=True)
    examples = tmp_path / "docs" / "modules" / "api" / "examples"
    examples.mkdir()
    partials = tmp_path / "docs" / "modules" / "api" / "partials"
    partials.mkdir()
    (tmp_path / "pyproject.toml").write_text("", encoding="utf-8")
    (examples / "app.rb").write_text(
        "require 'x'\n# tag::load[]\ndoc = load\n# end::load[]\nputs doc\n", encoding="utf-8"
    )
    (partials / "intro.adoc").write_text("Shared intro.\n\n== From a partial\n\nText.\n")
    text = (
        "= API\n\n"
        "include::partial$intro.adoc[]\n\n"
        "== Example\n\n"
        "[,ruby]\n----\ninclude::example$app.rb[tag=load]\n----\n\n"
        "include::partial$missing.adoc[]\n"
        "include::../../../../../outside.adoc[]\n"
    )
    reader = IncludeReader(include_root(tmp_path / "docs", None, tmp_path))
    parsed = parse(text, "modules/api/pages/index.adoc", None, reader)
    assert [(s.heading, s.line_start, s.body) for s in parsed.sections] == [
        ("API", 1, "Shared intro."),
        ("From a partial", 3, "Text."),
        ("Example", 5, "```ruby\ndoc = load\n```"),
    ]
    assert [warning.where for warning in parsed.warnings] == [
        "modules/api/pages/index.adoc:12",
        "modules/api/pages/index.adoc:13",
    ]
    assert "docs/modules/api/examples/app.rb" in reader.looked_for


def test_includes_bring_a_bounded_page(tmp_path: Path) -> None:
    # Three files each including the next a hundred times: lines read are bounded, but an
    # empty (or missing) file adds none, and a page made a million reads (46 s). A page
    # follows at most MAX_INCLUDE_TAGS includes, with one warning for the rest.
    docs = tmp_path / "docs"
    docs.mkdir()
    (tmp_path / "pyproject.toml").write_text("", encoding="utf-8")
    for name, tag in (("b", "c"), ("c", "d")):
        (docs / f"{name}.adoc").write_text(f"include::{tag}.adoc[]\n\n" * 100, encoding="utf-8")
    (docs / "d.adoc").write_text("Word.\n", encoding="utf-8")
    reader = IncludeReader(include_root(docs, None, tmp_path))
    parsed = parse("= Page\n\n" + "include::b.adoc[]\n\n" * 100, "index.adoc", None, reader)
    # The first thousand: one of b, ten of c, 989 of d.
    assert parsed.sections[0].body.count("Word.") == MAX_INCLUDE_TAGS - 1 - 10
    assert [w.message for w in parsed.warnings] == [
        f"include tags past the first {MAX_INCLUDE_TAGS} show nothing"
    ]


def test_adoc_files_are_read_as_asciidoc() -> None:
    assert detect_format("guide.adoc", "") == "asciidoc"
    assert detect_format("guide.asciidoc", "") == "asciidoc"
    parsed = parse_file("guide.adoc", "= Guide\n\nHello.\n")
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections] == [("Guide", "Hello.")]


def test_unclosed_blocks_and_deep_lists_do_not_fail() -> None:
    text = "= Page\n\n----\ncode without an end\n\n***** deep\n|===\n|a\n"
    assert [s.body for s in parse(text, "page.adoc").sections] == [
        "```\ncode without an end\n\n***** deep\n|===\n|a\n```"
    ]


def test_blocks_nested_past_the_limit_read_as_text() -> None:
    # 3,000 example blocks opened inside each other (no two delimiters alike) went 3,000 calls
    # deep; past MAX_NESTED_BLOCKS the delimiters are text.
    text = "= Page\n\n" + "\n".join("=" * (4 + depth) for depth in range(3000)) + "\n"
    (section,) = parse(text, "page.adoc").sections
    assert section.heading == "Page" and section.body.endswith("=" * 3003)


def test_an_antora_components_attributes_fill_its_pages(tmp_path: Path) -> None:
    # Asciidoctor's pages write {release-version} and {page-component-version}, which its
    # antora.yml defines: 80 references showed as written, 27 now (the site's own are not
    # the component's).
    pages = tmp_path / "docs" / "modules" / "ROOT" / "pages"
    pages.mkdir(parents=True)
    (tmp_path / "pyproject.toml").write_text("", encoding="utf-8")
    (tmp_path / "docs" / "antora.yml").write_text(
        "name: asciidoctor\nversion: '2.0.26'\nasciidoc:\n  attributes:\n"
        "    release-version: '2.0.26'\n    listing-caption: Example@\n",
        encoding="utf-8",
    )
    text = (
        "= What's New in {page-component-version}\n\n"
        "Install {release-version} ({listing-caption}, {url-org}).\n"
    )
    reader = IncludeReader(include_root(tmp_path / "docs", None, tmp_path))
    parsed = parse(text, "modules/ROOT/pages/whats-new.adoc", None, reader)
    assert [(s.heading, s.body) for s in parsed.sections] == [
        ("What's New in 2.0.26", "Install 2.0.26 (Example, {url-org}).")
    ]
    assert "docs/antora.yml" in reader.looked_for
    # A page outside a module's pages/ folder is in no component.
    assert [s.body for s in parse(text, "guide.adoc", None, reader).sections] == [
        "Install {release-version} ({listing-caption}, {url-org})."
    ]


def test_self_doubling_attributes_stop_at_the_substitution_limit() -> None:
    # ":a: {a}{a}" doubles the value each line: 24 lines made a 16-million-character page
    # (40 lines a terabyte); the references past the limit stay as written, with a warning.
    text = ":a: x\n" + ":a: {a}{a}\n" * 24 + "Value {a} and {a}.\n"
    document, _, warnings = asciidoc_markdown(text, "page.adoc")
    assert len(document) < 2 * MAX_SUBSTITUTED_CHARS
    assert [warning.message for warning in warnings] == [
        f"attribute references past {MAX_SUBSTITUTED_CHARS} characters left as written"
    ]
    assert "Value " in document


def test_long_lines_of_inline_macros_are_read_in_linear_time() -> None:
    """Each inline macro read to the line's end from every place its name starts: a 100 KB
    line of 'kbd:[', 'link:[', 'menu:a[', 'image:[', '<<a,' or '`+a' took 5 to over 20 s. The
    subprocess's timeout guards against that hang; it is not a timing."""
    script = (
        "from builder.parsers.asciidoc import asciidoc_markdown\n"
        "n = 300_000\n"
        "for unit in ('kbd:[', 'link:[', 'xref:', 'https://a[', 'menu:a[', 'image:[',\n"
        "             'image:x[a,', '<<a,', '<<a, ', '`+a', 'pass:['):\n"
        "    print(len(asciidoc_markdown(unit * (n // len(unit)), 'page.adoc')[0]) > 0)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True, text=True, timeout=120, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert set(done.stdout.split()) == {"True"}


def test_inline_macros_read_as_their_text() -> None:
    text = (
        "See link:a.html[A page], https://x.org/p[X], <<sec,  The Sec>>, <<other>>,\n"
        "kbd:[Ctrl+T], menu:File[Save], image:i.png[Alt text,100], footnote:[a note],\n"
        "`+{x}+` and xref:guide:b.adoc[] and https://y.org[].\n"
    )
    assert asciidoc_markdown(text, "page.adoc")[0] == (
        "See A page, [X](https://x.org/p), The Sec, other,\n"
        "Ctrl+T, File > Save, Alt text, a note,\n"
        "`{x}` and b and [https://y.org](https://y.org).\n"
    )


def test_long_section_titles_are_read_in_linear_time() -> None:
    """The title's closing marks and its anchor were looked for after each blank of a run: a
    100 KB title of blanks, or of '[[a,', took over 20 s. The subprocess's timeout guards
    against that hang; it is not a timing."""
    script = (
        "from builder.parsers.asciidoc import asciidoc_markdown\n"
        "n = 300_000\n"
        "for title in ('a' + ' ' * n + 'b', '[[a,' * (n // 4), 'a' + ' ' * n + '[[b'):\n"
        "    print(len(asciidoc_markdown('== ' + title, 'page.adoc')[0]) > n)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True, text=True, timeout=120, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert done.stdout.split() == ["True"] * 3


def test_a_titles_closing_marks_and_anchor_are_cut_off() -> None:
    text = "== Title ==\n\n=== a = b ===\n\n== Setup  [[setup,Set up]] ==\n"
    assert [(s.heading, s.anchor) for s in parse(text, "page.adoc").sections] == [
        ("Title", "_title"),
        ("a = b", "_a_b"),
        ("Setup", "setup"),
    ]


def test_a_cells_last_number_or_letter_is_its_text_not_a_spec() -> None:
    # "Django 4.2", "Python 3" and "section 2" lost their numbers as if each were the next
    # cell's spec; a spec is a span, repeat, alignment or style just before a separator.
    text = (
        "|===\n"
        "|Name |Version |Notes\n"
        "\n"
        "|Django 4.2 |Python 3 |See section 2\n"
        "|a|b|c\n"
        "2+|spans two ^|centered\n"
        "|a cell going\n"
        "on {x} |last\n"
        "|===\n"
    )
    document = asciidoc_markdown(":x: over lines\n" + text, "page.adoc")[0]
    assert [line for line in document.splitlines() if line] == [
        "Name | Version | Notes",
        "Django 4.2 | Python 3 | See section 2",
        "a | b | c",
        "spans two | centered | a cell going on over lines",
        "last",
    ]


def test_a_long_run_of_digits_in_a_cell_is_read_in_linear_time() -> None:
    """The cell spec's three runs of digits split a run every way: a cell of 3,000 digits
    after a blank ran past 20 s, and a number of 5,000 digits in cols= raised ValueError.
    The subprocess's timeout guards against that hang; it is not a timing."""
    script = (
        "from builder.parsers.asciidoc import asciidoc_markdown\n"
        "cell = '| a ' + '1' * 300_000 + 'x'\n"
        "print(len(asciidoc_markdown('|===\\n' + cell + '\\n|===\\n', 'page.adoc')[0]))\n"
        "cols = '[cols=\"' + '9' * 5000 + '*\"]\\n'\n"
        "print(asciidoc_markdown(cols + '|===\\n|a\\n|===\\n', 'page.adoc')[0])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True, text=True, timeout=120, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert done.stdout.split() == ["300005", "a"]


def test_includes_past_the_limits_warn_once_and_never_raise(tmp_path: Path) -> None:
    # A code block's includes ran past MAX_LINES (5,000 includes of a 6,000-line file: 16.7 MB
    # and 4,845 warnings, one per include the reader's byte limit refused); a lines= number
    # of 5,000 digits raised ValueError; a URL or an include nested too deep was left out
    # without a word.
    (tmp_path / "pyproject.toml").write_text("", encoding="utf-8")
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "big.txt").write_text("x\n" * 1000, encoding="utf-8")
    (docs / "self.adoc").write_text("Self.\ninclude::self.adoc[]\ninclude::self.adoc[]\n")
    text = (
        "----\n" + "include::big.txt[]\n" * 300 + "----\n"
        "include::big.txt[lines=" + "9" * 5000 + "]\n"
        "include::https://example.invalid/a.adoc[]\n"
        "include::self.adoc[]\n"
    )
    reader = IncludeReader(include_root(docs, None, tmp_path))
    document, _, warnings = asciidoc_markdown(text, "page.adoc", reader)
    assert document.count("\n") < MAX_LINES + 2000
    reader = IncludeReader(include_root(docs, None, tmp_path))
    _, _, warnings = asciidoc_markdown("\n".join(text.splitlines()[-3:]), "page.adoc", reader)
    assert [(warning.where, warning.message) for warning in warnings] == [
        (
            "page.adoc:2",
            "include::https://example.invalid/a.adoc[] not read: a URL; only the project's "
            "files are read",
        ),
        (
            "page.adoc:3",
            f"include::self.adoc[] not read: includes nest deeper than {MAX_INCLUDE_DEPTH}",
        ),
    ]


def test_markdown_fenced_code_is_code() -> None:
    # Asciidoctor reads ``` fences; read as prose, a Python comment in one became a section
    # titled "a comment", "* x" a list item and {name} its value.
    text = ":name: value\n\n== Use\n\n```python\n# a comment\n* x {name}\n```\n\nAfter.\n"
    assert [(s.heading, s.body) for s in parse(text, "page.adoc").sections] == [
        ("Use", "```python\n# a comment\n* x {name}\n```\n\nAfter.")
    ]


def test_a_quotes_author_and_source_are_kept() -> None:
    # [quote, Author, Source] and [verse, ...] lost who said it.
    text = (
        "[verse, Carl Sandburg, Fog]\n____\nThe fog comes\non little cat feet.\n____\n\n"
        "[quote, Someone]\nA quoted paragraph\nover two lines.\n\n"
        '[quote,attribution="Named One",citetitle=Title]\n____\nq\n____\n'
    )
    document = asciidoc_markdown(text, "page.adoc")[0]
    assert [line for line in document.splitlines() if line] == [
        "The fog comes",
        "on little cat feet.",
        "— Carl Sandburg, Fog",
        "A quoted paragraph",
        "over two lines.",
        "— Someone",
        "q",
        "— Named One, Title",
    ]


def test_an_included_files_includes_start_from_its_folder(tmp_path: Path) -> None:
    # A book's chapter (chapters/ch1.adoc) including sub/part.adoc, which includes
    # ../shared.adoc: both were looked for from the book's folder, not found, and left out.
    (tmp_path / "pyproject.toml").write_text("", encoding="utf-8")
    sub = tmp_path / "docs" / "chapters" / "sub"
    sub.mkdir(parents=True)
    (sub.parent / "ch1.adoc").write_text("Chapter.\n\ninclude::sub/part.adoc[]\n")
    (sub / "part.adoc").write_text("Part.\n\ninclude::../shared.adoc[]\n")
    (sub.parent / "shared.adoc").write_text("Shared.\n")
    reader = IncludeReader(include_root(tmp_path / "docs", None, tmp_path))
    parsed = parse("= Book\n\ninclude::chapters/ch1.adoc[]\n", "book.adoc", None, reader)
    assert [(s.heading, s.body, s.line_end) for s in parsed.sections] == [
        ("Book", "Chapter.\n\nPart.\n\nShared.", 3)
    ]
    assert parsed.warnings == ()


def test_an_antora_yml_is_parsed_once_and_a_deep_one_is_no_component(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Each page parsed its component's antora.yml again (a 100 KB one: 0.5 s a page), and
    # one nested past Python's stack raised RecursionError from every page.
    pages = tmp_path / "docs" / "modules" / "ROOT" / "pages"
    pages.mkdir(parents=True)
    (tmp_path / "pyproject.toml").write_text("", encoding="utf-8")
    descriptor = tmp_path / "docs" / "antora.yml"
    descriptor.write_text("name: once\nversion: '1.5'\n", encoding="utf-8")
    parsed: list[str] = []
    safe_load = yaml.safe_load
    monkeypatch.setattr(yaml, "safe_load", lambda text: parsed.append(text) or safe_load(text))
    for page in ("a", "b", "c"):
        reader = IncludeReader(include_root(tmp_path / "docs", None, tmp_path))
        relpath = f"modules/ROOT/pages/{page}.adoc"
        assert (
            parse("Version {page-component-version}.\n", relpath, None, reader).sections[0].body
            == "Version 1.5."
        )
    assert len(parsed) == 1
    descriptor.write_text("asciidoc: " + "[" * 50_000, encoding="utf-8")
    reader = IncludeReader(include_root(tmp_path / "docs", None, tmp_path))
    assert parse("{x}\n", "modules/ROOT/pages/a.adoc", None, reader).sections[0].body == "{x}"


def test_a_one_line_conditional_keeps_its_text() -> None:
    # ifdef::name[text] was left out with its text; a block conditional's lines are read.
    text = "Intro.\nifdef::env-site[Read it on https://x.org[the site].]\nifeval::[{a} > 1]\n"
    assert asciidoc_markdown(text, "page.adoc")[0] == (
        "Intro.\nRead it on [the site](https://x.org).\n"
    )


def test_an_indented_line_under_a_term_or_item_is_its_text() -> None:
    # "Term::" then "  Definition" read the definition as a literal block of code; only an
    # indented paragraph after a blank line (or a block's attributes) is one.
    text = "Term::\n  Definition text.\n\n* item\n  goes on.\n\n literal\n\n[[x]]\n literal two\n"
    assert [line for line in asciidoc_markdown(text, "page.adoc")[0].splitlines() if line] == [
        "- Term:",
        "Definition text.",
        "- item",
        "goes on.",
        "```",
        " literal",
        "```",
        "```",
        " literal two",
        "```",
    ]


def test_a_tables_included_rows_are_its_rows(tmp_path: Path) -> None:
    # A table whose rows are in a file of their own (include:: inside |===) showed the
    # include line as a cell's text and none of the rows.
    (tmp_path / "pyproject.toml").write_text("", encoding="utf-8")
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "rows.adoc").write_text("|--verbose |Says more\n|--quiet |Says less\n")
    text = "== Options\n\n|===\n|Option |Effect\n\ninclude::rows.adoc[]\n|===\n"
    reader = IncludeReader(include_root(docs, None, tmp_path))
    parsed = parse(text, "cli.adoc", None, reader)
    assert [(s.heading, s.body, s.line_end) for s in parsed.sections] == [
        ("Options", "Option | Effect\n\n--verbose | Says more\n\n--quiet | Says less", 6)
    ]
