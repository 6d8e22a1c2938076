"""builder.api.attached_methods: functions a module sets on a class it defines."""

from __future__ import annotations

from pathlib import Path

from builder.api.code import GriffeSource
from builder.api.model import ApiSettings
from builder.parsers import parse_file

# agate 1.6.3's layout: each method of Table in a submodule of the same name, imported and set
# on the class after it (the import rebinds the name the submodule had in the package).
INIT = '''class Table:
    """Rows and columns."""

    def limit(self, count):
        """Its own method."""


from pkg.aggregate import aggregate
from .sizes import from_sizes
from .helpers import shout as loud


def _local(table, width):
    """Defined here."""


@staticmethod
def _static(text):
    """A static method."""


Table.aggregate = aggregate
Table.from_sizes = from_sizes
Table.local = _local
Table.static = _static
Table.limit = aggregate
Table.loud = loud
Table.missing = undefined
'''

AGGREGATE = '''def aggregate(self, aggregations):
    """Apply aggregations to this table."""
'''

SIZES = '''@classmethod
def from_sizes(cls, sizes, header=True):
    """Make a table of sizes."""
'''


def _write(root: Path) -> GriffeSource:
    (root / "pkg").mkdir()
    (root / "pkg" / "__init__.py").write_text(INIT, encoding="utf-8")
    (root / "pkg" / "aggregate.py").write_text(AGGREGATE, encoding="utf-8")
    (root / "pkg" / "sizes.py").write_text(SIZES, encoding="utf-8")
    (root / "pkg" / "helpers.py").write_text('def shout(self):\n    """Loud."""\n', "utf-8")
    return GriffeSource(root, ApiSettings(), str(root))


def test_functions_set_on_a_class_are_its_methods_bound(tmp_path: Path) -> None:
    source = _write(tmp_path)
    found = {}
    for name in ("aggregate", "from_sizes", "local", "static", "limit", "loud", "missing"):
        record = source.find(f"pkg.Table.{name}")
        found[name] = None if record is None else (record.kind, record.signature)
    assert found == {
        "aggregate": ("function", "aggregate(aggregations)"),
        "from_sizes": ("function", "from_sizes(sizes, header=True)"),
        "local": ("function", "local(width)"),
        "static": ("function", "static(text)"),
        "limit": ("function", "limit(count)"),  # the class's own is kept
        "loud": ("function", "loud()"),
        "missing": None,  # a name the module neither defines nor imports
    }


def test_autoclass_members_list_the_attached_methods(tmp_path: Path) -> None:
    source = _write(tmp_path)
    page = "API\n===\n\n.. autoclass:: pkg.Table\n   :members:\n"
    parsed = parse_file("api.rst", page, source)
    assert parsed is not None
    bodies = {section.heading: section.body for section in parsed.sections}
    assert bodies["pkg.Table.aggregate"] == (
        "`aggregate(aggregations)`\n\nApply aggregations to this table."
    )
    assert bodies["pkg.Table.from_sizes"].startswith("`classmethod from_sizes(sizes, header=True)`")
