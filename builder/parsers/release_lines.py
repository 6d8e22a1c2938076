"""What tells a changelog's releases, for every reader: a release written as a bold line,
"**1.2.3** (2024-01-01)", where a changelog has no heading for it (the reST, Markdown and HTML
readers all make such a line a release's heading), and a file named as a changelog.
"""

from __future__ import annotations

import re

# "**3.11.3**", "**1.0.0** (2020-01-01)", "**2.0** - 2019-05-04"; never a sentence after it.
# The date after a dash starts with no space: were the spaces before it and those it may hold
# one run, each way of sharing a long run out would be tried (a line of spaces took minutes).
BOLD_RELEASE = re.compile(
    r"\*\*[^*\s](?:[^*]*[^*\s])?\*\*"
    r"(?:\s+\([^()]*\)|\s+[-\u2013\u2014]\s+[\w,./-][\w ,./-]*)?"
)
# The names of a changelog: CHANGES, history, NEWS, release-notes, change-log, whats-new...
_CHANGELOG_WORDS = (
    r"(?:changes|change[-_ ]?log|history|releases?|news|release[-_ ]?notes|whats[-_ ]?new)"
)
# A file named as a changelog (CHANGES.txt, history.html, NEWS, release-notes.md,
# change-log.md, whats-new.mdx, CHANGES-2.x.txt...), by its name without its last suffix.
CHANGELOG_STEM = re.compile(_CHANGELOG_WORDS + r"(?:[-_.].*)?", re.IGNORECASE)
# A page named as a changelog and nothing more: "release-process" and "history-of-the-project"
# are topics of their own.
CHANGELOG_NAME = re.compile(_CHANGELOG_WORDS, re.IGNORECASE)
