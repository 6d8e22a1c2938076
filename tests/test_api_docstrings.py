"""builder.api.docstrings: docstrings split into text and titled lists, in each style."""

from __future__ import annotations

import griffe

from builder.api.docstrings import (
    GRIFFE_SPHINX,
    INFERRED_STYLE,
    parse_docstring,
    read_sphinx_fields,
)
from builder.api.model import DocField, DocPart


def _parts(text: str, style: str = "auto") -> tuple[DocPart, ...]:
    return parse_docstring(griffe.Docstring(text), style)


def test_google_sections_become_lists_and_examples_code() -> None:
    parts = _parts(
        "Add two numbers.\n\n"
        "Args:\n    a (int): The first.\n    b: The second.\n\n"
        "Returns:\n    int: The sum.\n\n"
        "Raises:\n    ValueError: When they overflow.\n\n"
        "Examples:\n    >>> add(1, 2)\n    3\n"
    )
    assert parts == (
        DocPart("", "Add two numbers."),
        DocPart("Parameters", fields=(DocField("a", "int", "The first."),
                                      DocField("b", "", "The second."))),
        DocPart("Returns", fields=(DocField("", "int", "The sum."),)),
        DocPart("Raises", fields=(DocField("", "ValueError", "When they overflow."),)),
        DocPart("Examples", fields=(DocField("", "pycon", ">>> add(1, 2)\n3"),), code=True),
    )  # fmt: skip


def test_sphinx_fields_keep_the_text_after_them() -> None:
    parts = read_sphinx_fields(
        "Measure.\n\n"
        ":param circle: The circle,\n    measured.\n:type circle: Circle\n"
        ":param int precise: More digits.\n"
        ":returns: The area.\n:rtype: float\n"
        ":raises ValueError: When negative.\n\n"
        ".. versionchanged:: 2.0\n    Added ``precise``."
    )
    assert parts == (
        DocPart("", "Measure."),
        DocPart("Parameters", fields=(DocField("circle", "Circle", "The circle,\nmeasured."),
                                      DocField("precise", "int", "More digits."))),
        DocPart("Returns", fields=(DocField("", "float", "The area."),)),
        DocPart("Raises", fields=(DocField("ValueError", "", "When negative."),)),
        DocPart("", ".. versionchanged:: 2.0\n    Added ``precise``."),
    )  # fmt: skip


def test_sphinx_field_names_lose_their_backslash_escapes() -> None:
    # alembic 1.20.1's ":param type\_:" read "type\_", and ":param \**kw:" "\**kw", where
    # Sphinx shows the names as the code has them.
    parts = read_sphinx_fields(
        ":param type\\_: The type.\n:type type\\_: TypeEngine\n:param \\**kw: Options.\n"
    )
    assert parts == (
        DocPart("Parameters", fields=(DocField("type_", "TypeEngine", "The type."),
                                      DocField("**kw", "", "Options."))),
    )  # fmt: skip


def test_text_between_two_field_lists_stays_between_them() -> None:
    # dateutil's parser.parse: the sentence introducing the **kwargs fields went below the
    # Raises list, as Sphinx shows each field list where it stands.
    parts = read_sphinx_fields(
        "Parse.\n\n:param timestr: A date.\n\n"
        "The ``**kwargs`` parameter takes these:\n\n"
        ":param default: The default.\n:raises ParserError: When invalid.\n"
    )
    assert parts == (
        DocPart("", "Parse."),
        DocPart("Parameters", fields=(DocField("timestr", "", "A date."),)),
        DocPart("", "The ``**kwargs`` parameter takes these:"),
        DocPart("Parameters", fields=(DocField("default", "", "The default."),)),
        DocPart("Raises", fields=(DocField("ParserError", "", "When invalid."),)),
    )


def test_auto_style_picks_sphinx_fields_over_griffe() -> None:
    parts = _parts("Do.\n\n:param x: The x.\n\n.. note:: Kept.")
    assert DocPart("", ".. note:: Kept.") in parts


