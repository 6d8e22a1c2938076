"""Hugging Face doc-builder's ``[[autodoc]] Name`` lines, filled from the package's code."""

from __future__ import annotations

from pathlib import Path

from builder.api.code import GriffeSource
from builder.api.model import ApiSettings
from builder.parsers import parse_file
from tests.api_support import write_package

PAGE = (
    "# Shapes\n\n"  # 1-2
    "## Circle\n\n"  # 3-4
    "[[autodoc]] circle.Circle\n"  # 5
    "    - scale\n\n"  # 6-7
    "## area\n\n"  # 8-9
    "[[autodoc]] area\n\n"  # 10-11
    "[[autodoc]] shapes.Shape\n"  # 12
    "    - all\n"  # 13
    "    - __len__\n\n"  # 14-15
    "Text after `[[autodoc]] area`.\n"  # 16
)


def _source(root: Path) -> GriffeSource:
    return GriffeSource(write_package(root), ApiSettings(), str(root), packages=("shapes",))


def test_autodoc_lines_name_objects_from_the_package(tmp_path: Path) -> None:
    # PEFT's reference pages: "## LoraConfig" over "[[autodoc]] tuners.lora.config.LoraConfig"
    # read as a heading over that line as text, no docstring anywhere on the page.
    parsed = parse_file("shapes.md", PAGE, _source(tmp_path))
    assert parsed is not None
    assert [(s.heading, s.heading_path, s.kind, s.line_start) for s in parsed.sections] == [
        ("Shapes", (), "text", 1),
        ("Circle", ("Shapes",), "text", 3),
        ("shapes.circle.Circle", ("Shapes", "Circle"), "api", 5),
        ("shapes.circle.Circle.scale", ("Shapes", "Circle", "shapes.circle.Circle"), "api", 5),
        ("area", ("Shapes",), "text", 8),
        ("shapes.area", ("Shapes", "area"), "api", 10),
        ("shapes.Shape", ("Shapes", "area"), "api", 12),
        ("shapes.Shape.__len__", ("Shapes", "area", "shapes.Shape"), "api", 12),
        ("shapes.Shape.describe", ("Shapes", "area", "shapes.Shape"), "api", 12),
        ("shapes.Shape.sides", ("Shapes", "area", "shapes.Shape"), "api", 12),
    ]
    circle, scale = parsed.sections[2:4]
    assert circle.body.startswith("`shapes.circle.Circle(radius: float, *, name: str = 'c')`")
    # Its __init__'s docstring joins it, as doc-builder shows the class with that signature.
    assert circle.body.endswith("Make a circle of ``radius``.")
    assert scale.body.startswith("`scale(factor: float) -> Circle`\n\nGrow or shrink")
    assert parsed.sections[5].body.startswith("`shapes.area(circle: Circle")
    assert parsed.sections[-1].body.endswith("Text after `[[autodoc]] area`.")


def test_an_object_the_code_lacks_is_warned_about(tmp_path: Path) -> None:
    parsed = parse_file("x.md", "# X\n\n[[autodoc]] Nowhere\n", _source(tmp_path))
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections[1:]] == [("Nowhere", "`Nowhere`")]
    assert [w.message for w in parsed.warnings] == [
        f"mkdocstrings Nowhere: not found in the code in {tmp_path}"
    ]


def test_a_parameter_cut_at_a_colon_in_its_type_reads_its_links(tmp_path: Path) -> None:
    # Accelerate v1.14.0's Accelerator: griffe cuts "deepspeed_plugin (... dict of `str`: ...)"
    # at the colon in its type, as doc-builder does, and the name's part kept its raw link.
    package = tmp_path / "tools"
    package.mkdir()
    (package / "__init__.py").write_text(
        "def run(plugin=None):\n"
        '    """Run.\n\n    Args:\n'
        "        plugin ([`~utils.Plugin`] or dict of `str`: [`~utils.Plugin`], *optional*):\n"
        '            The plugin.\n    """\n',
        encoding="utf-8",
    )
    source = GriffeSource(tmp_path, ApiSettings(), str(tmp_path), packages=("tools",))
    parsed = parse_file("run.md", "# Run\n\n[[autodoc]] run\n", source)
    assert parsed is not None
    assert parsed.sections[-1].body.endswith(
        "- plugin (`Plugin` or dict of `str`: `Plugin`, optional): The plugin."
    )


def test_all_beside_named_methods_shows_those_then_the_default_ones(tmp_path: Path) -> None:
    # Diffusers' pipelines: "[[autodoc]] FluxPipeline" over "- all" and "- __call__" show the
    # pipeline's __call__ first, then its other methods; "all" showed the default ones alone.
    page = "# Shapes\n\n[[autodoc]] shapes.Shape\n    - all\n    - _private\n    - __len__\n"
    parsed = parse_file("shapes.md", page, _source(tmp_path))
    assert parsed is not None
    assert [s.heading for s in parsed.sections[2:]] == [
        "shapes.Shape._private",
        "shapes.Shape.__len__",
        "shapes.Shape.describe",
        "shapes.Shape.sides",
    ]
