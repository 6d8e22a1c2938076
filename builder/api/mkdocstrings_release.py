"""Whether a project builds its docs with an mkdocstrings older than 0.23, as its lock file or
its pins say.

Those releases read a handler's and a ``::: path`` block's ``selection:`` and ``rendering:``
mappings as options (merged under ``options:`` since 0.19). 0.23 (August 2023) removed them and
later releases leave them unread, so a block's ``selection: members: [...]`` chooses nothing
there: jumanji 1.1.1, which pins mkdocstrings 0.27.0, shows every member of its environments'
classes, while its pages still list six under ``selection``. A project that names no release
installs the newest, which reads them no more either.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Iterator
from pathlib import Path

from builder.api.installed_dependencies import poetry_specifier

# The first release that no longer reads selection: and rendering:.
WITHOUT_OLDER_KEYS = "0.23"
# Releases from 0.23 on: a pin that admits none of them (nor the releases it names) is older.
_LATER_RELEASES = ("0.23.0", "0.24.0", "0.25.0", "0.26.0", "0.27.0", "0.28.0", "0.29.0",
                   "0.30.0", "1.0.0", "2.0.0", "99.0.0")  # fmt: skip
# The lock files that record the release installed, most precise first.
_LOCK_FILES = ("uv.lock", "poetry.lock", "pdm.lock")
# Where projects keep the requirement files their docs build installs.
_REQUIREMENT_FILES = ("*requirements*.txt", "requirements/*.txt", "docs/*requirements*.txt",
                      "doc/*requirements*.txt", "docs/requirements/*.txt")  # fmt: skip
# A lock file of a large workspace is a few MB; a pin file a few kB.
MAX_PIN_FILE_BYTES = 8_000_000
_LOCKED = re.compile(r'^name = "mkdocstrings"\s*\nversion = "([^"\n]+)"', re.MULTILINE)
_REQUIREMENT_LINE = re.compile(r"^\s*mkdocstrings(?![\w.-])", re.IGNORECASE | re.MULTILINE)
# What follows the requirement on its line in a requirement file: pip's options
# ("--hash=sha256:..."), or the backslash that continues the line to them (pip-compile's
# --generate-hashes writes "mkdocstrings[python]==0.21.2 \" with the hashes below).
_PIP_OPTIONS = re.compile(r"\s+--|\s*\\\s*$")


def reads_older_keys(folders: Iterable[Path]) -> bool:
    """Whether the mkdocstrings that ``folders`` (mkdocs.yml's, the project's root) lock or pin,
    the first that names one, is older than 0.23; False when none names it."""
    places = list(dict.fromkeys(folders))
    for folder in places:
        for name in _LOCK_FILES:
            text = _text(folder / name)
            if text is not None and (locked := _LOCKED.search(text)):
                return _only_older(f"=={locked.group(1)}")
    for specifier in _pins(places):
        return _only_older(specifier)
    return False


def _pins(folders: list[Path]) -> Iterator[str]:
    """The specifiers the folders' requirement files, then their pyproject.toml, then their
    setup.cfg and setup.py give mkdocstrings, in order."""
    for folder in folders:
        for pattern in _REQUIREMENT_FILES:
            for path in sorted(folder.glob(pattern)):
                yield from _line_pins(_text(path) or "")
    for folder in folders:
        text = _text(folder / "pyproject.toml")
        try:
            document = tomllib.loads(text) if text else {}
        except tomllib.TOMLDecodeError:
            continue
        yield from _pyproject_pins(document)
    for folder in folders:
        # setup.cfg's extras_require lists a requirement a line; setup.py's are string
        # literals (planet 2.11.0: doc_requires = [..., 'mkdocstrings==0.18.1', ...]).
        yield from _line_pins(_text(folder / "setup.cfg") or "")
        for literal in _string_literals(_text(folder / "setup.py") or ""):
            yield from _line_pins(literal)


def _line_pins(text: str) -> Iterator[str]:
    """The specifiers of the lines of ``text`` that require mkdocstrings."""
    for line in text.splitlines():
        if _REQUIREMENT_LINE.match(line) and (found := _specifier(line)) is not None:
            yield found


def _string_literals(source: str) -> Iterator[str]:
    """The string literals of Python source, its comments left out (a pin commented out is
    none); none past where it cannot be read."""
    import ast
    import io
    import tokenize

    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.STRING:
                try:
                    value = ast.literal_eval(token.string)
                except (ValueError, SyntaxError):  # an f-string
                    continue
                if isinstance(value, str):
                    yield value
    except (tokenize.TokenError, SyntaxError):
        return


def _pyproject_pins(value: object) -> Iterator[str]:
    """Every mkdocstrings requirement in a TOML document: a PEP 508 string in any list
    (``[project.optional-dependencies]``, ``[dependency-groups]``), or a Poetry table's key."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "mkdocstrings":
                constraint = item.get("version") if isinstance(item, dict) else item
                if isinstance(constraint, str):
                    yield poetry_specifier(constraint)
            else:
                yield from _pyproject_pins(item)
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, str) and _REQUIREMENT_LINE.match(item):
                if (found := _specifier(item)) is not None:
                    yield found
            else:
                yield from _pyproject_pins(item)


def _specifier(line: str) -> str | None:
    """The version specifier of a requirement line ("" for any); None when it is none."""
    from packaging.requirements import InvalidRequirement, Requirement

    try:
        requirement = _PIP_OPTIONS.split(line.split("#", 1)[0], maxsplit=1)[0]
        return str(Requirement(requirement.strip()).specifier)
    except InvalidRequirement:
        return None


def _only_older(specifier: str) -> bool:
    """Whether ``specifier`` admits releases before 0.23 only."""
    from packaging.specifiers import InvalidSpecifier, SpecifierSet
    from packaging.version import InvalidVersion, Version

    if not specifier:
        return False
    try:
        allowed = SpecifierSet(specifier)
    except InvalidSpecifier:
        return False
    named = []
    for part in allowed:
        try:
            named.append(Version(part.version))
        except InvalidVersion:  # "==0.22.*"
            continue
    later = [Version(release) for release in _LATER_RELEASES]
    later += [version for version in named if version >= Version(WITHOUT_OLDER_KEYS)]
    return not any(allowed.contains(version, prereleases=True) for version in later)


def _text(path: Path) -> str | None:
    """A regular file's text; None when it is missing, too big or unreadable."""
    try:
        if not path.is_file() or path.stat().st_size > MAX_PIN_FILE_BYTES:
            return None
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