def test_napoleon_reads_google_sections_beside_sphinx_fields() -> None:
    # pycryptodome 4.5.0's EdDSASigScheme.sign: "Args:" over ":return:" and ":raise:" fields,
    # which napoleon turns into one field list; the "Args:" section was left as text.
    parts = _parts(
        "Sign a message.\n\n"
        "Args:\n  msg (bytes): The message.\n\n"
        ":param bool fast: Skip checks.\n"
        ":return: The signature.\n"
        ":raise TypeError: if the key has no private half\n"
    )
    assert parts == (
        DocPart("", "Sign a message."),
        DocPart("Parameters", fields=(DocField("msg", "bytes", "The message."),
                                      DocField("fast", "bool", "Skip checks."))),
        DocPart("Returns", fields=(DocField("", "", "The signature."),)),
        DocPart("Raises", fields=(DocField("TypeError", "", "if the key has no private half"),)),
    )  # fmt: skip
    assert _parts("Sign.\n\nArgs:\n  msg: The message.\n\n:return: It.\n", "numpydoc")[0] == (
        DocPart("", "Sign.\n\nArgs:\n  msg: The message.")
    )


def test_inferred_style_reads_a_lone_sphinx_field() -> None:
    # pyinstrument 5.1.3's Profiler.output: griffe infers no style from one ":param x:".
    parts = _parts("Render it.\n\n:param renderer: The renderer to use.", INFERRED_STYLE)
    assert parts[-1] == DocPart(
        "Parameters", fields=(DocField("renderer", "", "The renderer to use."),)
    )


def test_an_empty_docstring_has_no_parts() -> None:
    assert _parts("   \n") == ()


def test_napoleon_reads_a_returns_section_as_one_item() -> None:
    # Sphinx's napoleon (the "auto" style) reads the lines under Returns as one description;
    # mkdocstrings (style "google") reads a line per item, as griffe does.
    text = (
        "Accept one.\n\n"
        "Returns:\n  AsyncResource: The incoming connection. In\n"
        "  practice some kind of :class:`Stream`.\n\n"
        "Yields:\n  int: Each number in\n  turn.\n"
    )
    assert _parts(text)[1:] == (
        DocPart("Returns", fields=(DocField(
            "", "AsyncResource",
            "The incoming connection. In\npractice some kind of :class:`Stream`.",
        ),)),
        DocPart("Yields", fields=(DocField("", "int", "Each number in\nturn."),)),
    )  # fmt: skip
    assert len(_parts(text, "google")[1].fields) == 2


def test_a_fields_continuation_lines_are_dedented_as_a_block() -> None:
    # trio indents items by two and their continuation lines by four more; napoleon dedents
    # those lines as a block, so the description reads as one reST paragraph.
    text = (
        "Run.\n\n"
        "Args:\n  **options: Also any :ref:`general subprocess\n"
        "      options <subprocess-options>`, passed on to\n      :class:`Process`.\n"
    )
    (field,) = _parts(text)[1].fields
    assert field.description == (
        "Also any :ref:`general subprocess\noptions <subprocess-options>`, passed on to\n"
        ":class:`Process`."
    )
    code = "Run.\n\nArgs:\n  x: Like so::\n\n          x = 1\n"
    # A literal block after "::" keeps its indent, so it stays a block.
    assert _parts(code)[1].fields[0].description.split("\n")[-1].startswith(" ")


def test_a_sphinx_fields_list_and_directive_keep_their_lines() -> None:
    # PyJWT's encode: the list under ":param key:" and a ".. warning::" ran into one line.
    parts = read_sphinx_fields(
        "Encode.\n\n"
        ":param key: a key for the algorithm:\n\n"
        "    * for **asymmetric algorithms**: a PEM key\n"
        "    * for **symmetric algorithms**: a string\n\n"
        "    .. warning:: Do not trust ``alg``.\n"
        ":type key: str or\n    bytes\n"
    )
    description = (
        "a key for the algorithm:\n\n"
        "* for **asymmetric algorithms**: a PEM key\n"
        "* for **symmetric algorithms**: a string\n\n"
        ".. warning:: Do not trust ``alg``."
    )
    assert parts[1] == DocPart("Parameters", fields=(DocField("key", "str or bytes", description),))


