"""builder.parsers.rst.jsonschema_directive: a JSON Schema's properties read as its settings."""

from __future__ import annotations

from pathlib import Path

from builder.includes import IncludeReader, include_root
from builder.parsers.markdown.parser import parse as parse_markdown
from tests.rst_support import _body

SCHEMA = """{
  "description": "Scikit-build-core's settings.",
  "type": "object",
  "properties": {
    "build-dir": {"type": "string", "default": "",
                  "description": "The build directory.\\n Defaults to a temporary one."},
    "wheel": {"type": "object", "properties": {
      "packages": {"type": "array", "items": {"type": "string"},
                   "description": "Packages to copy into the wheel."}}},
    "logging": {"type": "object", "properties": {
      "level": {"enum": ["INFO", "WARNING"], "default": "WARNING"}}}
  }
}"""
SETTINGS = (
    "Scikit-build-core's settings.\n\n"
    '- `build-dir` (string): The build directory. Defaults to a temporary one. Default: `""`.\n'
    "- `wheel` (object)\n"
    "- `wheel.packages` (array of string): Packages to copy into the wheel.\n"
    "- `logging` (object)\n"
    '- `logging.level` (one of "INFO", "WARNING") Default: `"WARNING"`.'
)


def test_a_schema_file_a_myst_page_names_reads_as_its_settings(tmp_path: Path) -> None:
    # scikit-build-core 0.10.7's docs/schema.md: a sentence, then the schema of every setting,
    # which the page lost ("The full schema for the tool.scikit-build table is below:").
    (tmp_path / "docs").mkdir()
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "schema.json").write_text(SCHEMA, encoding="utf-8")
    text = (
        "# Schema\n\nThe full schema is below:\n\n"
        "```{jsonschema} ../src/schema.json\n:auto_reference: true\n```\n"
    )
    reader = IncludeReader(include_root(tmp_path / "docs", None, None))
    (section,) = parse_markdown(text, "schema.md", None, reader).sections
    assert section.body == f"The full schema is below:\n\n{SETTINGS}"


def test_a_schema_in_the_directive_s_content_and_a_pointer_into_it() -> None:
    assert _body(
        ".. jsonschema::\n\n" + "\n".join(f"   {line}" for line in SCHEMA.split("\n"))
    ) == (SETTINGS)
    pointed = ".. jsonschema:: #/properties/wheel\n\n" + "\n".join(
        f"   {x}" for x in SCHEMA.split("\n")
    )
    assert _body(pointed) == "- `packages` (array of string): Packages to copy into the wheel."
    assert _body(".. jsonschema::\n\n   not json\n") == ""


def test_descriptions_read_their_rst_markup() -> None:
    # validate-pyproject 0.27's schemas: sphinx-jsonschema parses its tables as reST, and
    # "``pyproject.toml``", ":pep:`517`" and links showed as written.
    schema = (
        '{"description": "Data structure for ``pyproject.toml`` files", "properties": {'
        '"build-backend": {"type": "string", "description": "As in :pep:`517`."}, '
        '"license": {"description": "`Project license <https://example.org/license>`_."}}}'
    )
    assert _body(".. jsonschema::\n\n   " + schema + "\n") == (
        "Data structure for `pyproject.toml` files\n\n"
        "- `build-backend` (string): As in PEP 517.\n"
        "- `license`: Project license."
    )
