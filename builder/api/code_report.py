"""What the build report says of a version's code: where API pages took it from (a folder, or
its place in a git tree or archive), how many objects, and the dependencies read from releases
the project does not ask for."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from builder.model import ApiUse

if TYPE_CHECKING:
    from builder.api.locate import CodeTree


def api_note(
    tree: CodeTree | None, uses: Iterable[ApiUse], extracted: tuple[str, Path] | None = None
) -> str:
    """The build report's line: where a version's API came from, or which directive had no
    code (the first of its files, in path order, that had none); ``extracted``: as
    ``code_place`` takes it."""
    uses = tuple(uses)
    without_code = next((use.without_code for use in uses if use.without_code), "")
    if without_code:
        return f"no code found for {without_code}"
    objects = sum(use.objects for use in uses)
    if tree is None or not objects:
        return ""
    note = f"API from code in {code_place(tree.folder, extracted)}: {objects} objects"
    if tree.other_releases:
        # Building an old tag reads today's installed dependencies: say which differ.
        releases = ", ".join(other.describe() for other in tree.other_releases)
        note += (
            f"; read from dependencies installed in releases the project does not ask for: "
            f"{releases}; install the releases it asks for where docbuild runs to document those"
        )
    return note


def code_place(folder: Path, extracted: tuple[str, Path] | None) -> str:
    """How the report and its warnings name the code's ``folder``: its path, or, when the
    version was read from a git tree or an archive (``extracted``: "git" or "archive", and
    the scratch folder it was extracted into, gone after the build and different on every
    one), its place in that tree ("the archive's src/")."""
    if extracted is None or not folder.is_relative_to(extracted[1]):
        return str(folder)
    inside = folder.relative_to(extracted[1]).as_posix()
    source = "the git tree" if extracted[0] == "git" else f"the {extracted[0]}"
    return f"{source}'s {inside}/" if inside != "." else f"{source}'s top folder"
