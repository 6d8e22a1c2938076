"""Docstrings a module assigns to ``__doc__`` after the fact, read from its syntax tree."""

from __future__ import annotations

from pathlib import Path

from builder.api.assigned_docs import _source, assigned_docstring, copied_docstring_name
from builder.api.code import GriffeSource
from builder.api.model import ApiSettings, DocField, DocPart


def test_assigned_docstrings_are_the_objects_docstrings(tmp_path: Path) -> None:
    # statsmodels 0.14.6 (OLS, GLS, WLS: '__doc__ = """...""" % {...}' in the class body) and
    # seaborn 0.13.2 (histplot.__doc__ = """...""".format(**params)): their sections held a
    # signature alone.
    package = tmp_path / "models"
    package.mkdir()
    (package / "__init__.py").write_text(
        "class OLS:\n"
        '    __doc__ = """\n    Ordinary Least Squares\n\n    %(params)s\n'
        "    Attributes\n    ----------\n    weights : scalar\n        Always 1.\n"
        '    """ % {"params": PARAMS}\n\n\n'
        "def histplot(data, multiple):\n    pass\n\n\n"
        'histplot.__doc__ = """\\\nPlot histograms.\n\nParameters\n----------\n'
        '{params.core.data}\nmultiple : {{"layer", "dodge"}}\n    How to stack\n'
        '""".format(**PARAMS)\n\n\n'
        "encode = _make_encoder(False)\n"
        "encode.__doc__ = 'Encode a URI.\\n\\nArgs:\\n    uri (str): The URI.\\n'\n",
        encoding="utf-8",
    )
    source = GriffeSource(tmp_path, ApiSettings(docstring_style="numpy"), "src")
    ols = source.find("models.OLS", "numpy")
    histplot = source.find("models.histplot", "numpy")
    assert ols is not None and histplot is not None
    assert ols.doc == (
        DocPart("", "Ordinary Least Squares"),
        DocPart(
            "Attributes", fields=(DocField("weights", "scalar", "Always 1."),), attribute_items=True
        ),
    )
    assert histplot.doc == (
        DocPart("", "Plot histograms."),
        DocPart("Parameters", fields=(DocField("multiple", '{"layer", "dodge"}', "How to stack"),)),
    )
    # falcon 4.4.0's falcon.uri.encode and its three siblings: a function a factory makes,
    # its docstring set after; the section held 'encode = _create_str_encoder(False)' alone.
    encode = GriffeSource(tmp_path, ApiSettings(docstring_style="auto"), "src").find(
        "models.encode", "auto"
    )
    assert encode is not None
    assert encode.doc == (
        DocPart("", "Encode a URI."),
        DocPart("Parameters", fields=(DocField("uri", "str", "The URI."),)),
    )


def test_only_a_string_written_there_counts() -> None:
    lines = [
        "f.__doc__ = other.__doc__",
        "g.__doc__ = f'{x}'",
        "h.__doc__ = textwrap.dedent('''Dedented.''')",
        "class C:",
        "    class D:",
        "        __doc__ = 'Nested.'",
    ]
    assert assigned_docstring(lines, "f") == ""
    assert (copied_docstring_name(lines, "f"), copied_docstring_name(lines, "g")) == ("other", "")
    assert assigned_docstring(lines, "g") == ""
    assert assigned_docstring(lines, "h") == "Dedented."
    assert assigned_docstring(lines, "C.D") == "Nested."
    assert assigned_docstring(["def broken(:"], "broken") == ""


def test_another_objects_docstring_assigned_replaces_the_objects_own(tmp_path: Path) -> None:
    # arrow 1.4.0's api.get, now and utcnow: 'get.__doc__ = _factory.get.__doc__', where
    # '_factory = ArrowFactory()'; Sphinx shows ArrowFactory.get's docstring, they showed
    # their own one line, "Calls the default ArrowFactory get method.".
    package = tmp_path / "clock"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "factory.py").write_text(
        "class Factory:\n"
        '    """Makes times."""\n\n'
        "    def now(self, tz=None):\n"
        '        """Now in a timezone.\n\n        :param tz: The timezone.\n        """\n',
        encoding="utf-8",
    )
    (package / "api.py").write_text(
        "from clock import factory\nfrom clock.factory import Factory\n\n"
        "_factory = Factory()\n\n\n"
        "def now(tz=None):\n"
        '    """Calls the default Factory now method."""\n\n\n'
        "now.__doc__ = _factory.now.__doc__\n\n\n"
        "class Plot:\n"
        '    """Its own."""\n\n'
        "    __doc__ = factory.Factory.__doc__\n\n\n"
        "def missing():\n"
        '    """Kept."""\n\n\n'
        "missing.__doc__ = _nowhere.__doc__\n\n\n"
        "def later(tz=None):\n"
        '    """later(tz=None)\n\n    Calls it later."""\n\n\n'
        "later.__doc__ = _factory.now.__doc__\n",
        encoding="utf-8",
    )
    source = GriffeSource(tmp_path, ApiSettings(docstring_style="auto"), "src")
    now = source.find("clock.api.now")
    assert now is not None and now.doc == (
        DocPart("", "Now in a timezone."),
        DocPart("Parameters", fields=(DocField("tz", "", "The timezone."),)),
    )
    plot = source.find("clock.api.Plot")
    assert plot is not None and plot.doc == (DocPart("", "Makes times."),)  # xarray's way
    missing = source.find("clock.api.missing")
    assert missing is not None and missing.doc == (DocPart("", "Kept."),)
    # autodoc_docstring_signature reads the docstring that replaced the own one, whose
    # first line, a signature, is gone with it.
    settings = ApiSettings(docstring_style="auto", docstring_signature=True)
    later = GriffeSource(tmp_path, settings, "src").find("clock.api.later")
    assert later is not None and later.doc == now.doc


