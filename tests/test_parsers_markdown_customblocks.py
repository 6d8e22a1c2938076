"""markdown-customblocks' ``::: type`` blocks, closed by their indentation, in MkDocs pages."""

from __future__ import annotations

from pathlib import Path

from builder.parsers.markdown.mkdocs_flavor import MkDocsMarkdown, mkdocs_pages
from builder.parsers.markdown.parser import parse
from tests.test_projects_mkdocs import compiled_records, version

# As bump-my-version's configuration reference writes each option: no line closes a block.
OPTIONS = (
    "# Global Configuration\n\n"
    "## allow_dirty\n\n"
    "::: field-list\n"
    "    required\n"
    "    :   No\n"
    "    \n"
    "    default\n"
    "    :   `False`\n\n"
    "Abort when the working directory has uncommitted changes.\n\n"
    "## sign_tags\n\n"
    "::: field-list\n\n"
    "    type\n"
    "    : boolean\n\n"
    "Sign tags.\n\n"
    "::: grid wide-gap\n\n"
    "    ::: card-container depth-0\n"
    "        ::: card-content\n"
    "            One optional value\n\n"
    "            `1.2` in this example.\n\n"
    "    ::: card-container depth-0\n"
    "        ::: card-content\n"
    "            Two optional values\n"
)
CUSTOMBLOCKS = MkDocsMarkdown(extensions=frozenset({"customblocks", "def_list"}))


def sections(text: str, markdown: MkDocsMarkdown) -> list[tuple[str, str]]:
    with mkdocs_pages(markdown):
        page = parse(text, "global.md")
    return [(s.heading, s.body) for s in page.sections]


def test_a_block_ends_where_its_indentation_does() -> None:
    assert sections(OPTIONS, CUSTOMBLOCKS) == [
        ("Global Configuration", ""),
        (
            "allow_dirty",
            "required\n  No\n\ndefault\n  `False`\n\n"
            "Abort when the working directory has uncommitted changes.",
        ),
        (
            "sign_tags",
            "type\n  boolean\n\nSign tags.\n\n"
            "One optional value\n\n`1.2` in this example.\n\nTwo optional values",
        ),
    ]


def test_a_project_that_enables_customblocks_keeps_every_heading(tmp_path: Path) -> None:
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: Demo\nmarkdown_extensions:\n  - customblocks\n  - def_list\n",
        encoding="utf-8",
    )
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text(OPTIONS, encoding="utf-8")
    records = compiled_records(version(tmp_path / "docs"))
    assert [r["heading"] for r in records] == ["allow_dirty", "sign_tags"]


def test_an_admonition_block_named_by_one_word_keeps_its_text() -> None:
    # markdown-customblocks' own docs (generators-admonition.md): "::: note" over a tab-
    # indented line was read as mkdocstrings' block of a module "note", its text lost.
    text = "# Admonition\n\n::: note\n\tThis is a note\n\n::: important\n\tThis is important\n"
    assert sections(text, CUSTOMBLOCKS) == [("Admonition", "This is a note\n\nThis is important")]


def test_a_lone_module_name_is_still_mkdocstrings_block() -> None:
    # Nothing, or the handler's options, under it: a module's API block, as without them.
    options = "# API\n\n::: demo\n    options:\n      heading_level: 2\n"
    for text in ("# API\n\n::: demo\n", options):
        assert sections(text, CUSTOMBLOCKS) == sections(text, MkDocsMarkdown())
        assert [heading for heading, _ in sections(text, CUSTOMBLOCKS)] == ["API", "demo"]
