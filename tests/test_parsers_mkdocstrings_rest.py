"""reST written in the docstrings a mkdocstrings ``::: path`` block shows, read as Sphinx
shows it."""

from __future__ import annotations

from pathlib import Path

from builder.api.code import GriffeSource
from builder.api.model import ApiSettings
from builder.parsers import parse_file


def test_a_docstrings_rest_literal_blocks_are_code(tmp_path: Path) -> None:
    # prompt_toolkit 3.0.53: "Usage::" and a lone "::" stayed as written, and a block under
    # a list item ("* Print HTML as follows::") ran into one line of text.
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text(
        'def f():\n    """Text. E.g.\n\n    ::\n\n        ANSI("a")\n\n    Usage::\n\n'
        "        app = App()\n\n        app.run()\n\n    - Print as follows::\n\n"
        "          show(x)\n          more()\n\n    .. note::\n\n        Kept a note.\n\n"
        '    Done::\n    """\n',
        encoding="utf-8",
    )
    parsed = parse_file("api.md", "# API\n\n::: pkg\n", GriffeSource(tmp_path, ApiSettings(), ""))
    assert parsed is not None
    assert parsed.sections[-1].body == (
        '`f()`\n\nText. E.g.\n\n```\nANSI("a")\n```\n\n'
        "Usage:\n\n```\napp = App()\n\napp.run()\n```\n\n"
        "- Print as follows:\n\n  ```\n  show(x)\n  more()\n  ```\n\n"
        "Note: Kept a note.\n\nDone::"
    )


def test_a_docstrings_rest_links_are_links(tmp_path: Path) -> None:
    # pyfakefs 6.3.2 and pyinstrument 5.1.3 write "`io.open_code <https://...>`__", which
    # Markdown showed as code, marks and address and all.
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text(
        'def f():\n    """How `io.open_code <https://docs.example/io>`__ is patched, in an\n'
        '    `async context <https://docs.example/cv>`_, not ``a <b>`_``.\n    """\n',
        encoding="utf-8",
    )
    parsed = parse_file("api.md", "# API\n\n::: pkg\n", GriffeSource(tmp_path, ApiSettings(), ""))
    assert parsed is not None
    assert parsed.sections[-1].body == (
        "`f()`\n\nHow io.open_code is patched, in an async context, not ``a <b>`_``."
    )


def test_a_docstrings_rest_math_is_a_math_fence(tmp_path: Path) -> None:
    # pygsp 0.6.1 and gstools 1.7.0 (NumPy docstrings, API pages from their code): 98
    # ".. math::" stayed as written, each formula run into one line that lost a backslash of
    # each "\\" and "\|".
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text(
        'def f():\n    r"""Frame bounds.\n\n    Notes\n    -----\n    Given by:\n\n'
        "    .. math:: A \\|x\\|^2 \\leq B,\n              \\text{ where } a \\\\ b\n\n"
        "    and\n\n    .. math::\n       :label: eq\n\n       c = D^* s\n\n    Done.\n"
        '    """\n',
        encoding="utf-8",
    )
    parsed = parse_file("api.md", "# API\n\n::: pkg\n", GriffeSource(tmp_path, ApiSettings(), ""))
    assert parsed is not None
    assert parsed.sections[-1].body == (
        "`f()`\n\nFrame bounds.\n\nNotes\n\nGiven by:\n\n"
        "```math\nA \\|x\\|^2 \\leq B,\n\\text{ where } a \\\\ b\n```\n\n"
        "and\n\n```math\nc = D^* s\n```\n\nDone."
    )


def test_a_docstrings_rest_code_version_and_image_directives_read_as_sphinx_shows_them(
    tmp_path: Path,
) -> None:
    # asyncstdlib 3.14.0, cyclopts 5.5.2, param 2.4.2 and questionary 2.1.1 (API pages from
    # their code): ".. code:: python3", ".. versionadded:: 2.3.0" and ".. image:: x.gif"
    # stayed as written, the code under the first fenced with no language.
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text(
        'def f(x):\n    """Use it so:\n\n    .. code-block:: python3\n       :linenos:\n\n'
        "        f(1)\n\n        f(2)\n\n    .. image:: ../images/f.gif\n\n"
        "    .. image:: g.png\n       :alt: A prompt\n\n    Args:\n"
        "        x (int): The value.\n\n            .. versionadded:: 2.3.0\n\n"
        "    .. deprecated:: 3.0 Use g,\n       which is faster.\n\n"
        '    .. code:: text\n\n        plain\n    """\n',
        encoding="utf-8",
    )
    parsed = parse_file("api.md", "# API\n\n::: pkg\n", GriffeSource(tmp_path, ApiSettings(), ""))
    assert parsed is not None
    assert parsed.sections[-1].body == (
        "`f(x)`\n\nUse it so:\n\n```python3\nf(1)\n\nf(2)\n```\n\nA prompt\n\n"
        "Parameters:\n- x (int): The value.\n\n  Added in version 2.3.0.\n\n"
        "Deprecated since version 3.0: Use g, which is faster.\n\n```\nplain\n```"
    )


