"""Words of a focus that a version's docs never use and that are not English words.

Such a word names a thing: a library (numpy), a module (tomllib), a function (make_line_iter),
a protocol (SMTP). When the docs never mention it, the question is most likely about something
these docs do not cover; a general English word the docs do not use is more often a paraphrase
("stall", "happily"), and a number is not telling either: docs seldom write their own version
number, which the caller chose the version by. The confidence weighs whether a focus has such a
word (client.search.model), and the answer names them, so the caller learns what the docs lack.
English words are SCOWL's American list, read as the search reads a focus
(english_stems.txt, written by ``python -m eval.english_stems``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from importlib import resources

from client.search.query import Focus, in_cjk_script
from schemas.text import normalize, query_terms

ENGLISH_STEMS = "english_stems.txt"
_WORD = re.compile(r"\S+")
_NUMBER = re.compile(r"v?[\d.]+")


@functools.cache
def english_stems() -> frozenset[str]:
    text = resources.files("client.search").joinpath(ENGLISH_STEMS).read_text(encoding="utf-8")
    return frozenset(line for line in text.splitlines() if line and not line.startswith("#"))


def unheard_words(focus: Focus, frequencies: Mapping[str, int]) -> tuple[str, ...]:
    """The focus' words, as the caller wrote them, that no section of the docs holds in any
    way (``frequencies``: sections per concept label) and that are not English words."""
    english = english_stems()
    labels = [
        concept.label
        for concept in focus.concepts
        if not frequencies.get(concept.label)
        and not in_cjk_script(concept.label)
        and not _NUMBER.fullmatch(concept.label)
        and concept.label not in english
    ]
    return tuple(_as_written(focus.text, label) for label in labels)


def _as_written(text: str, label: str) -> str:
    """The first word of ``text`` whose search token is ``label`` (the label itself if none)."""
    for word in _WORD.findall(normalize(text)):
        for term in query_terms(word):
            if term.whole == label:
                return _TRIM.sub("", word)
    return label


_TRIM = re.compile(r"^[^\w.$]+|[^\w)]+$")
