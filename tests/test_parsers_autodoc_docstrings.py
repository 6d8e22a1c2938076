"""What autodoc makes of a docstring's own markup: lists, citations, attribute descriptions and
napoleon's Attributes sections."""

from __future__ import annotations

from pathlib import Path

from builder.api.code import GriffeSource
from builder.api.model import ApiSettings
from builder.parsers import parse_file
from builder.parsers.rst.events import MAX_DEPTH
from tests.api_support import parse_page


def test_a_members_docstring_keeps_its_list_a_blank_line_below_its_paragraph(
    tmp_path: Path,
) -> None:
    # Deprecated 1.3.1's SphinxAdapter: shown through "automodule:: deprecated.sphinx" with
    # :members:, its paragraph and the list under it were joined as a list item's text is.
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "adapters.py").write_text(
        '"""Adapters."""\n\n\nclass Adapter:\n'
        '    """Sphinx adapter.\n\n    Such a directive is a `markup <https://x.invalid/>`_\n\n'
        '    - The directive can be one of "versionadded".\n    - The version is added.\n    """\n',
        encoding="utf-8",
    )
    source = GriffeSource(tmp_path / "src", ApiSettings(), "src")
    parsed = parse_file("api.rst", "API\n===\n\n.. automodule:: adapters\n   :members:\n", source)
    assert parsed is not None
    assert parsed.sections[-1].body == (
        "`Adapter()`\n\nSphinx adapter.\n\nSuch a directive is a markup\n\n"
        '- The directive can be one of "versionadded".\n- The version is added.'
    )


def test_a_docstring_s_citations_of_its_own_references_keep_their_labels(
    tmp_path: Path,
) -> None:
    # pvlib 0.16.1: "Comparison among several models is reported in [10]_." read "reported
    # in." and "'kasten1966' - See [1]_" read "See -": the marks cite the docstring's own
    # References, which the page does not define (citation marks 374 -> 940).
    package = tmp_path / "src" / "airmass"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(
        "def relative(zenith, model='kasten'):\n"
        '    """Relative airmass, as reported in [2]_.\n\n'
        "    Parameters\n    ----------\n"
        "    model : str\n        'kasten' - See [1]_, [CIT]_ - apparent zenith\n\n"
        "    References\n    ----------\n"
        "    .. [1] F. Kasten, 1965.\n    .. [2] A. Young, 1994.\n"
        '    """\n',
        encoding="utf-8",
    )
    settings = ApiSettings(docstring_style="numpydoc")
    source = GriffeSource(tmp_path / "src", settings, str(tmp_path / "src"))
    parsed = parse_file("api.rst", "API\n===\n\n.. autofunction:: airmass.relative\n", source)
    assert parsed is not None
    body = parsed.sections[-1].body
    assert "Relative airmass, as reported in [2]." in body
    assert "- model (str): 'kasten' - See [1], [CIT] - apparent zenith" in body
    # A page's own marks still read as its footnotes label them, unknown ones go.
    page = parse_file("page.rst", "Page\n====\n\nSee [9]_ and [1]_.\n\n.. [1] One.\n", None)
    assert page is not None and page.sections[0].body.startswith("See and [1].")


def test_a_member_class_s_docstring_describing_attributes_makes_them_sections(
    tmp_path: Path,
) -> None:
    # WebTest 3.0.0's api.rst, "automodule:: webtest.forms" with ":members:": Form's
    # docstring describes its attributes (".. attribute:: action" ...), each an entry of its
    # own in Sphinx's page, as for "autoclass:: webtest.forms.Form"; listed by the module, they
    # were lines of the class's text.
    (tmp_path / "src" / "forms").mkdir(parents=True)
    (tmp_path / "src" / "forms" / "__init__.py").write_text(
        '"""Forms."""\n\n\n'
        "class Form:\n"
        '    """A form.\n\n'
        "    .. attribute:: action\n\n"
        "        the relative URI of the action.\n"
        '    """\n\n'
        "    def submit(self):\n"
        '        """Submit it."""\n\n\n'
        "def helper():\n"
        '    """Helps.\n\n'
        "    .. note:: Not a description.\n"
        '    """\n',
        encoding="utf-8",
    )
    text = "Forms\n=====\n\n.. automodule:: forms\n   :members:\n"
    parsed = parse_page(tmp_path, "forms.rst", text)
    assert [(s.heading, s.heading_path, s.body) for s in parsed.sections] == [
        ("Forms", (), "Forms."),
        ("forms.Form", ("Forms",), "`Form()`\n\nA form."),
        (
            "forms.Form.action",
            ("Forms", "forms.Form"),
            "`action`\n\nthe relative URI of the action.",
        ),
        ("forms.Form.submit", ("Forms", "forms.Form"), "`submit()`\n\nSubmit it."),
        ("forms.helper", ("Forms",), "`helper()`\n\nHelps.\n\nNote: Not a description."),
    ]