def test_a_docstrings_role_cut_by_a_line_break_reads_as_sphinx_shows_it(tmp_path: Path) -> None:
    # diskcache 5.6.3 and jsonargparse 4.53.0 wrap a role's text onto the next line
    # (":meth:`Cache.push" then "<diskcache.Cache.push>`"): it stayed as written.
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text(
        'def f():\n    """For example :meth:`Cache.push\n    <pkg.Cache.push>`, or\n'
        "    :func:`pull`.\n\n    ::\n\n        not :meth:`a\n        b`\n"
        '    """\n',
        encoding="utf-8",
    )
    parsed = parse_file("api.md", "# API\n\n::: pkg\n", GriffeSource(tmp_path, ApiSettings(), ""))
    assert parsed is not None
    assert parsed.sections[-1].body == (
        "`f()`\n\nFor example `Cache.push`, or `pull`.\n\n```\nnot :meth:`a\nb`\n```"
    )


def test_a_docstrings_object_descriptions_show_their_signature_and_text(tmp_path: Path) -> None:
    # tortoise-orm 1.1.9's BaseDBAsyncClient describes its class attributes with
    # ".. attribute:: query_class" and ":annotation: type[Query]": the lines stayed as written
    # and each description became code.
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text(
        'class C:\n    """A client.\n\n    .. attribute:: query_class\n'
        "        :annotation: type[Query]\n\n        The query dialect, see :class:`Query`.\n\n"
        "    .. py:data:: limit\n       :type: int\n       :value: 3\n\n"
        "    .. method:: run(x)\n\n        Runs it.\n\n        Twice.\n"
        '    """\n',
        encoding="utf-8",
    )
    parsed = parse_file("api.md", "# API\n\n::: pkg\n", GriffeSource(tmp_path, ApiSettings(), ""))
    assert parsed is not None
    assert parsed.sections[-1].body == (
        "`C()`\n\nA client.\n\n`query_class: type[Query]`\n\nThe query dialect, see `Query`.\n\n"
        "`limit: int = 3`\n\n`run(x)`\n\nRuns it.\n\nTwice."
    )


def test_a_docstrings_titled_admonition_reads_as_its_title_over_its_text(tmp_path: Path) -> None:
    # tortoise-orm 1.1.9's Tortoise.init: ".. admonition:: Example" over a ".. code-block::
    # python3" in a parameter's description stayed as written, the code nested in a second fence;
    # returns 0.30.0's ".. rubric:: Important implementation details" and pyinaturalist
    # 0.21.1's ".. dropdown:: Example Response" (sphinx-design) stayed as written.
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text(
        'def f(config):\n    """Start.\n\n    .. rubric:: Details\n\n    .. admonition:: Why\n\n'
        "        Because.\n\n    .. dropdown:: Example Response\n        :color: primary\n\n"
        "        >>> f(1)\n\n"
        "    Args:\n        config: A dict:\n\n            .. admonition:: Example\n\n"
        "                .. code-block:: python3\n\n                    {'a': 1}\n"
        '    """\n',
        encoding="utf-8",
    )
    parsed = parse_file("api.md", "# API\n\n::: pkg\n", GriffeSource(tmp_path, ApiSettings(), ""))
    assert parsed is not None
    assert parsed.sections[-1].body == (
        "`f(config)`\n\nStart.\n\nDetails\n\nWhy: Because.\n\nExample Response:\n\n"
        "```pycon\n>>> f(1)\n```\n\nParameters:\n- config: A dict:\n\n"
        "  Example:\n\n```python3\n{'a': 1}\n```"
    )


def test_a_docstrings_directive_in_a_block_quote_is_no_code(tmp_path: Path) -> None:
    # optax 0.2.8's adagrad indents its ".. math::" under a paragraph, a block quote in reST:
    # four spaces in, Markdown read the math fence as code, its marks shown as text.
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text(
        'def f():\n  r"""The form:\n\n      .. math::\n\n        w_{t+1} = w_t\n\n  where:\n\n'
        "  - a list:\n\n        .. code-block:: python\n\n           g(1)\n"
        '  """\n',
        encoding="utf-8",
    )
    parsed = parse_file("api.md", "# API\n\n::: pkg\n", GriffeSource(tmp_path, ApiSettings(), ""))
    assert parsed is not None
    assert parsed.sections[-1].body == (
        "`f()`\n\nThe form:\n\n```math\nw_{t+1} = w_t\n```\n\nwhere:\n\n- a list:\n\n"
        "  ```python\n  g(1)\n  ```"
    )


