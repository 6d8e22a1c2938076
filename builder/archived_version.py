"""Read the release a ``git archive`` of a tag wrote into a project's files.

A tree exported with ``git archive`` (a release's tarball from its forge, or a checkout's
``git archive TAG``) has no ``.git`` to ask, and a backend that takes the version from git
reads it from the placeholders ``export-subst`` filled in: setuptools-scm's and hatch-vcs'
``.git_archival.txt`` (``describe-name: v1.2.3``, ``ref-names: HEAD -> main, tag: v1.2.3``)
and versioneer's ``_version.py`` (``git_refnames = " (tag: 2.1.2)"``, the file setup.cfg's
or pyproject.toml's ``versionfile_source`` names). Nothing is run; a placeholder left
unfilled (``$Format:%d$``, a checkout rather than an archive) or an archive of a commit no
tag names gives no version.
"""

from __future__ import annotations

import configparser
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from builder.version_file import read_project_text
from schemas.versions import is_version

ARCHIVAL_FILE = ".git_archival.txt"
# git describe's output for a commit past its tag: '-<distance>-g<hash>'.
_DESCRIBE_PAST_TAG = re.compile(r"-(\d+)-g[0-9a-f]+$")
# setuptools-scm's default tag pattern: an optional 'name-' prefix, then the version.
_TAG_PREFIX = re.compile(r"^(?:[\w-]+-)?(?=[vV]?\d)")
# The tag_prefix values versioneer reads as no prefix.
_EMPTY_QUOTES = frozenset({"''", '""'})
_REFNAMES = re.compile(r"""^[ \t]*git_refnames[ \t]*=[ \t]*(['"])(.*)\1""", re.MULTILINE)


def archived_version(root: Path, pyproject: Mapping[str, Any]) -> str:
    """The version the archive in ``root`` records for its tag, or ""."""
    return _archival_version(read_project_text(root, ARCHIVAL_FILE)) or _versioneer_version(
        root, pyproject
    )


def _archival_version(text: str) -> str:
    """The version of ``.git_archival.txt``'s text: its ``describe-name`` when the archived
    commit is the tag's own, else the first tag among its ``ref-names`` that is a version."""
    fields = dict(line.partition(":")[::2] for line in text.splitlines())
    described = fields.get("describe-name", "").strip()
    if described and "$Format" not in described:
        past = _DESCRIBE_PAST_TAG.search(described)
        if past and past.group(1) != "0":
            return ""
        return _tag_version(described[: past.start()] if past else described, None)
    names = fields.get("ref-names", "")
    if "$Format" in names:
        return ""
    return _first_tag_version((n.strip() for n in names.split(",")), None)


def _versioneer_version(root: Path, pyproject: Mapping[str, Any]) -> str:
    """The version versioneer reads from the keywords ``git archive`` filled into its
    ``_version.py``: the first tag, in sorted order, that starts with its ``tag_prefix``."""
    config = _versioneer_config(root, pyproject)
    source = config.get("versionfile_source", "")
    if not source:
        return ""
    match = _REFNAMES.search(read_project_text(root, source))
    if not match or "$Format" in match.group(2):
        return ""
    names = match.group(2).strip().strip("()").split(",")
    prefix = config.get("tag_prefix", "")
    # setup.cfg's 'tag_prefix = ""' (fsspec's) is no prefix: versioneer reads a pair of
    # quotes as the empty string, where configparser keeps them as written.
    prefix = "" if prefix in _EMPTY_QUOTES else prefix
    return _first_tag_version(sorted(n.strip() for n in names), prefix)


def _first_tag_version(names: Iterable[str], prefix: str | None) -> str:
    for name in names:
        if name.startswith("tag: ") and (version := _tag_version(name[5:], prefix)):
            return version
    return ""


def _tag_version(tag: str, prefix: str | None) -> str:
    """The version a tag names: after ``prefix`` (versioneer's, which must start it and leave
    a digit), else after setuptools-scm's optional 'name-' and 'v' (None)."""
    if prefix is None:
        tag = _TAG_PREFIX.sub("", tag, count=1).removeprefix("v").removeprefix("V")
    elif tag.startswith(prefix):
        tag = tag[len(prefix) :]
    else:
        return ""
    return tag if tag[:1].isdigit() and is_version(tag) else ""


def _versioneer_config(root: Path, pyproject: Mapping[str, Any]) -> dict[str, str]:
    """versioneer's settings: pyproject.toml's ``[tool.versioneer]``, else setup.cfg's
    ``[versioneer]``."""
    tool = pyproject.get("tool")
    table = tool.get("versioneer") if isinstance(tool, dict) else None
    if isinstance(table, dict):
        return {k: v for k, v in table.items() if isinstance(v, str)}
    parser = configparser.ConfigParser(interpolation=None)
    try:
        parser.read_string(read_project_text(root, "setup.cfg"))
    except configparser.Error:
        return {}
    return dict(parser["versioneer"]) if parser.has_section("versioneer") else {}
