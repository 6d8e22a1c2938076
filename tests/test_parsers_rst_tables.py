"""The reST reader's tables, and MyST's table directives: simple and grid tables read as rows,
spanning cells read whole, cells holding code read a record per row, wide characters counted
twice."""

from __future__ import annotations

from builder.parsers.markdown.parser import parse as parse_markdown
from tests.rst_support import _body, _sections


def test_tables_become_rows() -> None:
    text = (
        "====  =====\nA     B\n====  =====\n1     one\n2     two\n      more\n====  =====\n\n"
        "+-----+-----+\n| h1  | h2  |\n+=====+=====+\n"
        "| a   | b   |\n| c   |     |\n+-----+-----+\n\n"
        '.. csv-table:: Numbers\n   :header: "n", "name"\n\n   1, "one, uno"\n\n'
        ".. list-table::\n   :header-rows: 1\n\n   * - x\n     - y\n   * - ``1``\n     - 2\n"
    )
    assert _body(text) == (
        "A | B\n1 | one\n2 | two more\n\n"
        "h1 | h2\na c | b\n\n"
        "Numbers\n\nn | name\n1 | one, uno\n\n"
        "x | y\n`1` | 2"
    )


def test_a_table_directive_keeps_its_title_in_rest_and_myst() -> None:
    # jsonschema 4.26.0's referencing.rst: ".. table:: Rough equivalence between
    # `_RefResolver` and `referencing.Registry` APIs" over the migration table.
    text = (
        ".. table:: Rough equivalence of `A` and `B`\n   :widths: auto\n\n"
        "   =====  =====\n   Old    New\n   =====  =====\n   a      b\n   =====  =====\n"
    )
    assert _body(text) == "Rough equivalence of `A` and `B`\n\nOld | New\na | b"
    page = "# T\n\n```{table} My *caption*\n:widths: auto\n\n| a | b |\n|---|---|\n| 1 | 2 |\n```\n"
    assert parse_markdown(page, "x.md").sections[0].body == "My caption\n\na | b\n1 | 2"


def test_grid_table_cells_spanning_columns_or_rows_are_read_whole() -> None:
    text = (
        "+--------+---------+-------+\n"
        "| Name   | Kind    | Notes |\n"
        "+========+=========+=======+\n"
        "| alpha  | This cell spans.|\n"
        "+--------+---------+-------+\n"
        "| beta   | Spans   | - one |\n"
        "+--------+ two     | - two |\n"
        "| gamma  | rows.   |       |\n"
        "+--------+---------+-------+\n"
    )
    # Each cell joins the row it starts in, its lines joined; no word is cut at a column.
    assert _body(text) == (
        "Name | Kind | Notes\nalpha | This cell spans.\nbeta | Spans two rows. | one; two\ngamma"
    )


def test_rows_below_a_cell_spanning_rows_keep_their_columns() -> None:
    # loguru 0.7.3's time tokens: the rows under "Year" read "YY | 00, 01 ... 12, 13", the
    # token under "Year" and its output under "Token".
    text = (
        "+------+-------+--------+\n"
        "|      | Token | Output |\n"
        "+======+=======+========+\n"
        "| Year | YYYY  | 2000   |\n"
        "|      +-------+--------+\n"
        "|      | YY    | 00     |\n"
        "+------+-------+--------+\n"
        "| Day  | D     | 1      |\n"
        "+------+-------+--------+\n"
    )
    assert _body(text) == " | Token | Output\nYear | YYYY | 2000\n | YY | 00\nDay | D | 1"


def test_a_long_grid_table_keeps_the_columns_of_the_rows_a_cell_spans() -> None:
    # Every cell looked at every row of the table for the rows it spans, quadratic in a long
    # table (10,000 rows: 4.0 s); the rows a cell spans are still each given its empty cell.
    spanned = "|      +-------+\n".join(f"|      | t{n:<5}|\n" for n in range(2000))
    rows = "".join(f"| r{n:<4}| u{n:<5}|\n+------+-------+\n" for n in range(2000))
    text = f"+------+-------+\n| Span | t     |\n|      +-------+\n{spanned}"
    text += f"+------+-------+\n{rows}"
    lines = _body(text).split("\n")
    assert lines[:3] == ["Span | t", " | t0", " | t1"]
    assert lines[2000:2003] == [" | t1999", "r0 | u0", "r1 | u1"]
    assert len(lines) == 4001 and lines[-1] == "r1999 | u1999"


