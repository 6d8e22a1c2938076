"""Words of a focus that a version's docs never use and that are not English words.

Such a word names a thing: a library (numpy), a module (tomllib), a function (make_line_iter),
a protocol (SMTP). When the docs never mention it, the question is most likely about something
these docs do not cover; a general English word the docs do not use is more often a paraphrase
("stall", "happily"). Numbers, numbers with units (5s, 30min, 3.x) and abbreviations (e.g.,
i.e.) tell nothing either: docs seldom write their own version number, which the caller chose
the version by. The confidence weighs whether a focus has such a word (client.search.model),
and the answer names them, so the caller learns what the docs lack. English words are SCOWL's
American list (client.search.glossary.english_stems), with British spellings and regular
derivations of its words (client.search.word_forms).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence

from client.search.glossary import english_stems
from client.search.query import ABBREVIATION, Focus, in_cjk_script
from client.search.word_forms import english_form
from schemas.text import query_terms, written_words

# Words a hint names; more are counted ("and 3 more"): a pasted path or log line must not
# make the hint longer than the answer.
MAX_NAMED = 5
_NUMBER = re.compile(r"\d.*")  # a version, a number with its unit: 3.x, 5s, 30min


def unheard_words(focus: Focus, frequencies: Mapping[str, int]) -> tuple[str, ...]:
    """The focus' words, as the caller wrote them, that no section of the docs holds in any
    way (``frequencies``: sections per concept label) and that are not English words."""
    absent = [
        concept.label
        for concept in focus.concepts
        if not frequencies.get(concept.label)
        and not in_cjk_script(concept.label)
        and not _NUMBER.fullmatch(concept.label)
        and not ABBREVIATION.fullmatch(concept.label)
    ]
    if not absent:
        return ()  # most questions: the word list is read only when a word is absent
    english = english_stems()
    written = _as_written(focus.text, [label for label in absent if label not in english])
    return tuple(word for word in written if not english_form(word, english))


def unheard_hint(words: Sequence[str]) -> str | None:
    """What an answer says of the focus' unheard words (None when there are none)."""
    if not words:
        return None
    named = ", ".join(f"'{word}'" for word in words[:MAX_NAMED])
    more = f" and {len(words) - MAX_NAMED} more" if len(words) > MAX_NAMED else ""
    return f"these docs never mention {named}{more}"


def _as_written(text: str, labels: Collection[str]) -> tuple[str, ...]:
    """Each of ``labels`` once, as the first word of ``text`` whose search token it is spelled
    (the label itself when no single word is), in the order the focus has them."""
    spelled: dict[str, str] = {}
    for word in written_words(text):
        for term in query_terms(word):
            if term.whole in labels:
                spelled.setdefault(term.whole, word)
    return tuple(dict.fromkeys(spelled.get(label, label) for label in labels))
