"""builder.parsers.markdown.data_tables: markdown-data-tables' ``{data-table file.yaml}`` line
is the table of the file's rows, read from the extension's base_path."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from builder.cli import main
from builder.includes import IncludeReader, IncludeRoot
from builder.parsers.markdown.data_tables import splice_data_tables, table_rows
from builder.parsers.markdown.spliced import Spliced

# nautobot 3.1.6's docs/development/apps/migration/code-updates.md, cut down.
PAGE = """\
# App Code Updates for Nautobot v2

## Update Code Import Locations

Most changes in code location arise from the merging of modules.

??? info "Full table of code location changes"
    {data-table user-guide/tables/v2-code-location-changes.yaml}

Other than models, most other imports should come from `nautobot.apps`.

{data-table user-guide/tables/missing.yaml}
"""

# Its user-guide/administration/upgrading/from-v1/tables/v2-code-location-changes.yaml, cut
# down: a row without one of the keys, a value over two lines.
ROWS = """\
---
- Old Module: "nautobot.core.api.utils"
  Class/Function(s): "TreeModelSerializerMixin"
  New Module: "nautobot.core.api.serializers"
- Old Module: "nautobot.utilities.forms"
  Class/Function(s): |
    SearchForm
    (all the others)
- Old Module: "nautobot.core.fields"
  New Module: "nautobot.core.models.fields"
"""


def test_rows_are_a_table_headed_by_their_keys() -> None:
    assert table_rows([{"a": 1, "b": None}, {"c": True}]) == [
        "| a | b | c |",
        "| --- | --- | --- |",
        "| 1 |  |  |",
        "|  |  | True |",
    ]
    # A mapping of columns, as tabulate reads one with headers="keys".
    assert table_rows({"x": [1, 2], "y": ["p"]}) == [
        "| x | y |",
        "| --- | --- |",
        "| 1 | p |",
        "| 2 |  |",
    ]
    assert table_rows("text") is None
    assert table_rows([1, 2]) is None
    assert table_rows([]) is None


def _build(tmp_path: Path, extensions: str) -> str:
    files = {
        "mkdocs.yml": (
            "site_name: nautobot\nnav:\n  - development/code-updates.md\n"
            f"markdown_extensions:\n  - admonition\n  - pymdownx.details\n{extensions}"
        ),
        "docs/development/code-updates.md": PAGE,
        "docs/user-guide/tables/v2-code-location-changes.yaml": ROWS,
    }
    for relpath, text in files.items():
        (tmp_path / relpath).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / relpath).write_text(text, encoding="utf-8")
    (tmp_path / "docbuild.toml").write_text(
        '[site]\ntitle = "T"\nbase_url = "https://docs.example/"\n\n[[libraries]]\n'
        'id = "nautobot"\nname = "Nautobot"\n  [[libraries.versions]]\n  version = "3.1.6"\n'
        '  path = "docs"\n  project = "mkdocs"\n',
        encoding="utf-8",
    )
    out = tmp_path / "_site"
    result = CliRunner().invoke(
        main, ["build", "-c", str(tmp_path / "docbuild.toml"), "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    index = json.loads((out / "libs/nautobot/index.json").read_text(encoding="utf-8"))
    (volume,) = index["entries"][0]["volumes"].values()
    return next(
        s["body"] for s in volume["sections"] if s["heading"] == "Update Code Import Locations"
    )


def test_a_data_table_line_is_the_table_of_its_file(tmp_path: Path) -> None:
    # nautobot 3.1.6's code-updates page: the marker read as text ("{data-table ...}") and
    # the table's 1,100 rows lost -> the rows, in the collapsible note the marker sits in.
    body = _build(tmp_path, '  - "markdown_data_tables":\n      base_path: "docs"\n')
    assert "TreeModelSerializerMixin" in body
    assert "nautobot.core.api.serializers" in body
    assert "SearchForm (all the others)" in body
    assert "nautobot.core.models.fields" in body
    # A file that is not there: the marker stays as written.
    assert body.count("{data-table") == 1
    assert "{data-table user-guide/tables/missing.yaml}" in body


def test_without_the_extension_the_line_stays_text(tmp_path: Path) -> None:
    body = _build(tmp_path, "")
    assert "TreeModelSerializerMixin" not in body
    assert body.count("{data-table") == 2


# Three lines of aliases: a table of nine to the power of six values in its last column.
ALIASES = "".join(
    f"- {name}: &{name} [{', '.join([f'*{prev}'] * 9)}]\n"
    for prev, name in zip("abcdef", "bcdefg", strict=True)
)


def test_a_data_table_that_is_not_one_leaves_the_page_read(tmp_path: Path) -> None:
    # A date that is none, a list nested past the stack, aliases that nest into gigabytes of
    # cells, a list that holds itself, an integer str() refuses (over 4,300 digits): the page
    # was skipped (ValueError, RecursionError) or the build ran out of memory. Each marker
    # now stays, with a note; a good table is read.
    files = {
        "date.yaml": "- Released: 2020-02-30\n",
        "deep.yaml": "[" * 5000 + "]" * 5000,
        "aliases.yaml": "- a: &a [x, x, x, x, x, x, x, x, x]\n" + ALIASES,
        "itself.yaml": "- a: &a [*a]\n",
        "digits.yaml": "- a: 0x" + "f" * 4000 + "\n",
        "good.yaml": "- Old Module: nautobot.utilities\n  New Module: nautobot.core\n",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    reader = IncludeReader(IncludeRoot(docs=tmp_path, root=tmp_path, snippets=(tmp_path,)))
    page = "\n".join(f"{{data-table {name}}}" for name in files)
    spliced = splice_data_tables(Spliced.unchanged(page), reader)
    assert spliced.text.split("\n")[:5] == page.split("\n")[:5]
    assert spliced.text.endswith("| nautobot.utilities | nautobot.core |")
    assert len(spliced.notes) == 5