def test_a_field_indented_under_a_directive_is_the_directives() -> None:
    # typeguard's TypeCheckConfiguration documents its settings as ".. attribute::" blocks
    # with a ":type:" option: read as the class's fields, the last type and description
    # became one parameter ("bool If set to True...") and the others were lost.
    prose = (
        "Settings.\n\n"
        ".. attribute:: policy\n   :type: Policy\n\n     What to do.\n\n"
        ".. method:: run(x)\n\n   :param x: The input."
    )
    assert read_sphinx_fields(prose + "\n\n:param debug: Print the code.\n") == (
        DocPart("", prose),
        DocPart("Parameters", fields=(DocField("debug", "", "Print the code."),)),
    )
    # With napoleon, only a field at the margin makes a docstring Sphinx-style.
    google = "Settings.\n\nArgs:\n    x (int): The x.\n\n.. attribute:: y\n   :type: int\n"
    assert _parts(google)[1] == DocPart("Parameters", fields=(DocField("x", "int", "The x."),))


def test_napoleon_shows_keyword_args_under_their_own_title() -> None:
    # falcon writes 120 "Keyword Arguments:" sections; napoleon shows them as Sphinx's
    # "Keyword Arguments" field, and they read "Other Parameters", a section napoleon folds
    # into Parameters.
    text = "Make an app.\n\nKeyword Arguments:\n    cors (bool): Enable CORS.\n"
    keyword = DocPart("Keyword Arguments", fields=(DocField("cors", "bool", "Enable CORS."),))
    assert _parts(text)[1] == keyword
    assert _parts(text.replace("Arguments:", "Args:"))[1] == keyword
    other = _parts(text.replace("Keyword Arguments", "Other Parameters"))[1]
    assert other.title == "Other Parameters"
    # mkdocstrings-python titles griffe's section Other Parameters, whatever its header.
    assert _parts(text, "google")[1].title == "Other Parameters"
    # A header no indented items follow is no section for napoleon nor griffe: its line
    # stayed text and read "Keyword arguments: Keyword Arguments".
    for prose in ("Keyword arguments:\n\n* ``cors`` -- CORS.", "Example::\n\n    Keyword Args:"):
        assert _parts(f"Make an app.\n\n{prose}\n") == (DocPart("", f"Make an app.\n\n{prose}"),)


def test_napoleon_reads_a_section_whose_items_follow_a_blank_line() -> None:
    # jsonschema's docstrings leave a blank line under "Arguments:" and between items;
    # napoleon skips it, griffe read the section as text ("Arguments:\n\nformats:\n\n...").
    text = (
        "A format checker.\n\n"
        "Arguments:\n\n"
        "    formats:\n\n"
        "        The known formats to validate.\n\n"
        "    strict (bool): Fail early.\n\n"
        "Returns:\n\n"
        "    bool: whether it conformed\n\n"
        "Example:\n\n"
        "Not a section: nothing below it is indented.\n"
    )
    parts = _parts(text)
    assert [part.title for part in parts] == ["", "Parameters", "Returns", ""]
    names = [(field.name, field.annotation) for field in parts[1].fields]
    assert names == [("formats", ""), ("strict", "bool")]
    assert parts[1].fields[0].description.strip() == "The known formats to validate."
    assert parts[2].fields == (DocField("", "bool", "whether it conformed"),)
    assert parts[3].text == "Example:\n\nNot a section: nothing below it is indented."
    # mkdocstrings reads Google docstrings as griffe does: there the blank line ends it.
    assert [part.title for part in _parts(text, "google")] == [""]


