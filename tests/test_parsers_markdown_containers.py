"""builder.parsers.markdown.containers: the tokens markdown-it-container makes, in one pass."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from markdown_it import MarkdownIt
from markdown_it.token import Token
from mdit_py_plugins.container import container_plugin as reference_plugin

from builder.parsers.markdown import block_rules
from builder.parsers.markdown.containers import _Reading, container_plugin


def markdown(plugin: object) -> MarkdownIt:
    md = MarkdownIt("commonmark")
    md.use(plugin, name="admonition", validate=block_rules._is_container_name)
    md.use(plugin, name="blocks", marker="/", validate=block_rules._is_block_header)
    md.options["maxNesting"] = 128  # as builder.parsers.markdown.block_rules sets it
    return md


def shape(tokens: list[Token]) -> list[tuple[object, ...]]:
    # A closing token's markup is left out: for a container left open, the plugin's is
    # whichever line it read last, and nothing reads it.
    return [
        (t.type, t.level, t.map, t.info if t.nesting == 1 else "", t.content)
        + ((t.markup,) if t.nesting != -1 else ())
        for t in tokens
    ]


CASES = [
    "::: tip\ntext\n:::\n",
    ":::: note Outer\n::: tip\ninner\n:::\nafter\n::::\n",
    "::: tip\nnever closed\n\n::: note\nnor this\n",
    ":::: tip\n:::\n:::\ntext\n::::\n",
    "::: tip\n    :::\nstill inside\n:::\n",
    "- item\n  ::: tip\n  in the item\nlazy\n- next\n",
    "- item\n  ::: tip\n  in the item\n\nout\n",
    "> ::: tip\n> quoted\n> :::\n\n::: note\n> ::: tip\n> :::\n:::\n",
    "/// note | Title\n//// tab | A\ntext\n////\n///\n",
    "::: tip\n```\n:::\n```\n:::\n",
    "::::: a\n:::: b\n::: c\n::\n:::\n::::\n:::::\n",
    "::: tip\n::: not a closer\n:::  \n",
]


@pytest.mark.parametrize("text", CASES)
def test_tokens_are_markdown_it_containers(text: str) -> None:
    expected = shape(markdown(reference_plugin).parse(text))
    assert shape(markdown(container_plugin).parse(text)) == expected


def _random_page(rng: random.Random) -> str:
    """Fences of both markers and many lengths (openers with and without names, closers with
    trailing text), in lists and quotes, indented as code or by a tab, with CRLF endings."""
    lines = []
    for _ in range(rng.randint(2, 30)):
        marker, roll = rng.choice(":::/"), rng.random()
        indent = rng.choice(["", "", "", " ", "  ", "    ", "\t"])
        if roll < 0.45:
            name = rng.choice([" tip", " note x", "tip", " | T", " {.a}", "{note}"])
            lines.append(indent + marker * rng.randint(3, 8) + name)
        elif roll < 0.8:
            tail = rng.choice(["", "", " ", "\t", " x"])
            lines.append(indent + marker * rng.randint(1, 9) + tail)
        elif roll < 0.87:
            prefix = rng.choice(["- ", "> ", "1. "])
            lines.append(indent + prefix + marker * rng.randint(3, 6) + rng.choice([" tip", ""]))
        else:
            lines.append(indent + rng.choice(["", "text", "```", "~~~", "# h", "!!! note"]))
    return rng.choice(["\n", "\r\n"]).join(lines)


def _reference_plugin(
    md: MarkdownIt,
    name: str,
    validate: Callable[[str, str], bool],
    marker: str = ":",
    exact_close: bool = False,
) -> None:
    """markdown-it-container; for pymdownx.blocks, whose fences close only their own length,
    which it cannot read, this module's rule with every container reading its own lines."""
    if exact_close:
        container_plugin(md, name, validate, marker, exact_close)
    else:
        reference_plugin(md, name, validate=validate, marker=marker)


def test_tokens_are_the_plugins_on_random_pages_in_the_full_parser() -> None:
    # The page parser's rules around the containers (colon fences, admonitions, tabs, MyST
    # blocks) too: 30,000 pages of this generator and 60,000 of others gave no difference.
    new = block_rules._build_parser()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(block_rules, "container_plugin", _reference_plugin)
        reference = block_rules._build_parser()
    rng = random.Random(13)
    for _ in range(400):
        page = _random_page(rng)
        expected = shape(new.parse(page))
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(_Reading, "covers", lambda *args: False)
            assert expected == shape(reference.parse(page)), page


def test_block_fences_close_blocks_of_their_own_length() -> None:
    # "////" opens and closes a tab inside the "///" block, whose own "///" closes it.
    md = MarkdownIt("commonmark")
    md.use(
        container_plugin,
        name="blocks",
        marker="/",
        validate=block_rules._is_block_header,
        exact_close=True,
    )
    text = "/// note\n//// tab | A\ntext\n////\nafter\n///\n"
    opened = [(t.info, t.map) for t in md.parse(text) if t.type == "container_blocks_open"]
    assert opened == [(" note", [0, 5]), (" tab | A", [1, 3])]


def test_unclosed_nested_containers_are_read_once() -> None:
    """120 unclosed containers, each holding the rest of a 7,680-line page: each one read
    that rest again (0.46 million lines). The page's text is all there, in 120 nested
    containers that end with the page."""
    depths, fences = 120, 62
    lines = []
    for depth in range(depths):
        lines += [":::: tip", *[":::"] * fences, f"text {depth}"]
    tokens = markdown(container_plugin).parse("\n".join(lines) + "\n")
    opened = [t for t in tokens if t.type == "container_admonition_open"]
    assert [t.map for t in opened] == [[line, len(lines)] for line in range(0, len(lines), 64)]
    assert [t.level for t in opened] == list(range(depths))
    paragraphs = [t.content for t in tokens if t.type == "inline"]
    # A bare ":::" too short to close a "::::" is a paragraph's line.
    assert paragraphs == ["\n".join([*[":::"] * fences, f"text {d}"]) for d in range(depths)]


def test_a_marker_is_one_character() -> None:
    with pytest.raises(ValueError, match="one character"):
        container_plugin(MarkdownIt(), "x", bool, marker="::")
