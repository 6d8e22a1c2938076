"""mkdocstrings ``::: path`` blocks in Markdown pages, filled from a package's code."""

from __future__ import annotations

from pathlib import Path

from builder.model import ApiUse
from builder.parsers import parse_file
from builder.parsers.markdown.mkdocstrings import markdown_docstring, read_yaml
from tests.api_support import package_source

PAGE = (
    "# Shapes\n\n"  # 1-2
    "::: shapes.Circle\n"  # 3
    "    options:\n"  # 4
    "      members: [scale]\n"  # 5
    "      merge_init_into_class: true\n\n"  # 6-7
    "::: shapes.area\n"  # 8
    "    options:\n"  # 9
    "      docstring_style: sphinx\n\n"  # 10-11
    "## After\n\n"  # 12-13
    "Prose after the blocks.\n"  # 14
)


def test_blocks_become_sections_with_their_members(tmp_path: Path) -> None:
    parsed = parse_file("shapes.md", PAGE, package_source(tmp_path))
    assert parsed is not None
    assert [(s.heading, s.heading_path, s.level, s.line_start) for s in parsed.sections] == [
        ("Shapes", (), 1, 1),
        ("shapes.Circle", ("Shapes",), 2, 3),
        ("shapes.Circle.scale", ("Shapes", "shapes.Circle"), 3, 3),
        ("shapes.area", ("Shapes",), 2, 8),
        ("After", ("Shapes",), 2, 12),
    ]
    circle, scale, area, after = parsed.sections[1:]
    assert circle.anchor == "shapes.Circle"
    assert circle.body == (
        "`shapes.Circle(radius: float, *, name: str = 'c')`\n\nBases: `Shape`\n\nA round shape.\n\n"
        "Parameters:\n- radius (float): The distance from the centre.\n\n"
        "Make a circle of ``radius``."
    )
    assert scale.body.startswith("`scale(factor: float) -> Circle`\n\nGrow or shrink")
    assert "Raises:\n- ValueError: When the radius is negative." in area.body
    assert after.body == "Prose after the blocks."
    assert parsed.api == ApiUse(objects=3)


def test_members_false_and_a_missing_object(tmp_path: Path) -> None:
    text = "# X\n\n::: shapes.Shape\n    options:\n      members: false\n\n::: shapes.Nope\n"
    parsed = parse_file("x.md", text, package_source(tmp_path))
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections[1:]] == [
        ("shapes.Shape", "`shapes.Shape()`\n\nAnything with an outline."),
        ("shapes.Nope", "`shapes.Nope`"),
    ]
    (warning,) = parsed.warnings
    assert warning.where == "x.md:7" and "mkdocstrings shapes.Nope: not found" in warning.message


def test_a_heading_written_before_the_block_sets_the_objects_level(tmp_path: Path) -> None:
    """``# ::: shapes`` (an API page of mkdocstrings' projects, markdown-exec's among them) is
    the block with its heading level given, not a heading titled '::: shapes' over its options
    as code."""
    text = (
        "---\ntitle: API reference\n---\n\n"
        "# ::: shapes.circle\n    options:\n      members: [area]\n\n"
        "## ::: shapes.Shape\n"
    )
    parsed = parse_file("api.md", text, package_source(tmp_path))
    assert parsed is not None
    assert [(s.heading, s.level, s.heading_path) for s in parsed.sections] == [
        ("shapes.circle", 1, ()),
        ("shapes.circle.area", 2, ("shapes.circle",)),
        ("shapes.Shape", 2, ("shapes.circle",)),
        ("shapes.Shape.__len__", 3, ("shapes.circle", "shapes.Shape")),
        ("shapes.Shape.describe", 3, ("shapes.circle", "shapes.Shape")),
        ("shapes.Shape.sides", 3, ("shapes.circle", "shapes.Shape")),
    ]
    assert "options:" not in "".join(s.body for s in parsed.sections)


def test_without_code_blocks_are_signature_sections_never_raw_text() -> None:
    parsed = parse_file("x.md", "# X\n\n::: shapes.Shape\n    options:\n      a: 1\n\nText.\n")
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections] == [
        ("X", ""), ("shapes.Shape", "`shapes.Shape`\n\nText."),
    ]  # fmt: skip
    assert parsed.api == ApiUse(without_code="mkdocstrings at x.md:3")


def test_read_yaml_reads_the_options_subset() -> None:
    text = (
        "options:\n"
        "  members:\n    - a\n    - b\n"
        "  show_root_heading: true  # a comment\n"
        "  heading_level: 3\n"
        "  filters: ['!^_', \"^x\"]\n"
    )
    assert read_yaml(text) == {
        "options": {
            "members": ["a", "b"], "show_root_heading": True, "heading_level": 3,
            "filters": ["!^_", "^x"],
        }
    }  # fmt: skip