def test_napoleon_reads_a_section_title_right_under_the_last_item() -> None:
    # websockets' basic_auth: "Raises:" right under its last parameter, no blank line between,
    # was text ("Raises: TypeError: ... ValueError: ..."); napoleon needs no blank line.
    text = (
        "Check credentials.\n\n"
        "Args:\n    realm: Scope of protection.\n"
        "Raises:\n    TypeError: If wrong.\n"
        "Returns:\n    bool: Whether they are valid.\n"
    )
    parts = _parts(text)
    assert [part.title for part in parts] == ["", "Parameters", "Raises", "Returns"]
    assert parts[2].fields == (DocField("", "TypeError", "If wrong."),)
    # griffe, as mkdocstrings reads Google docstrings, needs the blank line.
    assert [part.title for part in _parts(text, "google")] == ["", "Parameters", ""]


def test_a_long_run_of_blank_lines_costs_one_pass_to_look_for_sphinx_fields() -> None:
    # Looking for a ':param' line, each line start ran on through the blank lines below it,
    # and with none found after them the search went on from the next: 100 KB of them took
    # 17 s, before any style was read.
    parts = _parts("Sum.\n" + " \n" * 50_000 + "Still summing.\n")
    assert [(p.title, p.text.split()) for p in parts] == [("", ["Sum.", "Still", "summing."])]
    assert [p.fields for p in _parts("Sum.\n" + " \n" * 9 + "  :param x: First.\n")][1]


def test_napoleon_leaves_a_title_it_does_not_know_as_a_heading() -> None:
    # celery.states' module docstring titles its parts "States", "Sets", "Misc" over dashes:
    # griffe read each as a NumPy section, its text (subtitles and all) as one paragraph.
    text = (
        "Built-in task states.\n\n"
        "States\n------\n\nSee the guide.\n\n"
        "Sets\n----\n\nREADY\n~~~~~\n\nReady states.\n\n"
        "``PORT``\n--------\n\nA port.\n\n"
        "Parameters\n----------\nx : int\n    The x.\n"
    )
    parts = _parts(text)
    assert parts == (
        DocPart("", "Built-in task states."),
        DocPart("", "States\n------"),
        DocPart("", "See the guide."),
        DocPart("", "Sets\n----"),
        DocPart("", "READY\n~~~~~\n\nReady states."),
        DocPart("", "``PORT``\n--------"),
        DocPart("", "A port."),
        DocPart("Parameters", fields=(DocField("x", "int", "The x."),)),
    )


def test_a_google_type_listing_several_types_keeps_its_own_parentheses_only() -> None:
    # celery and rich write "loglevel (int, str):"; griffe reads the types as a tuple, and
    # the field showed "loglevel ((int, str))" (25 fields in the audited projects).
    owner = griffe.Function("f", parent=griffe.Module("m"))
    text = "Do.\n\nArgs:\n    level (int, str): The level.\n    pair (tuple[int, str]): Two.\n"
    parts = parse_docstring(griffe.Docstring(text, parent=owner), "auto")
    assert [(f.name, f.annotation) for f in parts[1].fields] == [
        ("level", "int, str"),
        ("pair", "tuple[int, str]"),
    ]


def test_a_role_in_a_google_items_type_is_not_where_the_item_splits() -> None:
    # jsonschema's _RefResolver: "urljoin_cache (:func:`functools.lru_cache`):" read as the
    # item "urljoin_cache (" described ": func:...", and outcome's "Returns: Either a
    # :class:`Value` or ..." as the type "Either a " (napoleon's own example writes
    # "param2 (:obj:`str`, optional): ...").
    text = (
        "Resolve.\n\nArgs:\n    cache (:func:`functools.lru_cache`): A cache.\n"
        "    name (:obj:`str`, optional): The name.\n\n"
        "Returns:\n    Either a :class:`Value` or :class:`Error`.\n"
    )
    parts = _parts(text)
    assert parts[1] == DocPart(
        "Parameters",
        fields=(
            DocField("cache", ":func:`functools.lru_cache`", "A cache."),
            DocField("name", ":obj:`str`, optional", "The name."),
        ),
    )
    assert parts[2] == DocPart(
        "Returns", fields=(DocField("", "", "Either a :class:`Value` or :class:`Error`."),)
    )