def test_columns_past_the_first_a_cell_spans_hold_empty_cells() -> None:
    # python-can 4.6.1's comparison of virtual interfaces: "Implementation" came right after
    # "Applicability", over the second of the four columns "Applicability" spans.
    text = (
        "+------+---------------+-----+\n"
        "| Name | Applicability | Imp |\n"
        "|      +---+---+---+---+     |\n"
        "|      | 1 | 2 | 3 | 4 |     |\n"
        "+------+---+---+---+---+-----+\n"
        "| a    | x | y | z | w | i   |\n"
        "+------+---+---+---+---+-----+\n"
        "| b    | The rest of row.    |\n"
        "+------+---+---+---+---+-----+\n"
    )
    assert _body(text) == (
        "Name | Applicability |  |  |  | Imp\n | 1 | 2 | 3 | 4\na | x | y | z | w | i\n"
        "b | The rest of row."
    )


def test_line_blocks_and_lists_in_cells_read_as_items_not_columns() -> None:
    # coverage 7.6.1's source.rst: a list-table of path patterns whose cells list the files
    # each matches as line blocks read "`a*.py` | | anything.py | sub1/sub2/another.py | |
    # cat.py"; a bullet list in a list-table cell made each item a column of its own.
    text = (
        ".. list-table::\n   :header-rows: 1\n\n"
        "   * - Pattern\n     - Matches\n     - Doesn't Match\n"
        "   * - ``a*.py``\n     - | anything.py\n       | sub1/sub2/another.py\n"
        "     - | cat.py\n"
        "   * - ``sub/*``\n     - Any file below, such as:\n\n       - sub/a.py\n"
        "       - sub/b/c.py\n     - ``top.py``\n\n"
        "+-------+------------+\n| Shell | Prompt     |\n+=======+============+\n"
        "| bash  | | $        |\n|       | | # (root) |\n+-------+------------+\n"
    )
    assert _body(text) == (
        "Pattern | Matches | Doesn't Match\n"
        "`a*.py` | anything.py; sub1/sub2/another.py | cat.py\n"
        "`sub/*` | Any file below, such as: sub/a.py; sub/b/c.py | `top.py`\n\n"
        "Shell | Prompt\nbash | $; # (root)"
    )


def test_a_grid_table_whose_cells_hold_code_is_read_a_record_per_row() -> None:
    # Cython 3.3.0's external_C_code.rst: a C declaration and its Cython counterparts per row,
    # each cell a code block; joined into a row they read ".. code-block:: c struct Foo {
    # ... }; | :: cdef struct Foo: ... | Cython will refer to the type as ...".
    text = (
        "+-------------------+--------------------+-----------------+\n"
        "| C code            | Cython             | Comments        |\n"
        "+===================+====================+=================+\n"
        "| .. code-block:: c | ::                 | Refers to it as |\n"
        "|                   |                    | ``struct Foo``. |\n"
        "|   struct Foo {    |   cdef struct Foo: |                 |\n"
        "|     ...           |     ...            |                 |\n"
        "|   };              |                    |                 |\n"
        "+-------------------+--------------------+-----------------+\n"
        "| ``int x;``        | ``cdef int x``     |                 |\n"
        "+-------------------+--------------------+-----------------+\n"
    )
    assert _body(text) == (
        "C code:\n```c\nstruct Foo {\n  ...\n};\n```\n\n"
        "Cython:\n```\ncdef struct Foo:\n  ...\n```\n\n"
        "Comments: Refers to it as `struct Foo`.\n\n"
        "C code: `int x;`\n\nCython: `cdef int x`"
    )


def test_simple_and_list_tables_whose_cells_hold_code_are_read_a_record_per_row() -> None:
    # pydata-sphinx-theme 0.24.0's kitchen-sink tables.rst: a simple table of install commands,
    # each a code-block, read "PyPI | .. code-block:: bash pip install pip installer"; a
    # list-table's cell with a directive was joined into its row the same way.
    text = (
        "=======  =============================\n"
        "Version  Installing\n"
        "=======  =============================\n"
        "PyPI     .. code-block:: bash\n"
        "\n"
        "            pip install pip installer\n"
        "\n"
        "Git      ``pip install git+https://x``\n"
        "=======  =============================\n"
        "\n"
        ".. list-table:: Install it\n"
        "   :header-rows: 1\n"
        "\n"
        "   * - Tool\n"
        "     - Command\n"
        "   * - conda\n"
        "     - Run::\n"
        "\n"
        "          conda install shop\n"
        "\n"
        "=====  =====\nA      B\n=====  =====\n1      2\n=====  =====\n"
        "\n"
        ".. list-table::\n"
        "\n"
        "   * - ``--fast``\n"
        "     - .. note:: Skips the checks.\n"
    )
    assert _body(text) == (
        "Version: PyPI\n\nInstalling:\n```bash\npip install pip installer\n```\n\n"
        "Version: Git\n\nInstalling: `pip install git+https://x`\n\n"
        "Install it\n\n"
        "Tool: conda\n\nCommand: Run:\n\n```\nconda install shop\n```\n\n"
        "A | B\n1 | 2\n\n"
        "`--fast` | Note: Skips the checks."  # cells of a line each: still a row
    )