def test_a_heading_that_names_the_block_s_object_is_its_heading(tmp_path: Path) -> None:
    # pydantic-ai's API pages: "# `pydantic_ai.output`" over "::: pydantic_ai.output" read
    # as a heading over "- pydantic_ai.output", the module's section under it, and each
    # member under the module's name twice.
    page = (
        "# `shapes.Circle`\n\n::: shapes.Circle\n    options:\n      members: [scale]\n\n"
        "## `shapes.area`\n\nThe area.\n\n::: shapes.area\n"
    )
    parsed = parse_file("circle.md", page, package_source(tmp_path))
    assert parsed is not None
    assert [(s.heading, s.heading_path, s.level, s.line_start) for s in parsed.sections] == [
        ("shapes.Circle", (), 1, 1),
        ("shapes.Circle.scale", ("shapes.Circle",), 2, 3),
        ("shapes.area", ("shapes.Circle",), 2, 7),
        ("shapes.area", ("shapes.Circle", "shapes.area"), 3, 11),
    ]
    assert parsed.title == "shapes.Circle"
    assert parsed.sections[0].body.startswith("`shapes.Circle(radius: float")
    assert parsed.sections[0].anchor == "shapes.Circle"


def test_a_block_without_a_space_after_the_colons_is_a_block(tmp_path: Path) -> None:
    # supervision's API pages write ":::supervision.annotators.core.BoxAnnotator": mkdocstrings'
    # pattern ("::: ?") reads it; a closed ":::tip" stays a container.
    text = "# X\n\n:::shapes.Shape\n    options:\n      members: false\n\n:::tip\nHint.\n:::\n"
    parsed = parse_file("x.md", text, package_source(tmp_path))
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections[1:]] == [
        ("shapes.Shape", "`shapes.Shape()`\n\nAnything with an outline.\n\nTip: Hint."),
    ]


def test_a_block_inside_an_admonition_is_read_as_a_block(tmp_path: Path) -> None:
    # starlette's applications.md opens with '??? abstract "API Reference"' over
    # "::: starlette.applications.Starlette": the block was the admonition's text, its
    # options YAML shown and the class not described. The text after the admonition stays
    # the page's, before the object's section, as the reST parser keeps text after a
    # description.
    text = (
        "# Shapes\n\n"  # 1-2
        '??? abstract "API Reference"\n'  # 3
        "    ::: shapes.area\n"  # 4
        "        options:\n"  # 5
        "            show_root_heading: true\n\n"  # 6-7
        "Shapes have areas.\n\n"  # 8-9
        '!!! note "Also"\n'  # 10
        "    Lead.\n\n"  # 11-12
        "    ::: shapes.Circle\n"  # 13
        "        options:\n"  # 14
        "            members: false\n\n"  # 15-16
        "## After\n\n"  # 17-18
        "Prose.\n"
    )
    source = package_source(tmp_path)
    parsed = parse_file("shapes.md", text, source)
    assert parsed is not None
    assert [(s.heading, s.heading_path) for s in parsed.sections] == [
        ("Shapes", ()),
        ("shapes.area", ("Shapes",)),
        ("shapes.Circle", ("Shapes",)),
        ("After", ("Shapes",)),
    ]
    shapes, area, circle, after = parsed.sections
    assert after.body == "Prose."
    assert shapes.body == "Shapes have areas.\n\nNote: Also\n\nLead."
    assert area.body.startswith("`shapes.area(")
    assert circle.body.startswith("`shapes.Circle(radius: float")
    assert "options" not in shapes.body + area.body + circle.body
    assert parsed.api == ApiUse(objects=2)
    # Above every heading, the text after the admonition is the page's, on its own lines.
    parsed = parse_file("x.md", '??? abstract "API"\n    ::: shapes.area\n\nText.\n', source)
    assert parsed is not None
    assert [(s.heading, s.line_start, s.line_end) for s in parsed.sections] == [
        ("x", 4, 4),
        ("shapes.area", 2, 2),
    ]


def test_a_shown_root_heading_sits_at_its_heading_level(tmp_path: Path) -> None:
    # starlette's testclient.md: "::: starlette.testclient.TestClient" with show_root_heading
    # and heading_level 3 above the page's "### Debug information": mkdocstrings shows the
    # class as an h3, beside them; at level 2 they read as subsections of TestClient. A level
    # above the heading the block is under, or without show_root_heading, changes nothing.
    source = package_source(tmp_path)
    shown = "    options:\n      show_root_heading: true\n      heading_level: {}\n"
    pages = {
        "top": "::: shapes.area\n" + shown.format(3) + "\n### Later\n\nText.\n",
        "under": "# X\n\n::: shapes.area\n" + shown.format(3) + "\n### Later\n\nText.\n",
        "shallower": "# X\n\n## Y\n\n::: shapes.area\n" + shown.format(2),
        "hidden": "::: shapes.area\n    options:\n      heading_level: 3\n",
    }
    levels = {}
    for name, text in pages.items():
        parsed = parse_file("x.md", text, source)
        assert parsed is not None
        levels[name] = [(s.heading, s.level) for s in parsed.sections]
    assert levels == {
        "top": [("shapes.area", 3), ("Later", 3)],
        "under": [("X", 1), ("shapes.area", 3), ("Later", 3)],
        "shallower": [("X", 1), ("Y", 2), ("shapes.area", 3)],
        "hidden": [("shapes.area", 2)],
    }


def test_a_role_opened_in_a_doctest_joins_no_lines() -> None:
    # A doctest's string that opens a role (":func:`f") joined the doctest's next lines onto
    # its own, prompts and all, in one line of the pycon block.
    docstring = 'Use it:\n\n>>> s = ":func:`f"\n>>> print(s)\n:func:`f\n\nSee :meth:`a\nb` here.'
    assert markdown_docstring(docstring) == (
        'Use it:\n\n```pycon\n>>> s = ":func:`f"\n>>> print(s)\n:func:`f\n```\n\nSee `a b` here.'
    )
