"""A small package written as literal files, documented in Google, NumPy and Sphinx styles."""

from __future__ import annotations

from pathlib import Path

from builder.api.code import GriffeSource
from builder.api.model import ApiSettings
from builder.model import ParsedFile
from builder.parsers import parse_file

PACKAGE = {
    "shapes/__init__.py": (
        '"""Shapes and how to measure them."""\n'
        "from shapes.base import Shape\n"
        "from shapes.circle import Circle, area\n"
        '__all__ = ["Circle", "Shape", "area"]\n'
    ),
    "shapes/base.py": (
        '"""The base class."""\n\n\n'
        "class Shape:\n"
        '    """Anything with an outline."""\n\n'
        "    #: How many sides the shape has.\n"
        "    sides: int = 0\n\n"
        "    def describe(self) -> str:\n"
        '        """A sentence about the shape."""\n'
        '        return "shape"\n\n'
        "    def undocumented(self) -> None:\n"
        "        pass\n\n"
        "    def _private(self) -> None:\n"
        '        """Not for you."""\n\n'
        "    def __len__(self) -> int:\n"
        '        """The number of sides."""\n'
        "        return self.sides\n"
    ),
    "shapes/circle.py": (
        '"""Circles."""\n'
        "from shapes.base import Shape\n\n\n"
        "class Circle(Shape):\n"
        '    """A round shape.\n\n'
        "    Args:\n"
        "        radius (float): The distance from the centre.\n"
        '    """\n\n'
        "    def __init__(self, radius: float, *, name: str = 'c') -> None:\n"
        '        """Make a circle of ``radius``."""\n'
        "        self.radius = radius\n\n"
        "    def scale(self, factor: float) -> 'Circle':\n"
        '        """Grow or shrink the circle.\n\n'
        "        Parameters\n"
        "        ----------\n"
        "        factor : float\n"
        "            How much bigger.\n\n"
        "        Returns\n"
        "        -------\n"
        "        Circle\n"
        "            A new circle.\n"
        '        """\n'
        "        return Circle(self.radius * factor)\n\n\n"
        "def area(circle: Circle, precise: bool = False) -> float:\n"
        '    """The area of a circle.\n\n'
        "    :param circle: The circle to measure, see :class:`Circle`.\n"
        "    :type circle: Circle\n"
        "    :param precise: Use more digits.\n"
        "    :returns: The area.\n"
        "    :raises ValueError: When the radius is negative.\n\n"
        "    .. versionchanged:: 2.0\n"
        "        Added ``precise``.\n\n"
        "    Example::\n\n"
        "        area(Circle(1))\n"
        '    """\n'
        "    return 3.14 * circle.radius**2\n"
    ),
}


def write_package(root: Path) -> Path:
    """Write the package under ``root`` (the folder one would put on sys.path)."""
    for relpath, text in PACKAGE.items():
        path = root / relpath
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def package_source(root: Path, settings: ApiSettings | None = None) -> GriffeSource:
    return GriffeSource(write_package(root), settings or ApiSettings(), str(root))


def parse_page(
    tmp_path: Path, relpath: str, text: str, settings: ApiSettings | None = None
) -> ParsedFile:
    """Parse a page whose directives read the package, written under ``tmp_path / "src"``."""
    parsed = parse_file(relpath, text, package_source(tmp_path / "src", settings))
    assert parsed is not None
    return parsed