def test_a_description_written_with_a_space_before_its_colons_is_one_too(
    tmp_path: Path,
) -> None:
    # nose2 0.12.0's events module writes '.. attribute :: loader' in its classes' docstrings
    # (docutils allows one space there); their 89 attributes were lines of the classes' text.
    (tmp_path / "src" / "events").mkdir(parents=True)
    (tmp_path / "src" / "events" / "__init__.py").write_text(
        '"""Events."""\n\n\n'
        "class CreateTestsEvent:\n"
        '    """Event fired before test loading.\n\n'
        "    .. attribute :: loader\n\n"
        "       Test loader instance\n"
        '    """\n',
        encoding="utf-8",
    )
    text = "Events\n======\n\n.. automodule :: events\n   :members:\n"
    parsed = parse_page(tmp_path, "events.rst", text)
    assert [(s.heading, s.body) for s in parsed.sections[1:]] == [
        ("events.CreateTestsEvent", "`CreateTestsEvent()`\n\nEvent fired before test loading."),
        ("events.CreateTestsEvent.loader", "`loader`\n\nTest loader instance"),
    ]


def test_a_member_class_s_docstring_listing_its_own_module_again_stops(tmp_path: Path) -> None:
    # Its descriptions were read at depth 1 whatever the depth around them, so a docstring
    # whose automodule lists the class again recursed until Python's stack ran out: a
    # RecursionError that stopped the page. It nests to MAX_DEPTH, as other blocks do.
    (tmp_path / "src" / "forms").mkdir(parents=True)
    (tmp_path / "src" / "forms" / "__init__.py").write_text(
        '"""Forms."""\n\n\n'
        "class Form:\n"
        '    """A form.\n\n'
        "    .. attribute:: action\n\n"
        "        the relative URI of the action.\n\n"
        "    .. automodule:: forms\n"
        "        :members:\n"
        '    """\n',
        encoding="utf-8",
    )
    text = "Forms\n=====\n\n.. automodule:: forms\n   :members:\n"
    parsed = parse_page(tmp_path, "forms.rst", text)
    assert [s.heading for s in parsed.sections[:4]] == [
        "Forms", "forms.Form", "forms.Form.action", "forms.Form",
    ]  # fmt: skip
    assert len(parsed.sections) < 2 * MAX_DEPTH


def test_napoleon_attributes_are_objects_of_their_own_below_the_class(tmp_path: Path) -> None:
    # pyresample 1.26.0's AreaDefinition: 'Attributes:' lists area_id, crs, ...; napoleon
    # writes each as '.. attribute:: crs' with ':type:', which Sphinx makes an entry of the
    # class ('AreaDefinition.crs'). They were a list in the class's text, no object to find.
    (tmp_path / "src" / "geo").mkdir(parents=True)
    (tmp_path / "src" / "geo" / "__init__.py").write_text(
        "class Area:\n"
        '    """Holds an area.\n\n'
        "    Attributes:\n"
        "        area_id (str): Identifier for the area\n"
        "        crs (pyproj.CRS): Coordinate reference\n            system, not thread-safe.\n"
        "        size: Number of points\n\n"
        "    Examples:\n        >>> Area('a')\n"
        '    """\n\n'
        "    def __init__(self, area_id):\n        self.area_id = area_id\n\n"
        "    @property\n    def size(self):\n"
        '        """Number of points in the grid."""\n        return 1\n',
        encoding="utf-8",
    )
    napoleon = ApiSettings(docstring_style="auto", napoleon_attributes=True)
    own = ("geo.Area.area_id", "`area_id: str`\n\nIdentifier for the area")
    crs = ("geo.Area.crs", "`crs: pyproj.CRS`\n\nCoordinate reference system, not thread-safe.")
    examples = "Holds an area.\n\nExamples:\n```pycon\n>>> Area('a')\n```"
    listed = parse_page(tmp_path, "a.rst", "A\n=\n\n.. automodule:: geo\n   :members:\n", napoleon)
    # Under :members:, the documented property is its own entry, once.
    assert [(s.heading, s.body) for s in listed.sections[1:]] == [
        ("geo.Area", f"`Area(area_id)`\n\n{examples}"),
        own,
        crs,
        ("geo.Area.size", "`size`\n\nNumber of points in the grid."),
    ]
    alone = parse_page(tmp_path, "b.rst", "B\n=\n\n.. autoclass:: geo.Area\n", napoleon)
    assert [(s.heading, s.body) for s in alone.sections[1:]] == [
        ("geo.Area", f"`geo.Area(area_id)`\n\n{examples}"),
        own,
        crs,
        ("geo.Area.size", "`size`\n\nNumber of points"),
    ]
    # With napoleon_use_ivar (or numpydoc) the section stays a list in the class's text.
    ivar = ApiSettings(docstring_style="auto", napoleon_attributes=False)
    fields = parse_page(tmp_path, "c.rst", "C\n=\n\n.. autoclass:: geo.Area\n", ivar)
    assert "Attributes:\n- area_id (str): Identifier for the area" in fields.sections[1].body
    # Sphinx's own ':ivar:' fields are a field list whatever napoleon does (structlog's
    # LogCapture.entries).
    (tmp_path / "src" / "geo" / "fields.py").write_text(
        'class Capture:\n    """Captures entries.\n\n'
        '    :ivar list entries: The entries.\n    """\n',
        encoding="utf-8",
    )
    sphinx = parse_page(tmp_path, "d.rst", "D\n=\n\n.. autoclass:: geo.fields.Capture\n", napoleon)
    assert [s.heading for s in sphinx.sections] == ["D", "geo.fields.Capture"]
    assert "Attributes:\n- entries (list): The entries." in sphinx.sections[1].body


