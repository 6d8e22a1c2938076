"""``docbuild check`` of a site's lookup.json, the small entry point a client reads first: it is
a doctrove-lookup@1 document, and each file it lists (the lookup table, and catalog.json and
index.json when the site has them) is there with the size and sha256 it gives.

A client of a large site (no catalog.json) trusts the lookup table through its sha256 here, and
any reader can trust catalog.json and index.json the same way, so a file changed after the build
(a hand edit, a half-finished copy, a deploy step that rewrites JSON) is turned down while the
site itself still looks whole.
"""

from __future__ import annotations

from pathlib import Path

from builder.errors import ProblemsFound
from schemas.digests import file_sha256
from schemas.lookup_table import LOOKUP_FILE


class LookupInvalid(ProblemsFound):
    """A site's lookup.json is no doctrove-lookup@1, or a file it lists is not as it says."""

    code = "invalid-lookup"
    states = (
        f"has a {LOOKUP_FILE} that does not describe its files (rebuild the site, or restore "
        "the files)"
    )


def check_lookup(site: Path) -> int:
    """Check the site folder's lookup.json and the files it lists; how many files it lists (0
    when the site has no lookup.json). Raise LookupInvalid naming every problem."""
    # Imported here: only a check needs the document models.
    import msgspec

    from schemas.documents import LOOKUP_DECODER

    path = site / LOOKUP_FILE
    if not path.is_file():
        return 0
    try:
        lookup = LOOKUP_DECODER.decode(path.read_bytes())
    except OSError as exc:
        raise LookupInvalid(str(site), [f"{LOOKUP_FILE}: cannot read ({exc.strerror})"]) from exc
    except msgspec.DecodeError as exc:
        raise LookupInvalid(str(site), [f"{LOOKUP_FILE}: {exc}"]) from exc
    listed = [lookup.table, lookup.catalog, lookup.index]
    files = [(f.path, f.bytes, f.sha256) for f in listed if not isinstance(f, msgspec.UnsetType)]
    problems = [problem for file in files if (problem := _file_problem(site, *file))]
    if problems:
        raise LookupInvalid(str(site), problems)
    return len(files)


def _file_problem(site: Path, relative: str, size: int, sha256: str) -> str | None:
    """What is wrong with the file lookup.json lists at ``relative``, or None."""
    path = site / relative
    try:
        found = path.stat().st_size
        digest = file_sha256(path) if found == size else ""
    except OSError as exc:
        return f"{relative}: listed in {LOOKUP_FILE}, but cannot be read ({exc.strerror})"
    if found != size or digest != sha256:
        seen = f"{found:,} bytes" + (f" with sha256 {digest[:16]}…" if digest else "")
        return (
            f"{relative}: {LOOKUP_FILE} lists {size:,} bytes with sha256 {sha256[:16]}…, the "
            f"file is {seen}: it changed after the build"
        )
    return None