def test_a_docstrings_directives_nested_past_a_depth_stay_as_written(tmp_path: Path) -> None:
    # Each nested directive read its content again, one call deeper: a docstring of a thousand
    # admonitions, each indented under the last, ran out of stack (RecursionError).
    (tmp_path / "pkg").mkdir()
    nested = "\n".join(f"    {' ' * depth}.. admonition:: T{depth}\n" for depth in range(1000))
    (tmp_path / "pkg" / "__init__.py").write_text(
        f'def f():\n    """Start.\n\n{nested}\n    """\n', encoding="utf-8"
    )
    parsed = parse_file("api.md", "# API\n\n::: pkg\n", GriffeSource(tmp_path, ApiSettings(), ""))
    assert parsed is not None
    body = parsed.sections[-1].body
    assert body.startswith("`f()`\n\nStart.\n\nT0:\n\nT1:\n\n")
    assert "T7: .. admonition:: T8" in body


def test_a_docstrings_own_directive_shows_its_content_as_sphinx_does(tmp_path: Path) -> None:
    # pyvista 0.49.2 writes each example in ".. pyvista-plot::" with ":force_static:": the
    # directive's line stayed, its option ran into it, and its prose and doctests came out as
    # one block of code (222 such lines in its API pages). doctest's ".. testcode::" is
    # Python, ".. testsetup::" Sphinx does not show, nor ".. only:: latex".
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text(
        'def f():\n    """Start.\n\n    .. pyvista-plot::\n        :force_static:\n\n'
        "        Load an image.\n\n        >>> image = load()\n        >>> image.show()\n\n"
        "        Then plot it.\n\n    .. testsetup::\n\n        import secret\n\n"
        "    .. testcode::\n\n        print(f())\n\n    .. only:: latex\n\n        PDF only.\n\n"
        "    .. jupyter-execute::\n\n        import pkg\n        pkg.f()\n\n"
        "    .. tab:: Shell\n\n        $ pkg run\n\n    End.\n"
        '    """\n',
        encoding="utf-8",
    )
    parsed = parse_file("api.md", "# API\n\n::: pkg\n", GriffeSource(tmp_path, ApiSettings(), ""))
    assert parsed is not None
    assert parsed.sections[-1].body == (
        "`f()`\n\nStart.\n\nLoad an image.\n\n```pycon\n>>> image = load()\n"
        ">>> image.show()\n```\n\nThen plot it.\n\n```python\nprint(f())\n```\n\n"
        "```python\nimport pkg\npkg.f()\n```\n\nShell\n\n```console\n$ pkg run\n```\n\nEnd."
    )


def test_a_docstrings_unknown_directives_malformed_or_huge_stay_readable(tmp_path: Path) -> None:
    # Hostile docstrings: a directive with options and no content stays as written, one
    # nested in itself a thousand times stops at the depth limit, and one holding 50,000
    # lines is read once (its content is not parsed as Python past MAX_PYTHON_CHARS).
    (tmp_path / "pkg").mkdir()
    nested = "\n".join(f"    {' ' * depth}.. box::\n" for depth in range(1000))
    huge = "\n".join(f"        line {number} of text" for number in range(50_000))
    (tmp_path / "pkg" / "__init__.py").write_text(
        f'def f():\n    """Start.\n\n    .. thumb:: 11\n        :size: 2\n\n{nested}\n\n'
        f'    .. box::\n\n{huge}\n    """\n',
        encoding="utf-8",
    )
    parsed = parse_file("api.md", "# API\n\n::: pkg\n", GriffeSource(tmp_path, ApiSettings(), ""))
    assert parsed is not None
    body = parsed.sections[-1].body
    assert body.startswith("`f()`\n\nStart.\n\n.. thumb:: 11")
    assert ".. box::" in body  # past the depth limit
    assert "\n\nline 0 of text line 1 of text" in body  # a paragraph, not code
    assert body.endswith("line 49998 of text line 49999 of text")


def test_a_docstrings_admonition_with_a_space_before_its_colons_is_one(tmp_path: Path) -> None:
    # docutils reads ".. note ::" as the note; it stayed as written.
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text(
        'def f():\n    """Text.\n\n    .. note ::\n\n        Kept a note.\n    """\n',
        encoding="utf-8",
    )
    parsed = parse_file("api.md", "# API\n\n::: pkg\n", GriffeSource(tmp_path, ApiSettings(), ""))
    assert parsed is not None
    assert parsed.sections[-1].body == "`f()`\n\nText.\n\nNote: Kept a note."