def test_napoleon_keeps_optional_in_a_google_items_type() -> None:
    # python-telegram-bot's "base_file_url (:obj:`str`, optional): ..." showed "(`str`)":
    # griffe drops ", optional", which napoleon shows with the type (2,560 of its parameters).
    text = "Make.\n\nArgs:\n    name (str, optional): The name.\n    size (int): The size.\n"
    assert _parts(text)[1] == DocPart(
        "Parameters",
        fields=(
            DocField("name", "str, optional", "The name."),
            DocField("size", "int", "The size."),
        ),
    )
    # mkdocstrings' Google reading shows the type alone, a default apart.
    assert _parts(text, "google")[1].fields[0] == DocField("name", "str", "The name.")


def test_a_piece_of_a_docstring_keeps_the_indent_of_its_lines() -> None:
    # lmfit's Minimizer methods and pyzmq's Socket.send: a ".. versionchanged::" note after
    # two blank lines, read as a piece of its own, lost the indent of the line under it (griffe
    # cleans each text it is given), so "Changed in version 0.9.0." and its note were apart.
    text = (
        "Fit.\n\nReturns\n-------\nMinimizerResult\n    The result.\n\n\n"
        ".. versionchanged:: 0.9.0\n   Return value changed to :class:`MinimizerResult`.\n"
    )
    for style in ("auto", "numpy"):
        assert _parts(text, style)[-1] == DocPart(
            "", ".. versionchanged:: 0.9.0\n   Return value changed to :class:`MinimizerResult`."
        )


def test_napoleon_reads_a_section_that_opens_the_docstring() -> None:
    # python-telegram-bot's Credentials: a docstring that is its "Attributes:" section read
    # as text ("Attributes: secure_data (...): ... nonce (...): ..." in one paragraph), as
    # griffe's guess of the style looks for a section after a blank line.
    text = "\n    Attributes:\n        nonce (str): A nonce.\n        data (bytes): The data.\n"
    assert _parts(text) == (
        DocPart(
            "Attributes",
            fields=(DocField("nonce", "str", "A nonce."), DocField("data", "bytes", "The data.")),
            attribute_items=True,  # napoleon's items, each an object of its own
        ),
    )


def test_napoleon_keeps_optional_only_in_the_section_that_says_it() -> None:
    # An "Attributes:" item 'name (str, optional)' made the parameter 'name (str)' read
    # 'str, optional': the optional types were matched by name across the whole docstring.
    text = (
        "Send.\n\nArgs:\n    timeout (int, optional): Seconds.\n    name (str): The name.\n\n"
        "Attributes:\n    name (str, optional): Or not.\n"
    )
    assert _parts(text)[1] == DocPart(
        "Parameters",
        fields=(
            DocField("timeout", "int, optional", "Seconds."),
            DocField("name", "str", "The name."),
        ),
    )


def test_other_parameters_keep_their_type_as_written() -> None:
    # python-telegram-bot's 109 "Keyword Args: read_timeout (:obj:`float`, optional)" and
    # numpydoc's example "Other Parameters" lost ', optional': the typed kinds were compared
    # as "other_parameters", where griffe's is "other parameters".
    google = "Send.\n\nKeyword Args:\n    read_timeout (float, optional): Seconds.\n"
    numpy = "Send.\n\nOther Parameters\n----------------\nseldom : int, optional\n    Rarely.\n"
    assert _parts(google)[1].fields == (DocField("read_timeout", "float, optional", "Seconds."),)
    assert _parts(numpy, "numpy")[1].fields == (DocField("seldom", "int, optional", "Rarely."),)


