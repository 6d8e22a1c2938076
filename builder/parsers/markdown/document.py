"""The record every Markdown renderer of this package reads: a parsed token stream, each
opening token's closing one, and what rendering needs beside (the inline parser, MyST's labels,
substitutions and directive renderer, the page's footnotes and lines)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from markdown_it import MarkdownIt
from markdown_it.token import Token


class DirectiveText(Protocol):
    """Renders a MyST directive fence that sits inside other blocks as body text."""

    def __call__(self, doc: Document, token: Token) -> str:
        """The readable text of the directive fence ``token`` in ``doc``."""


@dataclass(frozen=True)
class Document:
    """A parsed token stream and what rendering it needs: an inline parser, the env, MDX mode."""

    tokens: Sequence[Token]
    closers: Sequence[int]  # index of each opening token's closing token (else its own index)
    md: MarkdownIt
    env: dict[str, Any]
    mdx: bool
    # MyST: labels of this file's headings (lowercase label -> heading text), front matter
    # substitutions, and the renderer of directive fences (None renders them as code).
    labels: Mapping[str, str] = field(default_factory=dict)
    substitutions: Mapping[str, str] = field(default_factory=dict)
    directive: DirectiveText | None = None
    # The labels of the footnotes the page defines ("[^pypy]: On PyPy, ...").
    footnotes: frozenset[str] = frozenset()
    # The text's lines, for syntax the tokens do not keep, and the token map line of the first
    # (a directive's body or a docstring is read with maps counted in the page).
    source: Sequence[str] = ()
    source_first: int = 0


def match_closers(tokens: Sequence[Token]) -> list[int]:
    """Pair every opening token with its closing one in one pass."""
    closers = list(range(len(tokens)))
    stack: list[int] = []
    for index, token in enumerate(tokens):
        if token.nesting == 1:
            stack.append(index)
        elif token.nesting == -1 and stack:
            closers[stack.pop()] = index
    return closers
