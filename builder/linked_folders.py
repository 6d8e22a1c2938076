"""The files of a folder a docs folder links to elsewhere in its project, listed as its own.

Jupyter Books and MkDocs sites link a folder of the project into their docs (soprano's
``docs/tutorials -> ../tutorials``, lonboard's ``docs/examples -> ../examples``), and Sphinx
and MkDocs read the pages there as pages of the docs. Such a link is followed once: the
folder must be in the project, outside its hidden folders, neither inside the docs folder
(whose files are listed already) nor above it (a loop). Its files are judged as links are,
by where they lead; folders linked below it are not followed.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path


def linked_folder_files(
    relpath: str, link: str, root: Path, project: Path | None
) -> Iterator[tuple[str, Path, bool]] | None:
    """(relpath, path, True) of each file below the folder ``link`` (at ``relpath`` in the
    docs folder ``root``) leads to, its path through the link; None when it is not followed."""
    target = _followed_target(Path(link), root, project) if project is not None else None
    if target is None:
        return None
    return _files(relpath, link, str(target))


def followed_folder(link: Path, root: Path, project: Path) -> bool:
    """Whether the link ``link`` in the docs folder ``root`` (resolved, as ``project`` is)
    leads to a folder whose files are listed."""
    return _followed_target(link, root, project) is not None


def _followed_target(link: Path, root: Path, project: Path) -> Path | None:
    """The folder ``link`` leads to when its files are listed, else None."""
    try:
        target = link.resolve(strict=True)
    except (OSError, RuntimeError):
        return None
    followed = (
        target.is_dir()
        and not target.is_relative_to(root)
        and not root.is_relative_to(target)
        and target.is_relative_to(project)
        and not any(part.startswith(".") for part in target.relative_to(project).parts)
    )
    return target if followed else None


def _files(relpath: str, link: str, target: str) -> Iterator[tuple[str, Path, bool]]:
    # The folder judged is walked, not wherever the link leads by now: a link replaced since
    # (by a link to /) would have the build walk the whole machine.
    for directory, dirnames, filenames in os.walk(target, followlinks=False):
        dirnames.sort()
        prefix = directory[len(target) :].lstrip(os.sep).replace(os.sep, "/")
        for name in sorted(filenames):
            inner = f"{prefix}/{name}" if prefix else name
            # Judged as a link is: by the file it leads to, read only while it leads there.
            yield f"{relpath}/{inner}", Path(link, *inner.split("/")), True
