"""builder.api.literal_values: the values builder.api.literal_calls reads code over."""

from __future__ import annotations

from builder.api.literal_values import MAX_TEXT_CHARS, bounded, format_fits, percent_fits


def test_a_percent_template_is_bounded_by_its_fields() -> None:
    assert bounded("%(key)s and %(other)-20s, 100%% of %.3f")
    assert not bounded(f"%(key){MAX_TEXT_CHARS + 1}s")
    assert not bounded("%*s")


def test_a_mapping_key_never_closed_is_unbounded_and_read_once() -> None:
    # Each '%(' of a template whose key is never closed was read to the template's end:
    # quadratic in a text of MAX_TEXT_CHARS, at each '%' a reading runs. % raises on it, so
    # it is unknown; the template is not read field by field.
    assert not bounded("%(" * (MAX_TEXT_CHARS // 2))
    assert not bounded("%(key)s %(")
    assert bounded("(%(key)s)")


def test_a_percent_text_is_sized_before_it_is_made() -> None:
    doc = "d" * 15_000
    assert percent_fits("Alias for %s.\n\n%s", ("capture_event", doc))
    assert percent_fits("%d of %s", (3, "x"))
    # Each argument shown once, or a mapping's once per field that may ask for it.
    assert not percent_fits("%s%s", (doc, doc))
    assert not percent_fits("%(a)s %(a)s", {"a": doc})
    assert percent_fits("%(a)s %(b)s", {"a": "x", "b": "y"})
    # Widths and a float's digits count: '%f' of 1e308 shows 309 of them.
    assert not percent_fits("%15000s and %15000s", ("a", "b"))
    assert not percent_fits("%f" * 100, (1e308,) * 100)
    assert not percent_fits("%*s", (5, "a"))
    # repr() and ascii() show more than the text: a newline, a non-ASCII letter.
    assert not percent_fits("%a", ("é" * 5_000,))


def test_a_format_text_is_sized_before_it_is_made() -> None:
    doc = "d" * 15_000
    assert format_fits("{}\n\n{}", ["Alias", doc], {})
    assert format_fits("{0} and {name}", ["a"], {"name": "b"})
    # One argument named many times is shown each time.
    assert not format_fits("{0}" * 200, ["x" * 1_000], {})
    assert not format_fits("{doc} {doc}", [], {"doc": doc})
    # An attribute or an index of an argument counts as the value it reads.
    assert not format_fits("{0[doc]}{0[doc]}", [{"doc": doc}], {})
    assert format_fits("{0[0]}" * 100, [doc], {})
    assert not format_fits("{:15000}{:15000}", ["a", "b"], {})
    # A field format raises on is no text at all: nothing is made, and format says why.
    assert format_fits("{missing}", [], {})


def test_a_field_is_sized_by_the_value_it_reads_not_the_whole_mapping() -> None:
    # A mapping of docstrings read one key a field ('%(name)s', '{0[name]}', '{docs[name]}')
    # was counted whole at each field: three short fields of a mapping holding one long text
    # were refused, though they show three characters.
    docs = {"a": "x", "long": "d" * 15_000}
    assert percent_fits("%(a)s %(a)s %(a)s", docs)
    assert format_fits("{0[a]} {0[a]} {0[a]}", [docs], {})
    assert format_fits("{[a]} {docs[a]} {docs[a]}", [docs], {"docs": docs})
    # The long value named twice, or the mapping shown whole, is still too long.
    assert not percent_fits("%(long)s %(long)s", docs)
    assert not percent_fits("%s %s", (docs, docs))
    assert not format_fits("{0[long]}{0[long]}", [docs], {})
    # A key or attribute that is not there: format raises, nothing is made.
    assert format_fits("{0[missing]}{0.nothing}", [docs], {})


def test_a_text_in_another_script_counts_as_long_as_it_shows() -> None:
    # Every argument was counted as ascii() shows it: a Chinese or Russian docstring of 4,000
    # letters counted as 24,000 ('\u4e2d' for each), and '%s' or '{}' of it was refused though
    # it shows 4,000 characters. Only the 'a' conversion escapes them.
    doc = "中文文档" * 1_000
    assert percent_fits("Alias for %s.\n\n%s", ("capture", doc))
    assert percent_fits("%(doc)r", {"doc": doc})
    assert format_fits("{}\n\n{doc!s:>10}", ["Alias"], {"doc": doc})
    assert not percent_fits("%s and %a", ("x", doc))
    assert not format_fits("{0!a}", [doc], {})
    assert not percent_fits("%s%s%s%s%s%s", (doc,) * 6)
