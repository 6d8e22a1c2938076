"""mkdocstrings blocks: the options that change what a block shows, and how they are read."""

from __future__ import annotations

from pathlib import Path

from builder.api.code import GriffeSource
from builder.api.model import ApiSettings
from builder.api.options import read_mkdocs_settings
from builder.parsers import parse_file
from builder.parsers.markdown.mkdocstrings import read_yaml
from tests.api_support import package_source


def test_ignore_init_summary_drops_the_merged_init_summary(tmp_path: Path) -> None:
    # griffe, textual and pydantic set docstring_options: {ignore_init_summary: true} with
    # merge_init_into_class: the class shows no "Initialize the loader." line from __init__.
    options = "    options:\n      merge_init_into_class: true\n"
    ignoring = options + "      docstring_options:\n        ignore_init_summary: true\n"
    source = package_source(tmp_path)
    bodies = [
        parsed.sections[1].body
        for text in (options, ignoring, ignoring + "      docstring_style: sphinx\n")
        if (parsed := parse_file("x.md", f"# X\n\n::: shapes.Circle\n{text}", source))
    ]
    assert [body.endswith("Make a circle of ``radius``.") for body in bodies] == [
        True, False, True,  # griffe's sphinx parser has no such option
    ]  # fmt: skip
    assert bodies[1].endswith("Parameters:\n- radius (float): The distance from the centre.")


def test_show_bases_is_on_unless_the_options_turn_it_off(tmp_path: Path) -> None:
    # mkdocstrings-python's show_bases (default true) shows the bases a class names, a member
    # class's too; a class that names none (Shape) shows no line; mkautodoc shows none.
    source = package_source(tmp_path)
    bodies = {
        text: [s.body.split("\n\n")[:2] for s in parsed.sections[1:]]
        for text in (
            "# X\n\n::: shapes.circle\n    options:\n      members: [Circle]\n",
            "# X\n\n::: shapes.Circle\n    options:\n      show_bases: false\n",
            "# X\n\n::: shapes.Circle\n    :docstring:\n",
        )
        if (parsed := parse_file("x.md", text, source)) is not None
    }
    module, turned_off, mkautodoc = bodies.values()
    assert module[1] == ["`Circle(radius: float, *, name: str = 'c')`", "Bases: `Shape`"]
    assert turned_off[0][1] == mkautodoc[0][1] == "A round shape."


def test_show_docstring_options_leave_those_sections_out(tmp_path: Path) -> None:
    # lancedb 0.37.1 sets show_docstring_attributes: false: each index class's long
    # "Attributes" section (IvfFlat's 600 words) is not on its page; it was read whole.
    (tmp_path / "index.py").write_text(
        "class IvfFlat:\n"
        '    """Describes an IVF Flat index.\n\n'
        "    Attributes:\n        distance_type: The distance metric used to train it.\n\n"
        "    Examples:\n        >>> IvfFlat()\n\n"
        "    Note:\n        Train it first.\n"
        '    """\n\n'
        "    def train(self, rows: int) -> None:\n"
        '        """Train it.\n\n        Args:\n            rows: How many.\n\n'
        '        Raises:\n            ValueError: When there are none.\n        """\n',
        encoding="utf-8",
    )
    source = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    hidden = (
        "      show_docstring_attributes: false\n      show_docstring_examples: false\n"
        "      show_docstring_raises: false\n"
    )
    block = "# API\n\n::: index.IvfFlat\n    options:\n      docstring_style: google\n"
    shown = {
        setting: [s.body for s in parsed.sections[1:]]
        for setting in ("", hidden, "      show_docstring_description: false\n")
        if (parsed := parse_file("api.md", block + setting, source)) is not None
    }
    assert shown[""] == [
        "`index.IvfFlat()`\n\nDescribes an IVF Flat index.\n\n"
        "Attributes:\n- distance_type: The distance metric used to train it.\n\n"
        "Examples:\n```pycon\n>>> IvfFlat()\n```\n\nNote: Train it first.",
        "`train(rows: int) -> None`\n\nTrain it.\n\nParameters:\n- rows (int): How many.\n\n"
        "Raises:\n- ValueError: When there are none.",
    ]
    assert shown[hidden] == [
        "`index.IvfFlat()`\n\nDescribes an IVF Flat index.\n\nNote: Train it first.",
        "`train(rows: int) -> None`\n\nTrain it.\n\nParameters:\n- rows (int): How many.",
    ]
    assert shown["      show_docstring_description: false\n"][1] == (
        "`train(rows: int) -> None`\n\nParameters:\n- rows (int): How many.\n\n"
        "Raises:\n- ValueError: When there are none."
    )


