"""builder.api.submodule_exports: a submodule's __all__ made of another module's."""

from __future__ import annotations

from pathlib import Path

from builder.parsers import parse_file
from tests.api_support import package_source


def test_a_submodule_s_all_naming_another_module_s_lists_its_names(tmp_path: Path) -> None:
    # pyFFTW 0.13.0: pyfftw (no __all__) holds builders/__init__.py, 'from .builders import *'
    # then '__all__ = builders.__all__'; automodule's :members: listed none of the functions.
    package = tmp_path / "fftshapes"
    (package / "builders").mkdir(parents=True)
    (package / "__init__.py").write_text("from . import builders\n", encoding="utf-8")
    (package / "builders" / "__init__.py").write_text(
        "from .core import *\n\n__all__ = core.__all__\n", encoding="utf-8"
    )
    (package / "builders" / "core.py").write_text(
        "__all__ = ['make', 'draw']\n\n\n"
        'def make(n):\n    """Make a shape of n sides."""\n\n\n'
        'def draw(shape):\n    """Draw a shape."""\n\n\n'
        'def extra():\n    """Not exported."""\n',
        encoding="utf-8",
    )
    text = "Builders\n========\n\n.. automodule:: fftshapes.builders\n   :members:\n"
    parsed = parse_file("b.rst", text, package_source(tmp_path))
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections[1:]] == [
        ("fftshapes.builders.draw", "`draw(shape)`\n\nDraw a shape."),
        ("fftshapes.builders.make", "`make(n)`\n\nMake a shape of n sides."),
    ]
