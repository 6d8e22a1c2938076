"""builder.api.epytext: epytext docstrings (pydoctor's format) read as Sphinx-style ones."""

from __future__ import annotations

import griffe

from builder.api.docstrings import parse_docstring
from builder.api.epytext import MAX_MARKUP_DEPTH, _split_link, inline_markup, is_epytext
from builder.api.model import DocField, DocPart


def test_epytext_fields_and_markup_become_lists_and_rest() -> None:
    # pydoctor 25.10.1's docs: its epytext_demo package (a page pydoctor writes) showed
    # '@param', '@rtype' and 'C{...}', 'L{...}' as written, in whatever style was asked.
    text = (
        "Make a L{shop<pkg.Shop>} of C{size} I{items}.\n\n"
        "@param size: How many, at most C{100}.\n"
        "@type size: C{int}\n"
        "@return: The new L{pkg.Shop}.\n"
        "@rtype: L{pkg.Shop}\n"
        "@raise ValueError: When C{size} is negative.\n"
        "@note: Shops are cheap.\n\n"
        "Example::\n\n    @property\n    def f(self): return {1: 2}\n"
    )
    size = DocField("size", "``int``", "How many, at most ``100``.")
    shop = DocField("", "``pkg.Shop``", "The new ``pkg.Shop``.")
    raised = DocField("ValueError", "", "When ``size`` is negative.")
    after = "Note: Shops are cheap.\n\nExample::\n\n    @property\n    def f(self): return {1: 2}"
    for style in ("google", "numpy", "sphinx", "auto"):
        assert parse_docstring(griffe.Docstring(text), style) == (
            DocPart("", "Make a ``shop`` of ``size`` *items*."),
            DocPart("Parameters", fields=(size,)),
            DocPart("Returns", fields=(shop,)),
            DocPart("Raises", fields=(raised,)),
            DocPart("", after),
        )


def test_inline_markup_nests_and_leaves_what_is_not_markup() -> None:
    assert inline_markup("B{bold I{and} more}, U{docs<https://x.invalid>}, E{lb}x") == (
        "**bold *and* more**, docs (https://x.invalid), {x"
    )
    assert (
        inline_markup("a dict {C{k}: v} and d{x} and C{open")
        == "a dict {``k``: v} and d{x} and C{open"
    )
    # Markup nested past the limit is text, so a long run of it costs one pass.
    deep = "I{" * (MAX_MARKUP_DEPTH + 3) + "x" + "}" * (MAX_MARKUP_DEPTH + 3)
    assert inline_markup(deep).count("I{") == 3
    wide = inline_markup("C{" * 50_000 + "}" * 50_000)
    assert wide.startswith("``C{C{") and wide.endswith("}}``")


def test_only_epytext_is_read_as_epytext() -> None:
    assert is_epytext("@param x: y") and is_epytext("See L{pkg.name}.")
    assert not is_epytext("@property\ndef f(self): ...")
    assert not is_epytext("Use f'{x}' or $L{y} or \\mathcal{L}.")


def test_a_link_splits_at_its_last_angle_bracket() -> None:
    assert _split_link("text <a.b>  ") == ("text", "a.b")
    assert _split_link("a < b <c>") == ("a < b", "c")
    assert _split_link("<c>") == ("", "c")
    assert _split_link("a <b> c") is None
    assert _split_link("a <b>>") is None
    assert _split_link("no target") is None
    # 100 KB of spaced words, then a "<" never closed: read once, not once per space.
    spaced = "x " * 25_000 + "<" + " " * 25_000
    assert _split_link(spaced) is None
    assert inline_markup("U{" + spaced + "}") == spaced


def test_google_and_numpy_docstrings_with_look_alikes_keep_their_sections() -> None:
    # Each read as epytext, hence as Sphinx fields: "Args:" and "Returns:" were plain text.
    for text in (
        "Add.\n\nArgs:\n    x: the value, as in ``C{x}``.\n\nReturns:\n    The sum.",
        "Add.\n\nArgs:\n    x: the value.\n\nReturns:\n    The sum.\n\n"
        'Example::\n\n    @deprecated("since 2: use g")\n    def g(): ...',
    ):
        assert not is_epytext(text)
        parts = parse_docstring(griffe.Docstring(text), "google")
        assert [part.title for part in parts][:3] == ["", "Parameters", "Returns"]
    assert not is_epytext("Shape (N, C{H}W).\n\nParameters\n----------\nx : int\n    The value.")
    assert is_epytext("Add I{x} to L{total}.")  # no other style's sections: epytext's markup