def test_napoleon_reads_a_raises_item_without_a_description() -> None:
    # python-telegram-bot's 'Raises: :exc:`TypeError`' (52 items): griffe drops an item with no
    # colon, which the role's colon had given it until roles were shielded from griffe.
    text = (
        "Copy.\n\nRaises:\n    :exc:`TypeError` if `message` is not\n        accessible.\n"
        "    ValueError: When bad.\n    KeyError\n"
    )
    assert _parts(text)[1] == DocPart(
        "Raises",
        fields=(
            DocField("", ":exc:`TypeError` if `message` is not accessible.", ""),
            DocField("", "ValueError", "When bad."),
            DocField("", "KeyError", ""),
        ),
    )
    # jsonschema's FormatChecker.checks: an argument named 'raises' is no Raises section.
    text = "Check.\n\nArgs:\n    raises:\n        Raised when an\n        invalid one.\n"
    field = _parts(text)[1].fields[0]
    assert (field.name, field.description.strip()) == ("raises", "Raised when an\ninvalid one.")


ORMAR_LOAD_ALL = (
    "Refresh the model.\n\n"
    ":param exclude: related models to exclude\n"
    ":param follow: flag to trigger deep save -\n"
    "by default only directly related models are saved\n"
    "with follow=True also related models of related models are saved\n"
    ":type follow: bool\n"
    ":return: reloaded Model\n\n"
    "Text after the fields.\n"
)


def test_mkdocstrings_sphinx_fields_run_on_to_the_next_field_as_griffe_reads_them() -> None:
    # ormar 0.24.0's QuerySet.load_all (46 such fields in its code): griffe, which
    # mkdocstrings reads Sphinx fields with, keeps a description's unindented lines in it;
    # they went below the lists, after "Returns", with the field cut at "deep save -".
    follow = DocField(
        "follow",
        "bool",
        "flag to trigger deep save -\nby default only directly related models are saved\n"
        "with follow=True also related models of related models are saved",
    )
    parts = (
        DocPart("", "Refresh the model."),
        DocPart("Parameters", fields=(DocField("exclude", "", "related models to exclude"),
                                      follow)),
        DocPart("Returns", fields=(DocField("", "", "reloaded Model"),)),
        DocPart("", "Text after the fields."),
    )  # fmt: skip
    assert _parts(ORMAR_LOAD_ALL, GRIFFE_SPHINX) == parts
    assert _parts(ORMAR_LOAD_ALL, INFERRED_STYLE) == parts
    # Sphinx itself (docutils) ends the field list at the unindented line.
    sphinx = _parts(ORMAR_LOAD_ALL, "sphinx")
    assert DocField("follow", "", "flag to trigger deep save -") in sphinx[1].fields


def test_a_line_of_spaced_dashes_is_no_section_underline() -> None:
    # pyerfa 2.0.1.5 quotes ERFA's documentation in a literal block of each function's Notes,
    # under a "- - - - -" banner: griffe took it for an underline, the Notes ended there and
    # the banner's " e r a P v" became an admonition's title over the rest.
    text = (
        "Subtract.\n\nParameters\n----------\na : double array\n\nNotes\n-----\n"
        "Wraps ERFA. Its documentation is::\n\n    - - - - - -\n     e r a P v\n"
        "    - - - - - -\n\n    Subtract one.\n"
    )
    for style in ("auto", "numpy"):
        assert _parts(text, style) == (
            DocPart("", "Subtract."),
            DocPart("Parameters", fields=(DocField("a", "double array", ""),)),
            DocPart("Notes", "Wraps ERFA. Its documentation is::\n\n    - - - - - -\n"
                    "     e r a P v\n    - - - - - -\n\n    Subtract one."),
        )  # fmt: skip


def test_a_long_run_of_spaces_in_a_line_is_read_once_for_section_titles() -> None:
    # A title was matched lazily before optional spaces: from each line's start, each space of
    # a run was tried against each other (100 KB of them, 10 s).
    gap = " " * 100_000
    text = f"A{gap}b.\n\nExamples\n--------\n>>> g()\n"
    assert _parts(text, INFERRED_STYLE) == (
        DocPart("", f"A{gap}b."),
        DocPart("Examples", fields=(DocField("", "pycon", ">>> g()"),), code=True),
    )
