"""builder.api.render: which members a directive shows, and docstrings as readable text."""

from __future__ import annotations

from pathlib import Path

from builder.api.model import ApiObject, DocField, DocPart, Member, MemberOptions
from builder.api.render import docstring_events, member_events, render_part, select_members
from builder.parsers.rst.events import Heading, Text
from tests.api_support import package_source

MEMBERS = (
    Member("zeta", "function", True),
    Member("alpha", "attribute", True),
    Member("bare", "function", False),
    Member("_hidden", "function", True),
    Member("__call__", "function", True),
    Member("__repr__", "function", True),
    Member("parent_method", "function", True, inherited=True),
)
KLASS = ApiObject("pkg.K", "class", "K()", (), members=MEMBERS)


def _names(options: MemberOptions) -> list[str]:
    return [member.name for member in select_members(KLASS, options)]


def test_members_follow_autodoc_flags() -> None:
    assert _names(MemberOptions()) == []
    assert _names(MemberOptions(members=())) == ["alpha", "zeta"]
    assert _names(MemberOptions(members=(), order="bysource")) == ["zeta", "alpha"]
    assert _names(MemberOptions(members=(), undocumented=True)) == ["alpha", "bare", "zeta"]
    assert _names(MemberOptions(members=(), exclude=("zeta",))) == ["alpha"]
    assert _names(MemberOptions(members=(), private=())) == ["_hidden", "alpha", "zeta"]
    assert _names(MemberOptions(members=(), special=("__call__",))) == ["__call__", "alpha", "zeta"]
    assert _names(MemberOptions(members=(), inherited=True)) == ["alpha", "parent_method", "zeta"]
    assert _names(MemberOptions(members=("zeta", "bare"))) == ["zeta", "bare"]


def test_private_members_given_names_show_those_private_members_alone() -> None:
    # jsonschema's autoapi page: ':private-members: _RefResolver' showed every private name
    # of jsonschema.validators (_META_SCHEMAS, _UNSET, _search_schema) as well.
    klass = ApiObject(
        "pkg.K", "class", "K()", (), members=(*MEMBERS, Member("_other", "function", True))
    )
    chosen = select_members(klass, MemberOptions(members=(), private=("_hidden",)))
    assert [member.name for member in chosen] == ["_hidden", "alpha", "zeta"]


def test_special_members_list_a_class_s_init_docstring_or_not() -> None:
    # stevedore 4.0.2 (autodoc_default_options special-members): DriverManager.__init__ and
    # its six siblings' have no docstring; autodoc lists each (its filter finds
    # object.__init__'s docstring, which it does not show), where they were left out.
    klass = ApiObject(
        "pkg.K",
        "class",
        "K()",
        (),
        members=(
            Member("__init__", "function", False),
            Member("__len__", "function", False),
            Member("run", "function", True),
        ),
    )
    child = ApiObject(
        "pkg.C",
        "class",
        "C()",
        (),
        members=(Member("__init__", "function", False, inherited=True),),
    )
    shown = select_members(klass, MemberOptions(members=(), special=()))
    assert [member.name for member in shown] == ["__init__", "run"]
    named = select_members(klass, MemberOptions(members=(), special=("__init__",)))
    assert [member.name for member in named] == ["__init__", "run"]
    assert select_members(klass, MemberOptions(members=())) == [klass.members[2]]
    inherited = MemberOptions(members=(), special=(), inherited=True)
    assert select_members(child, MemberOptions(members=(), special=())) == []
    # An inherited one under :inherited-members:, as autodoc's filter reads it the same way.
    assert [m.name for m in select_members(child, inherited)] == ["__init__"]