def test_an_option_whose_value_is_on_the_line_below_reads_that_value(tmp_path: Path) -> None:
    # optimistix 0.1.0 writes "members:" over an indented "false" (YAML's value on the next
    # line): read as an empty mapping, the abstract classes it shows alone listed all their
    # methods (37 entries, 4,858 words its site does not have).
    assert read_yaml("options:\n  members:\n    false\n  heading_level: 2\n") == {
        "options": {"members": False, "heading_level": 2}
    }
    page = "# Shapes\n\n::: shapes.Circle\n    options:\n        members:\n            false\n"
    parsed = parse_file("shapes.md", page, package_source(tmp_path))
    assert parsed is not None
    assert [s.heading for s in parsed.sections] == ["Shapes", "shapes.Circle"]


def test_a_mapping_entry_the_reader_cannot_read_is_no_value_of_the_key_above() -> None:
    # A key's value on the line below (7948011a) was taken from any line that is not a plain
    # key, so a first option written with a quoted key or a space before its colon became
    # the value of 'options:' (a string), and the options after it went to the top level:
    # 'members: false' there is no block option, and every member was listed.
    for first in ('"heading_level": 2', "show_root_heading : true", "<<: *shared"):
        assert read_yaml(f"options:\n  {first}\n  members: false\n") == {
            "options": {"members": False}
        }


def test_members_none_a_string_not_null_keeps_no_member(tmp_path: Path) -> None:
    # optimistix 0.1.0's abstract solvers say "members: none", which YAML reads as the string
    # "none": mkdocstrings keeps the members named by one of its characters, so none.
    page = "# Shapes\n\n::: shapes.Circle\n    options:\n      members: none\n"
    parsed = parse_file("shapes.md", page, package_source(tmp_path))
    assert parsed is not None
    assert [s.heading for s in parsed.sections] == ["Shapes", "shapes.Circle"]


def test_show_overloads_false_shows_the_implementations_signature(tmp_path: Path) -> None:
    # Typer's reference turns show_overloads off for typer.Option and typer.Argument: each
    # showed its two overloads' signatures (3,000 characters), not the one the page shows.
    (tmp_path / "conv.py").write_text(
        "from typing import overload\n\n\n"
        "@overload\ndef read(value: int) -> int: ...\n"
        "@overload\ndef read(value: str) -> str: ...\n"
        'def read(value: int | str) -> int | str:\n    """Read it."""\n    return value\n\n\n'
        "class Box:\n"
        "    @overload\n    def get(self, key: int) -> int: ...\n"
        "    @overload\n    def get(self, key: str) -> str: ...\n"
        '    def get(self, key: int | str) -> int | str:\n        """Get it."""\n'
        "        return key\n",
    )
    source = GriffeSource(tmp_path, ApiSettings(), ".")
    page = "# Conv\n\n::: conv.read\n{0}\n::: conv.Box\n{0}"
    off = "    options:\n      show_overloads: false\n"
    shown = {
        name: [(s.heading, s.body) for s in parsed.sections[1:]]
        for name, options in (("default", ""), ("off", off))
        if (parsed := parse_file("x.md", page.format(options), source)) is not None
    }
    assert shown["default"] == [
        ("conv.read", "`conv.read(value: int) -> int`\n`conv.read(value: str) -> str`\n\nRead it."),
        ("conv.Box", "`conv.Box()`"),
        ("conv.Box.get", "`get(key: int) -> int`\n`get(key: str) -> str`\n\nGet it."),
    ]
    assert shown["off"] == [
        ("conv.read", "`conv.read(value: int | str) -> int | str`\n\nRead it."),
        ("conv.Box", "`conv.Box()`"),
        ("conv.Box.get", "`get(key: int | str) -> int | str`\n\nGet it."),
    ]


