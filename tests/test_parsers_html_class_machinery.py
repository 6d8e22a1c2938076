"""builder.parsers.html: the attributes Python gives every class are no API entries of the docs."""

from __future__ import annotations

from builder.parsers.html.parser import parse


def attribute(name: str, value: str, description: str = "") -> str:
    return (
        f'<dl class="py attribute"><dt class="sig sig-object py" id="bidict.bidict.{name}">'
        f'<span class="sig-name descname"><span class="pre">{name}</span></span>'
        f'<em class="property"> = {value}</em></dt><dd>{description}</dd></dl>'
    )


def test_undescribed_class_machinery_is_left_out() -> None:
    # Debian's python-bidict-doc (autodoc with :special-members:): 174 of its 656 sections were
    # such entries, and "__dict__ = mappingproxy({...})" ranked second for "inverse".
    page = (
        '<section id="api"><h1>API</h1><dl class="py class">'
        '<dt class="sig sig-object py" id="bidict.bidict"><span class="sig-name descname">'
        "bidict</span></dt><dd><p>Base class for mutable bidirectional mappings.</p>"
        + attribute("__dict__", "mappingproxy({'__module__': 'bidict'})")
        + attribute("__module__", "'bidict'")
        + attribute("__weakref__", "None")
        # Described by the project, or no machinery of Python's: kept.
        + attribute("__slots__", "()", "<p>Kept small: no per-instance dict.</p>")
        + attribute("__hash__", "None")
        + attribute("inverse", "None", "<p>The inverse of this bidirectional mapping.</p>")
        + "</dd></dl></section>"
    )
    assert [s.heading for s in parse(page, "api.html").sections] == [
        "API",
        "bidict.bidict",
        "bidict.bidict.__slots__",
        "bidict.bidict.__hash__",
        "bidict.bidict.inverse",
    ]


def test_class_machinery_described_by_the_interpreter_is_left_out() -> None:
    # bidict 0.22.1's api page lists __weakref__ with CPython's own docstring of it, 15 times;
    # one came first for a question about a bidict's values being lists.
    page = (
        '<section id="api"><h1>API</h1><dl class="py class">'
        '<dt class="sig sig-object py" id="bidict.bidict"><span class="sig-name descname">'
        "bidict</span></dt><dd><p>Base class.</p>"
        + attribute("__weakref__", "None", "<p>list of weak references to the object (if\n"
                    "defined)</p>")
        + attribute("__dict__", "None", "<p>dictionary for instance variables</p>")
        + attribute("__module__", "'bidict'", "<p>The module that holds the class.</p>")
        + "</dd></dl></section>"
    )  # fmt: skip
    assert [s.heading for s in parse(page, "api.html").sections] == [
        "API",
        "bidict.bidict",
        "bidict.bidict.__module__",
    ]


def test_another_domain_keeps_such_a_name() -> None:
    page = (
        '<h1>API</h1><dl class="js attribute"><dt class="sig sig-object js" id="Thing.__dict__">'
        '<span class="sig-name descname">__dict__</span></dt><dd></dd></dl>'
    )
    assert [s.heading for s in parse(page, "api.html").sections] == ["API", "Thing.__dict__"]