def test_a_class_body_assigning_its_methods_docstrings(tmp_path: Path) -> None:
    # networkx 3.6.1's DiGraph.out_edges ('out_edges.__doc__ = edges.__doc__' in the class
    # body) and xarray 2026.9.0's Rolling.count ('count.__doc__ =
    # _ROLLING_REDUCE_DOCSTRING_TEMPLATE.format(name="count")'): their sections held a
    # signature alone.
    package = tmp_path / "graphs"
    package.mkdir()
    (package / "__init__.py").write_text(
        "from functools import cached_property\n\n"
        '_TEMPLATE = """\\\nApply `{name}` over the window.\n\n'
        '{{name}} stays; {other} too.\n"""\n\n\n'
        "def edges():\n"
        '    """The module function, not the method."""\n\n\n'
        "class DiGraph:\n"
        "    @cached_property\n"
        "    def edges(self):\n"
        '        """An OutEdgeView of the graph."""\n\n'
        "    @cached_property\n"
        "    def out_edges(self):\n"
        "        return self.edges\n\n"
        "    out_edges.__doc__ = edges.__doc__\n\n"
        "    def count(self):\n"
        "        return 0\n\n"
        '    count.__doc__ = _TEMPLATE.format(name="count")\n',
        encoding="utf-8",
    )
    source = GriffeSource(tmp_path, ApiSettings(docstring_style="auto"), "src")
    out_edges = source.find("graphs.DiGraph.out_edges")
    count = source.find("graphs.DiGraph.count")
    assert out_edges is not None and count is not None
    assert out_edges.doc == (DocPart("", "An OutEdgeView of the graph."),)
    assert count.doc == (
        DocPart("", "Apply `count` over the window.\n\n{name} stays; {other} too."),
    )


def test_a_module_s_lines_are_joined_once_for_all_its_objects() -> None:
    # The same text each time, whose hash (the parse cache's key) is computed once.
    lines = ["def f():", "    pass", "", "", 'f.__doc__ = "Later."']
    assert _source(lines) is _source(lines)
    assert assigned_docstring(lines, "f") == "Later."


def test_a_class_body_adding_to_its_docstring_extends_it(tmp_path: Path) -> None:
    # lark 1.1.5 (Debian python-lark-doc, classes.html): Lark's body ends 'if __doc__:
    # __doc__ += "\n\n" + LarkOptions.OPTIONS_DOC', a string LarkOptions' body sets, and
    # LarkOptions' own 'if __doc__: __doc__ += OPTIONS_DOC': the options, 400 words of the
    # page, were left out. An addition it cannot read leaves the docstring as written.
    (tmp_path / "parsing.py").write_text(
        "class Options:\n"
        '    """Parser options."""\n\n'
        '    OPTIONS_DOC = """\n'
        "    start\n"
        "        The start symbol.\n"
        '    """\n'
        "    if __doc__:\n"
        "        __doc__ += OPTIONS_DOC\n\n\n"
        "class Parser:\n"
        '    """Main interface.\n\n'
        "    More words.\n"
        '    """\n\n'
        "    if __doc__:\n"
        '        __doc__ += "\\n\\n" + Options.OPTIONS_DOC\n\n\n'
        "class Unread:\n"
        '    """As written."""\n\n'
        "    __doc__ += compute()\n",
        encoding="utf-8",
    )
    source = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    parser = source.find("parsing.Parser")
    assert parser is not None
    # inspect.cleandoc of the joined text: the docstring's last line and the added
    # text's first are blank lines of their own.
    assert parser.doc == (
        DocPart("", "Main interface.\n\nMore words.\n\n\n\nstart\n    The start symbol."),
    )
    options = source.find("parsing.Options")
    assert options is not None
    assert options.doc == (DocPart("", "Parser options.\nstart\n    The start symbol."),)
    unread = source.find("parsing.Unread")
    assert unread is not None and unread.doc == (DocPart("", "As written."),)


def test_what_a_class_body_adds_to_its_docstring_is_bounded(tmp_path: Path) -> None:
    # Each addition was read up to eight of the module's strings joined, and the additions
    # had no bound: a two-megabyte module adding its megabyte string to itself on each of a
    # few thousand lines made gigabytes. Past MAX_TEXT_CHARS the docstring is as written.
    part = "word " * 1000
    (tmp_path / "parsing.py").write_text(
        f'PART = "{part}"\n\n\n'
        "class Parser:\n"
        '    """Main interface."""\n\n'
        + "    __doc__ += PART + PART + PART + PART\n"
        * 10
        + "\n\nclass Options:\n"
        '    """Parser options."""\n\n'
        "    __doc__ += PART + PART\n",
        encoding="utf-8",
    )
    source = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    parser = source.find("parsing.Parser")
    assert parser is not None and parser.doc == (DocPart("", "Main interface."),)
    options = source.find("parsing.Options")
    assert options is not None
    assert options.doc == (DocPart("", "Parser options." + (part * 2).rstrip()),)


def test_a_class_body_s_additions_come_in_the_order_python_runs_them(tmp_path: Path) -> None:
    # Those under 'if __doc__:' were read after all the others, wherever they stood.
    (tmp_path / "parsing.py").write_text(
        "class Parser:\n"
        '    """Main interface."""\n\n'
        "    if __doc__:\n"
        '        __doc__ += " One."\n'
        '    __doc__ += " Two."\n'
        "    if __doc__:\n"
        '        __doc__ += " Three."\n',
        encoding="utf-8",
    )
    source = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    parser = source.find("parsing.Parser")
    assert parser is not None
    assert parser.doc == (DocPart("", "Main interface. One. Two. Three."),)