def test_napoleon_includes_members_with_docstrings_of_their_own_defined_in_the_class() -> None:
    # pygtrie 2.2's conf.py sets napoleon_include_init_with_doc and _special_with_doc: its
    # Trie's __init__, __getitem__, __setitem__, ... were left out of ':members:' alone.
    klass = ApiObject(
        "pkg.K",
        "class",
        "K()",
        (),
        members=(
            Member("__init__", "function", True, own_docstring=True),
            Member("__len__", "function", True, own_docstring=True),
            Member("__eq__", "function", True),  # a base's docstring, none of its own
            Member("__iter__", "function", True, inherited=True, own_docstring=True),
            Member("__weakref__", "attribute", True, own_docstring=True),
            Member("_helper", "function", True, own_docstring=True),
            Member("run", "function", True, own_docstring=True),
        ),
    )

    def names(includes: tuple[str, ...]) -> list[str]:
        options = MemberOptions(members=(), napoleon_includes=includes)
        return [member.name for member in select_members(klass, options)]

    assert names(()) == ["run"]
    assert names(("init",)) == ["__init__", "run"]
    assert names(("init", "special")) == ["__init__", "__len__", "run"]
    assert names(("private",)) == ["_helper", "run"]


def test_mkdocstrings_filters_replace_the_private_rule() -> None:
    options = MemberOptions(members=(), filters=("!^_[^_]",))
    assert _names(options) == ["__call__", "__repr__", "alpha", "zeta"]
    assert _names(MemberOptions(members=(), filters=("^a",))) == ["alpha"]


def test_mkdocstrings_filters_keep_what_no_filter_matches_unless_all_are_plain() -> None:
    # Textual's mkdocs-common.yml (and mkdocstrings' own example): hide private names, show
    # __init__. Requiring every plain pattern to match kept only __init__: TextArea's page
    # lost its 224 members.
    mixed = MemberOptions(members=(), filters=("!^_", "^__init__$", "!^zeta$"))
    assert _names(mixed) == ["alpha"]
    assert _names(MemberOptions(members=(), filters=("!^_", "^__call__$"))) == [
        "__call__",
        "alpha",
        "zeta",
    ]
    # The last filter that matches decides.
    assert _names(MemberOptions(members=(), filters=("!^_", "^_hid"))) == [
        "_hidden",
        "alpha",
        "zeta",
    ]
    assert _names(MemberOptions(members=(), filters=("^_hid", "!^_"))) == ["alpha", "zeta"]


def test_an_empty_filters_list_keeps_every_member() -> None:
    # mkdocstrings-python's "filters: []" turns filtering off (its rule set is empty, not
    # all plain); it dropped every member here.
    assert _names(MemberOptions(members=(), filters=())) == [
        "__call__",
        "__repr__",
        "_hidden",
        "alpha",
        "zeta",
    ]


def test_docstring_parts_read_as_text_and_lists() -> None:
    upper = str.upper  # stands in for the page's markup renderer
    fields = (DocField("x", "int", "the x"), DocField("y", "", "the y"))
    assert render_part(DocPart("Parameters", fields=fields), upper) == (
        "Parameters:\n- x (int): THE X\n- y: THE Y"
    )
    assert render_part(DocPart("Returns", fields=(DocField("", "int", "a sum"),)), upper) == (
        "Returns:\n- int: A SUM"
    )
    assert render_part(DocPart("Note", "careful"), upper) == "Note: CAREFUL"
    example = DocPart(
        "Examples", fields=(DocField("", "", "like so"), DocField("", "pycon", ">>> f()")),
        code=True,
    )  # fmt: skip
    assert render_part(example, upper) == "Examples:\nLIKE SO\n\n```pycon\n>>> f()\n```"
    # Rich's "Example:" sections hold a ".. code-block::": its fence opens a line of its own.
    fenced = render_part(DocPart("Example", ".. code-block:: python\n\n    f()"), _rst)
    assert fenced == "Example:\n```python\nf()\n```"


def test_a_type_written_with_roles_reads_as_text() -> None:
    # anyio 4.11.0's fail_after and move_on_after: ":rtype: :class:`~typing.ContextManager`\[...]"
    returns = DocField(
        "", r":class:`~typing.ContextManager`\[:class:`~anyio.CancelScope`\]", "a scope"
    )
    assert render_part(DocPart("Returns", fields=(returns,)), _rst) == (
        "Returns:\n- `ContextManager`[`CancelScope`]: a scope"
    )