def test_a_napoleon_attribute_whose_member_is_not_shown_keeps_its_entry(tmp_path: Path) -> None:
    # The member documenting an attribute itself takes the entry only when the directive shows
    # it: under ':exclude-members: size' (or a private name, or ':members:' naming others)
    # napoleon's '.. attribute:: size' is the only entry Sphinx has; it was dropped, its text
    # with it, while the section's other attributes kept theirs.
    (tmp_path / "src" / "geo").mkdir(parents=True)
    (tmp_path / "src" / "geo" / "__init__.py").write_text(
        'class Area:\n    """Holds an area.\n\n    Attributes:\n'
        '        name: Its name\n        size: Number of points\n    """\n\n'
        '    @property\n    def size(self):\n        """Number of points in the grid."""\n',
        encoding="utf-8",
    )
    napoleon = ApiSettings(docstring_style="auto", napoleon_attributes=True)
    text = "A\n=\n\n.. autoclass:: geo.Area\n   :members:\n   :exclude-members: size\n"
    parsed = parse_page(tmp_path, "a.rst", text, napoleon)
    assert [(s.heading, s.body) for s in parsed.sections[1:]] == [
        ("geo.Area", "`geo.Area()`\n\nHolds an area."),
        ("geo.Area.name", "`name`\n\nIts name"),
        ("geo.Area.size", "`size`\n\nNumber of points"),
    ]


def test_a_napoleon_attribute_no_directive_can_name_stays_in_the_class_s_text(
    tmp_path: Path,
) -> None:
    # NumPy's 'x, y : float' names two attributes at once: napoleon's '.. attribute:: x, y' is
    # no Python name, and Sphinx shows its text with no entry. The item was dropped, its
    # description with it, while the section's other items became entries.
    (tmp_path / "src" / "geo").mkdir(parents=True)
    (tmp_path / "src" / "geo" / "__init__.py").write_text(
        'class Area:\n    """Holds an area.\n\n    Attributes\n    ----------\n'
        "    x, y : float\n        The corner's coordinates.\n"
        '    name : str\n        Its name.\n    """\n',
        encoding="utf-8",
    )
    napoleon = ApiSettings(docstring_style="auto", napoleon_attributes=True)
    parsed = parse_page(tmp_path, "a.rst", "A\n=\n\n.. autoclass:: geo.Area\n", napoleon)
    assert [(s.heading, s.body) for s in parsed.sections[1:]] == [
        (
            "geo.Area",
            "`geo.Area()`\n\nHolds an area.\n\n"
            "Attributes:\n- x, y (float): The corner's coordinates.",
        ),
        ("geo.Area.name", "`name: str`\n\nIts name."),
    ]


def test_a_module_s_napoleon_attributes_are_objects_of_the_module(tmp_path: Path) -> None:
    # GSD 2.7.0's gsd/__init__.py: 'Attributes: __version__ (str): GSD software version
    # number.' napoleon writes '.. attribute::' whatever object the docstring is of, and
    # Sphinx's page has the entry gsd.__version__; it was a list in the module's text.
    (tmp_path / "src" / "geo").mkdir(parents=True)
    (tmp_path / "src" / "geo" / "__init__.py").write_text(
        '"""Geometry.\n\nAttributes:\n    RADIUS (float): The earth\'s radius.\n'
        '    unit: The unit of lengths.\n"""\n\nunit = "m"\n"""The unit, documented."""\n',
        encoding="utf-8",
    )
    napoleon = ApiSettings(docstring_style="auto", napoleon_attributes=True)
    radius = ("geo.RADIUS", "`RADIUS: float`\n\nThe earth's radius.")
    alone = parse_page(tmp_path, "a.rst", "A\n=\n\n.. automodule:: geo\n", napoleon)
    assert [(s.heading, s.body) for s in alone.sections] == [
        ("A", "Geometry."),
        radius,
        ("geo.unit", "`unit`\n\nThe unit of lengths."),
    ]
    # Under :members:, the variable documented in the code is its own entry, once.
    text = "A\n=\n\n.. automodule:: geo\n   :members:\n"
    listed = parse_page(tmp_path, "b.rst", text, napoleon)
    assert [(s.heading, s.body) for s in listed.sections] == [
        ("A", "Geometry."),
        radius,
        ("geo.unit", "`unit = 'm'`\n\nThe unit, documented."),
    ]