def test_a_grid_table_whose_cells_do_not_close_is_read_by_columns() -> None:
    text = "+-----+-----+\n| a   | b   |\n| c   | d\n+-----+-----+\n"  # no right edge
    assert _body(text) == "a c | b d"


def test_table_columns_count_wide_characters_twice() -> None:
    # docutils lines columns up by display width: a CJK character or an emoji takes two.
    text = (
        "=====  ========  ===\nname   summary   ok\n=====  ========  ===\n"
        "logot  日志 🪵   yes\nplain  text      no\n=====  ========  ===\n\n"
        "+------+----+\n| 名前 | x  |\n+------+----+\n"
    )
    assert _body(text) == (
        "name | summary | ok\nlogot | 日志 🪵 | yes\nplain | text | no\n\n名前 | x"
    )


def test_a_row_of_icons_keeps_its_first_cell() -> None:
    # tugboat's template coverage table: "HTTP template | :octicon:`x` | :octicon:`x`", whose
    # icons read as nothing, was left out with the rows of badges, and the template with it.
    text = (
        ".. list-table::\n   :header-rows: 1\n\n"
        "   * - Template\n     - Checked\n"
        "   * - HTTP template\n     - :octicon:`x`\n"
        "   * - Badges\n     - |docs|\n\n"
        ".. |docs| image:: https://img.shields.io/readthedocs/x\n"
    )
    assert _body(text) == "Template | Checked\nHTTP template |"


def test_a_myst_csv_table_reads_its_quoted_header_and_a_folded_one() -> None:
    # A header of quoted names starts and ends with a quote: no one quoted YAML scalar. Read
    # as one, its inner quotes were left in, and the rows below read off by a quote.
    quoted = '# T\n\n```{csv-table} C\n:header: "Name", "Value"\n\n"a, b", 1\nc, 2\n```\n'
    assert parse_markdown(quoted, "x.md").sections[0].body == "C\n\nName | Value\na, b | 1\nc | 2"
    # MyST-Parser's own tables page: ":header: >" over the header's line, a folded block.
    folded = (
        '# T\n\n```{csv-table} Frozen Delights!\n:header: >\n:    "Treat", "Quantity"\n'
        ':widths: 15, 10\n\n"Albatross", 2.99\n```\n'
    )
    assert parse_markdown(folded, "x.md").sections[0].body == (
        "Frozen Delights!\n\nTreat | Quantity\nAlbatross | 2.99"
    )
    fenced = "# T\n\n```{csv-table}\n---\nheader: |-\n  a, b\n---\n1, 2\n```\n"
    assert parse_markdown(fenced, "x.md").sections[0].body == "a | b\n1 | 2"


def test_a_grid_table_may_have_a_column_of_no_width() -> None:
    # numba 0.67.0's table of supported versions: its top border's "++" is a column every
    # first cell spans, as docutils reads it; the table read as one paragraph of its borders.
    table = (
        "+------++------+--------------+\n"
        "| Numba | Date | NumPy        |\n"
        "+=======+======+==============+\n"
        "| 0.67  | 2026 | 1.22 <= v ;  |\n"
        "|       |      | 2.0 <= v     |\n"
        "+-------+------+--------------+\n"
    )
    assert _body(table) == "Numba | Date | NumPy\n0.67 | 2026 | 1.22 <= v ; 2.0 <= v"
    # A line of pluses alone is no border.
    assert _body("++\n") == "++"


def test_a_table_of_object_descriptions_keeps_each_object_a_section() -> None:
    # asyncssh 2.10.1's api.rst groups each class's methods in one-column tables, headed
    # "File transfer methods" over a row of ".. automethod:: get" each: Sphinx renders each
    # method as it does outside a table, with its own entry; read as a record per row, 467 of
    # its 595 objects were lines of their class's text, none a section.
    text = (
        "Client\n======\n\n"
        ".. py:class:: Client\n\n"
        "   A client.\n\n"
        "   ======================== =\n"
        "   File transfer methods\n"
        "   ======================== =\n"
        "   .. py:method:: get(path)\n"
        "   .. py:method:: put(path)\n"
        "   ======================== =\n"
    )
    assert [(s.heading, s.body) for s in _sections(text)] == [
        ("Client", ""),
        ("Client", "`Client`\n\nA client.\n\nFile transfer methods"),
        ("Client.get", "`get(path)`"),
        ("Client.put", "`put(path)`"),
    ]
    # A table whose cells hold other directives is still a record per row.
    assert _body(
        "======  ===================\nName    Example\n======  ===================\n"
        "get     .. code-block:: python\n\n           get(path)\n"
        "======  ===================\n"
    ) == ("Name: get\n\nExample:\n```python\nget(path)\n```")
