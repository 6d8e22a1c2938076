"""builder.parsers.markdown.kramdown_callouts: ``{: .warning }`` over a block names its kind."""

from __future__ import annotations

from builder.parsers.markdown.kramdown_callouts import rewrite_kramdown_callouts
from builder.parsers.markdown.parser import parse

PAGE = (
    "# Callouts\n\n"
    "{: .warning }\nA paragraph about danger.\n\n"
    "{: .note-title }\n> My note title\n>\n> A paragraph with a title.\n\n"
    "{: .btn }\n[A button](#)\n\n"
    "```markdown\n{: .important }\nShown as written.\n```\n"
)


def test_a_callout_s_attribute_list_is_its_kind() -> None:
    # just-the-docs 0.12.0: callouts named by their kind 0 -> 35 (its callouts page showed
    # "A paragraph..." under each of its five kinds).
    [section] = parse(PAGE, "docs/callouts.md").sections
    assert section.body.startswith("Warning: A paragraph about danger.\n\nNote:\n\n> My note")
    assert "{: .btn }" not in section.body and "A button" in section.body
    assert "```markdown\n{: .important }\nShown as written.\n```" in section.body


def test_an_attribute_list_with_nothing_after_it_stays() -> None:
    for text in ("{: .warning }", "{: .warning }\n\nText.", "{: .warning .wide }\nText."):
        assert rewrite_kramdown_callouts(text) == text
    many = "{: .note }\n" * 50_000 + "Text."
    assert rewrite_kramdown_callouts(many).count("\n") == many.count("\n")
