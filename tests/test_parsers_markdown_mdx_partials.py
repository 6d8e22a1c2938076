"""builder.parsers.markdown.mdx_partials: Mintlify's snippets shown where a page places them."""

from __future__ import annotations

from pathlib import Path

from builder.includes import IncludeReader, include_root
from builder.model import ParsedFile
from builder.parsers.include_budget import MAX_INCLUDE_TAGS
from builder.parsers.markdown.parser import parse


def _parse(project: Path, relpath: str, text: str) -> ParsedFile:
    reader = IncludeReader(include_root(project / "docs", None, project))
    return parse(text, relpath, None, reader)


def _bodies(parsed: ParsedFile) -> list[tuple[str, str]]:
    return [(section.heading, section.body) for section in parsed.sections]


def test_a_mintlify_snippet_shows_its_file_where_the_page_places_it(tmp_path: Path) -> None:
    # mem0 2.0.18's docs: 77 <Snippet file=... /> lines ("Get help" cards on 12 pages, its
    # _snippets/ folder) showed nothing: "Join our community" 0 -> 12 sections.
    docs = tmp_path / "docs"
    (docs / "_snippets").mkdir(parents=True)
    (docs / "snippets" / "sub").mkdir(parents=True)
    (docs / "_snippets" / "get-help.mdx").write_text(
        '<CardGroup cols={3}>\n  <Card title="Discord" href="https://x.test">\n'
        "    Join our community\n  </Card>\n</CardGroup>\n"
    )
    (docs / "snippets" / "sub" / "install.mdx").write_text("Run `pip install x`.\n")
    page = (
        '# Guide\n\nReach out:\n\n<Snippet file="get-help.mdx" />\n\n'
        "## Install\n\n  <Snippet file='sub/install.mdx' />\n\n"
        '```mdx\n<Snippet file="get-help.mdx" />\n```\n'
    )
    parsed = _parse(tmp_path, "guide.mdx", page)
    assert _bodies(parsed) == [
        ("Guide", "Reach out:\n\nDiscord\n\nJoin our community"),
        ("Install", 'Run `pip install x`.\n\n```mdx\n<Snippet file="get-help.mdx" />\n```'),
    ]
    assert parsed.warnings == ()


def test_an_imported_snippet_is_read_from_the_docs_folder(tmp_path: Path) -> None:
    (tmp_path / "docs" / "snippets").mkdir(parents=True)
    (tmp_path / "docs" / "snippets" / "note.mdx").write_text("Keys live in `.env`.\n")
    page = "import Note from '/snippets/note.mdx';\n\n# Setup\n\n<Note />\n"
    assert _bodies(_parse(tmp_path, "a/b/setup.mdx", page)) == [("Setup", "Keys live in `.env`.")]


def test_hostile_snippets_are_refused_and_never_loop(tmp_path: Path) -> None:
    project = tmp_path / "project"
    (project / "docs" / "snippets").mkdir(parents=True)
    (tmp_path / "secret.mdx").write_text("Secret.\n")
    # A snippet that shows itself, and one that shows the other: a loop either way.
    (project / "docs" / "snippets" / "self.mdx").write_text(
        'Self.\n\n<Snippet file="self.mdx" />\n'
    )
    (project / "docs" / "snippets" / "empty.mdx").write_text("")
    page = (
        "# Page\n\n"
        '<Snippet file="../../../secret.mdx" />\n\n'
        '<Snippet file="missing.mdx" />\n\n'
        '<Snippet file="self.mdx" />\n\n'
        '<Snippet file="empty.mdx" />\n\n'
        '<Snippet file="' + "x" * 100_000 + '" />\n'
    )
    parsed = _parse(project, "page.mdx", page)
    assert _bodies(parsed) == [("Page", "Self.")]
    messages = [warning.message for warning in parsed.warnings]
    assert "Secret." not in str(_bodies(parsed))
    assert any("outside the project" in message for message in messages)
    assert any("missing.mdx" in message for message in messages)
    assert "partial /snippets/self.mdx: partials nest in a loop" in messages


def test_partials_bring_a_bounded_page(tmp_path: Path) -> None:
    # Three files each using the next a hundred times: a million partials from 30 kilobytes.
    # A page follows at most MAX_INCLUDE_TAGS, with one warning for the rest.
    docs = tmp_path / "docs"
    docs.mkdir()
    for name, tag in (("b", "c"), ("c", "d")):
        (docs / f"_{name}.mdx").write_text(f"import P from './_{tag}.mdx';\n\n" + "<P />\n\n" * 100)
    (docs / "_d.mdx").write_text("Word.\n")
    page = "# Page\n\nimport P from './_b.mdx';\n\n" + "<P />\n\n" * 100
    parsed = _parse(tmp_path, "page.mdx", page)
    # The first thousand: one of b, ten of c, 989 of d.
    assert parsed.sections[0].body.count("Word.") == MAX_INCLUDE_TAGS - 1 - 10
    assert [w.message for w in parsed.warnings] == [
        f"include tags past the first {MAX_INCLUDE_TAGS} show nothing"
    ]