def test_unwrap_annotated_shows_the_type_without_its_metadata(tmp_path: Path) -> None:
    # FastAPI, Typer and mkdocstrings-python's docs set it: PythonOptions' signature spelt
    # each field's Annotated[bool, _Field(group=..., description=...)], 12,000 characters.
    (tmp_path / "opts.py").write_text(
        "from dataclasses import dataclass\nfrom typing import Annotated\n\n\n"
        "@dataclass\nclass Options:\n"
        '    """Options."""\n\n'
        "    show: Annotated[bool, Field(description='Show it.')] = True\n"
        '    """Whether to show it."""\n',
    )
    source = GriffeSource(tmp_path, ApiSettings(), ".")
    page = "# Opts\n\n::: opts.Options\n    options:\n      unwrap_annotated: {}\n"
    shown = {
        setting: [s.body.split("\n")[0] for s in parsed.sections[1:]]
        for setting in ("true", "false")
        if (parsed := parse_file("x.md", page.format(setting), source)) is not None
    }
    assert shown["true"] == ["`opts.Options(show: bool = True)`", "`show: bool = True`"]
    assert shown["false"] == [
        "`opts.Options(show: Annotated[bool, Field(description='Show it.')] = True)`",
        "`show: Annotated[bool, Field(description='Show it.')] = True`",
    ]


def test_unwrap_annotated_shows_a_parameter_lists_types_without_their_metadata(
    tmp_path: Path,
) -> None:
    # mkdocstrings writes every annotation through one template, the types of a docstring's
    # Args as a signature's: LangChain's tools take Annotated[dict, InjectedState] so.
    (tmp_path / "tools.py").write_text(
        "from typing import Annotated\n\n\n"
        "def lookup(state: Annotated[dict, InjectedState], key: str) -> Annotated[str, 'v']:\n"
        '    """Look a key up.\n\n'
        "    Args:\n        state: The graph's state.\n        key: The key.\n\n"
        '    Returns:\n        The value.\n    """\n',
    )
    source = GriffeSource(tmp_path, ApiSettings(), ".")
    page = "# Tools\n\n::: tools.lookup\n    options:\n      unwrap_annotated: true\n"
    parsed = parse_file("x.md", page, source)
    assert parsed is not None
    assert parsed.sections[1].body == (
        "`tools.lookup(state: dict, key: str) -> str`\n\nLook a key up.\n\n"
        "Parameters:\n- state (dict): The graph's state.\n- key (str): The key.\n\n"
        "Returns:\n- str: The value."
    )


def test_selection_and_rendering_are_read_only_before_mkdocstrings_0_23(tmp_path: Path) -> None:
    # mkdocstrings 0.19 to 0.22 read the older selection and rendering keys as options; 0.23
    # removed them and later releases leave them unread. jumanji 1.1.1 pins 0.27.0 and its
    # blocks list a few members under selection: its site shows every member, 81 of the 233
    # API objects it shows were missing here.
    page = "# X\n\n::: shapes\n    selection:\n      members: [area]\n"
    older_settings = ApiSettings(mkdocstrings_older_keys=True)
    newer = parse_file("x.md", page, package_source(tmp_path / "a"))
    older = parse_file("x.md", page, package_source(tmp_path / "b", older_settings))
    assert newer is not None and older is not None
    assert [s.heading for s in older.sections] == ["X", "shapes", "shapes.area"]
    assert {"shapes.Circle", "shapes.Circle.scale", "shapes.area"} <= {
        s.heading for s in newer.sections
    }
    plugin = {"handlers": {"python": {"selection": {"docstring_style": "sphinx"}}}}
    config = {"plugins": [{"mkdocstrings": plugin}]}
    assert read_mkdocs_settings(config).mkdocstrings_options == ()
    assert read_mkdocs_settings(config, older_keys=True).mkdocstrings_options == (
        ("docstring_style", "sphinx"),
    )
    sphinx_style = "Raises:\n- ValueError: When the radius is negative."
    local = "# X\n\n::: shapes.area\n    selection:\n      docstring_style: sphinx\n"
    read = parse_file("x.md", local, package_source(tmp_path / "c", older_settings))
    unread = parse_file("x.md", local, package_source(tmp_path / "d"))
    assert read is not None and unread is not None
    assert sphinx_style in read.sections[1].body
    assert sphinx_style not in unread.sections[1].body
