"""builder.api.literal_values: the values builder.api.literal_calls reads code over."""

from __future__ import annotations

from builder.api.literal_values import MAX_TEXT_CHARS, bounded


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