def test_an_exception_named_in_the_default_role_shows_its_last_name() -> None:
    # ecdsa 0.19.2: ":raises `~ecdsa.errors.MalformedPointError`: if ..." showed the tilde.
    raises = DocField("`~ecdsa.errors.MalformedPointError`", "", "if the point is off the curve")
    assert render_part(DocPart("Raises", fields=(raises,)), _rst) == (
        "Raises:\n- `MalformedPointError`: if the point is off the curve"
    )


def test_a_field_whose_text_is_a_list_shows_the_list_alone() -> None:
    # passlib 1.7.4's HtpasswdFile.set_password: ":returns:" over a bullet list read "- - True".
    returns = DocField("", "", "* ``True`` if the user was updated.\n* ``False`` if added.")
    assert render_part(DocPart("Returns", fields=(returns,)), _rst) == (
        "Returns:\n- `True` if the user was updated.\n- `False` if added."
    )


def test_a_see_also_entry_naming_a_label_shows_its_title() -> None:
    # xarray's 135 "See Also" entries ':ref:`agg`' (its user guide's "Aggregation" page)
    # read as code, "`agg`", as if they named a Python object.
    from builder.parsers.reference_titles import ReferenceTitles, reading_references

    titles = ReferenceTitles(labels={"agg": "Aggregation"})
    entries = (DocField(":ref:`agg`", "", "User guide."), DocField("`numpy.sum`", "", ""))
    with reading_references(titles, "api.rst"):
        shown = render_part(DocPart("See Also", fields=entries), _rst)
    assert shown == "See Also:\n- Aggregation: User guide.\n- `numpy.sum`"


def _rst(text: str) -> str:
    from builder.parsers import parse_file

    parsed = parse_file("x.rst", text)
    return parsed.sections[0].body if parsed is not None else ""


def test_class_content_chooses_the_class_or_init_docstring() -> None:
    klass = ApiObject("K", "class", "", (DocPart("", "class doc"),),
                      init_doc=(DocPart("", "init doc"),))  # fmt: skip
    texts = {
        content: [e.text for e in docstring_events(klass, MemberOptions(class_content=content),
                                                   str, 1)
                  if isinstance(e, Text)]
        for content in ("class", "both", "init")
    }  # fmt: skip
    assert texts == {
        "class": ["class doc"], "both": ["class doc", "init doc"], "init": ["init doc"],
    }  # fmt: skip


def test_members_become_sections_one_level_below_their_class(tmp_path: Path) -> None:
    source = package_source(tmp_path)
    package = source.find("shapes")
    assert package is not None
    events = member_events(package, MemberOptions(members=()), source, "auto", 7, 1, str)
    headings = [(e.title, e.api_depth, e.line) for e in events if isinstance(e, Heading)]
    assert headings == [
        ("shapes.Circle", 1, 7), ("shapes.Circle.scale", 2, 7),
        ("shapes.Shape", 1, 7), ("shapes.Shape.describe", 2, 7), ("shapes.Shape.sides", 2, 7),
        ("shapes.area", 1, 7),
    ]  # fmt: skip


def test_a_class_a_directive_names_among_its_members_shows_all_of_its_own(tmp_path: Path) -> None:
    # Alembic 1.16.5's api/runtime.rst: ".. automodule:: alembic.runtime.environment" with
    # ":members: EnvironmentContext" showed the class without its methods (32 KB of the page).
    source = package_source(tmp_path)
    package = source.find("shapes")
    assert package is not None
    options = MemberOptions(members=("Shape", "area"))
    events = member_events(package, options, source, "auto", 7, 1, str)
    assert [e.title for e in events if isinstance(e, Heading)] == [
        "shapes.Shape", "shapes.Shape.describe", "shapes.Shape.sides", "shapes.area",
    ]  # fmt: skip
