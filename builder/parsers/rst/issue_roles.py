"""The text sphinx-issues shows for its roles: ``:issue:`9283``` reads "#9283".

A project whose conf.py loads ``sphinx_issues`` links its changelog to the tracker with
``:issue:``, ``:pr:``, ``:commit:`` and ``:user:``, and the page shows each link with a sign
before it: "#9283" for an issue or pull request, "@name" for a user, "@" and the first seven
characters of a commit's hash (conf.py's ``issues_prefix``, ``issues_pr_prefix``,
``issues_commit_prefix`` and ``issues_user_prefix`` change the sign). A list ("42, 45") is a
link each, another project's (``python/cpython#61648``) keeps its name, a number of "-" or
"0" shows nothing, and a title (``:issue:`the tracker <676>```) shows as written. Read as
plain roles, pytest's 1,500 such links lost their sign ("fixed in 9283").

SQLAlchemy's ``changelog`` extension (alembic, SQLAlchemy, dogpile) has one such role,
``:ticket:`151```, which its pages show as "#151".
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

EXTENSION = "sphinx_issues"
# Each role's sign, and the conf.py setting that changes it (sphinx-issues' defaults).
DEFAULT_SIGNS = (("issue", "#"), ("pr", "#"), ("commit", "@"), ("user", "@"))
SIGN_SETTINGS = {
    "issue": "issues_prefix",
    "pr": "issues_pr_prefix",
    "commit": "issues_commit_prefix",
    "user": "issues_user_prefix",
}
# The changelog extension's one role, whose sign it does not let conf.py change.
CHANGELOG_EXTENSION = "changelog"
CHANGELOG_SIGNS = (("ticket", "#"),)
# The signs sphinx-issues accepts, which it also strips from the start of a number.
SIGNS = "#@!"
_COMMIT_SHOWN = 7
_OTHER_PROJECT = re.compile(rf"(\w+)/(.+)[{SIGNS}](\w+)")
_EXPLICIT_TITLE = re.compile(r"(.+?)\s*<(.*)>", re.DOTALL)
_ESCAPE = re.compile(r"\\(.)", re.DOTALL)

# The sign of each role while a page of a project that loads sphinx-issues is read; None for
# any other project, whose roles of these names are its own.
_SIGNS: ContextVar[dict[str, str] | None] = ContextVar("issue_roles", default=None)


@contextmanager
def issue_roles(signs: tuple[tuple[str, str], ...] | None) -> Iterator[None]:
    """Read sphinx-issues' roles with these signs within; None leaves them plain roles."""
    token = _SIGNS.set(None if signs is None else dict(signs))
    try:
        yield
    finally:
        _SIGNS.reset(token)


def shown_link(role: str, text: str) -> str | None:
    """What the page shows for ``:role:`text```, or None when ``role`` is none of them."""
    signs = _SIGNS.get()
    if signs is None or role not in signs:
        return None
    shown = (_shown_item(role, signs[role], item.strip()) for item in _unescape(text).split(","))
    return ", ".join(item for item in shown if item)


def _shown_item(role: str, sign: str, item: str) -> str:
    if item in ("-", "0"):
        return ""
    titled = _EXPLICIT_TITLE.fullmatch(item)
    if titled:
        return titled.group(1)
    other = _OTHER_PROJECT.fullmatch(item)
    prefix = ""
    if other:
        prefix, item = f"{other.group(1)}/{other.group(2)}", other.group(3)
    number = item.lstrip(SIGNS)
    if role == "commit":
        number = number[:_COMMIT_SHOWN]
    return f"{prefix}{sign}{number}"


def _unescape(text: str) -> str:
    return _ESCAPE.sub(r"\1", text) if "\\" in text else text
