"""builder.api.named_all: an ``__all__`` made of the names of a list of the module's objects."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from builder.api.code import GriffeSource
from builder.api.model import ApiSettings
from builder.api.named_all import named_all


def test_a_package_imports_what_such_an_all_names(tmp_path: Path) -> None:
    # As Wagtail 7.4.3's wagtail/blocks: __init__.py imports * from field_block.py.
    package = tmp_path / "blocks"
    package.mkdir()
    (package / "__init__.py").write_text("from .field_block import *  # NOQA: F403\n")
    (package / "field_block.py").write_text(
        "class FieldBlock:\n    '''A block of a form field.'''\n\n"
        "class CharBlock(FieldBlock):\n    '''A single line of text.'''\n\n"
        "class _Hidden:\n    '''Not listed.'''\n\n"
        "block_classes = [FieldBlock, CharBlock]\n"
        "__all__ = [cls.__name__ for cls in block_classes]\n"
    )
    code = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    found = code.find("blocks.CharBlock")
    assert found is not None and found.doc[0].text == "A single line of text."
    assert code.find("blocks.FieldBlock") is not None
    assert code.find("blocks._Hidden") is None


@pytest.mark.parametrize(
    ("source", "names"),
    [
        ("__all__ = [f.__name__ for f in (a, b)]\n", ("a", "b")),
        ("items = [A, B]\n__all__ = list(x.__name__ for x in items)\n", None),
        ("items = [A, B]\n__all__ = (x.__name__ for x in items)\n", ("A", "B")),
        # A list of other things, a filter, another attribute, a list rebound: none.
        ("items = [A, 'B']\n__all__ = [x.__name__ for x in items]\n", None),
        ("items = [A, B]\n__all__ = [x.__name__ for x in items if x]\n", None),
        ("items = [A, B]\n__all__ = [x.name for x in items]\n", None),
        ("items = [A]\nitems = make()\n__all__ = [x.__name__ for x in items]\n", None),
        ("__all__ = ['A']\n", None),
    ],
)
def test_only_a_comprehension_of_names_from_a_literal_list_is_read(
    source: str, names: tuple[str, ...] | None
) -> None:
    assert named_all(ast.parse(source)) == names


def test_a_computed_all_lets_a_wildcard_import_bring_the_public_names(tmp_path: Path) -> None:
    # funcy 1.18 (Debian python-funcy-doc, decorators.html): funcy/__init__.py imports
    # 'from .py3 import *', and py3's '__all__ = lcat(sys.modules[...].__all__ for m in
    # modules)' then "__all__ += ['lzip']" read as ['lzip']: 'autodecorator:: wraps' found
    # no funcy.wraps and showed its signature alone.
    package = tmp_path / "fun"
    package.mkdir()
    (package / "__init__.py").write_text("from .py3 import *\n", encoding="utf-8")
    (package / "decorators.py").write_text(
        '__all__ = [\'wraps\']\n\n\ndef wraps(wrapped):\n    """Pass metadata on."""\n',
        encoding="utf-8",
    )
    (package / "py3.py").write_text(
        "import sys\n"
        "from .decorators import *\n\n"
        "modules = ('decorators',)\n"
        "__all__ = lcat(sys.modules['fun.' + m].__all__ for m in modules)\n\n\n"
        "def lzip(*seqs):\n"
        '    """List zip."""\n\n\n'
        "__all__ += ['lzip']\n",
        encoding="utf-8",
    )
    source = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    wraps = source.find("fun.wraps")
    assert wraps is not None and wraps.doc[0].text == "Pass metadata on."
    assert source.find("fun.lzip") is not None