def test_napoleon_attributes_in_a_method_s_docstring_are_objects_of_its_class(
    tmp_path: Path,
) -> None:
    # pyswarms 1.3.0's GlobalBestPSO.__init__ (shown by ':special-members: __init__') lists
    # n_particles, dimensions, ... under 'Attributes'. napoleon writes '.. attribute::' for that
    # section whatever object the docstring is of, and Sphinx names each under the class, as a
    # method does not change the class its content is read in ('GlobalBestPSO.n_particles');
    # a function's are the module's. They were a list in the method's text, no object to find.
    (tmp_path / "src" / "swarm").mkdir(parents=True)
    (tmp_path / "src" / "swarm" / "__init__.py").write_text(
        "class Swarm:\n"
        "    def __init__(self, n_particles):\n"
        '        """Initialize the swarm\n\n'
        "        Attributes\n        ----------\n"
        "        n_particles : int\n            number of particles in the swarm.\n"
        '        """\n\n'
        "def make():\n"
        '    """Make one.\n\n    Attributes:\n        made (bool): Whether it is made.\n    """\n',
        encoding="utf-8",
    )
    napoleon = ApiSettings(docstring_style="auto", napoleon_attributes=True)
    text = (
        "A\n=\n\n.. autoclass:: swarm.Swarm\n   :special-members: __init__\n\n"
        ".. autofunction:: swarm.make\n"
    )
    parsed = parse_page(tmp_path, "a.rst", text, napoleon)
    assert [(s.heading, s.anchor, s.body) for s in parsed.sections[1:]] == [
        ("swarm.Swarm", "swarm.Swarm", "`swarm.Swarm(n_particles)`"),
        (
            "swarm.Swarm.__init__",
            "swarm.Swarm.__init__",
            "`__init__(n_particles)`\n\nInitialize the swarm",
        ),
        (
            "swarm.Swarm.n_particles",
            "swarm.Swarm.n_particles",
            "`n_particles: int`\n\nnumber of particles in the swarm.",
        ),
        ("swarm.make", "swarm.make", "`swarm.make()`\n\nMake one."),
        ("swarm.made", "swarm.made", "`made: bool`\n\nWhether it is made."),
    ]
    alone = parse_page(
        tmp_path, "b.rst", "B\n=\n\n.. automethod:: swarm.Swarm.__init__\n", napoleon
    )
    assert [s.anchor for s in alone.sections[1:]] == [
        "swarm.Swarm.__init__",
        "swarm.Swarm.n_particles",
    ]


def test_a_napoleon_attribute_s_type_shows_its_markup_as_text(tmp_path: Path) -> None:
    # pyswarms 1.3.0: 'options : dict with keys :code:`{'c1', 'c2', 'w'}`'. napoleon writes the
    # type as a ':type:' field of the attribute, which Sphinx renders as text ("Type: dict with
    # keys {'c1', 'c2', 'w'}"); it was the signature's annotation with the role left raw.
    (tmp_path / "src" / "swarm").mkdir(parents=True)
    (tmp_path / "src" / "swarm" / "__init__.py").write_text(
        'class Swarm:\n    """A swarm.\n\n    Attributes\n    ----------\n'
        "    options : dict with keys :code:`{'c1', 'w'}`\n        The parameters.\n"
        "    center : :class:`~numpy.ndarray` or ``None``\n        Its center.\n"
        '    """\n',
        encoding="utf-8",
    )
    napoleon = ApiSettings(docstring_style="auto", napoleon_attributes=True)
    parsed = parse_page(tmp_path, "a.rst", "A\n=\n\n.. autoclass:: swarm.Swarm\n", napoleon)
    assert [(s.heading, s.body) for s in parsed.sections[2:]] == [
        ("swarm.Swarm.options", "`options: dict with keys {'c1', 'w'}`\n\nThe parameters."),
        ("swarm.Swarm.center", "`center: ndarray or None`\n\nIts center."),
    ]
