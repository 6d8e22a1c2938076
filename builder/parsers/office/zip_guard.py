"""Refuse an Office file (a zip archive) whose members would expand past what a build reads.

The sizes checked are the ones the archive declares; zipfile never returns more bytes than a
member declares (it fails the CRC check instead), so a lying archive fails rather than floods.
"""

from __future__ import annotations

import io
import zipfile

from builder.errors import UnreadableDocument

MAX_MEMBERS = 10_000
MAX_MEMBER_BYTES = 64 * 1024 * 1024
MAX_EXPANDED_BYTES = 256 * 1024 * 1024
# A member larger than this that packs more than MAX_RATIO times is an archive bomb: Office XML
# packs about 10 times.
RATIO_CHECKED_BYTES = 1024 * 1024
MAX_RATIO = 100


def check_archive(data: bytes) -> None:
    """Raise UnreadableDocument, with the reason, unless ``data`` is a zip safe to open."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise UnreadableDocument(f"not an Office file (not a zip archive: {exc})") from exc
    if len(members) > MAX_MEMBERS:
        raise UnreadableDocument(
            f"archive bomb refused: {len(members)} members, over the limit of {MAX_MEMBERS}"
        )
    total = 0
    for member in members:
        if member.file_size > MAX_MEMBER_BYTES:
            raise UnreadableDocument(
                f"oversized member refused: {member.filename} expands to "
                f"{member.file_size / 1e6:.0f} MB, over the limit of "
                f"{MAX_MEMBER_BYTES / 1e6:.0f} MB"
            )
        ratio = member.file_size / max(1, member.compress_size)
        if member.file_size > RATIO_CHECKED_BYTES and ratio > MAX_RATIO:
            raise UnreadableDocument(
                f"archive bomb refused: {member.filename} expands {ratio:.0f} times "
                f"({member.compress_size} bytes to {member.file_size / 1e6:.0f} MB)"
            )
        total += member.file_size
    if total > MAX_EXPANDED_BYTES:
        raise UnreadableDocument(
            f"archive bomb refused: members expand to {total / 1e6:.0f} MB, over the limit "
            f"of {MAX_EXPANDED_BYTES / 1e6:.0f} MB"
        )
