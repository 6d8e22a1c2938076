"""Make Pagefind's output byte-identical from run to run: it writes each filter's values in
hash-map order, which changes between runs, and names files by their content.

Each filter file's values are sorted, the file is renamed by its new content, and the metadata
file that names it (its list of filters and sorts sorted too) and ``pagefind-entry.json``,
which names that one, are rewritten to match.
Names keep Pagefind's form (``<language>_<hex>``) and length, so a name is replaced in place.

The files are gzip streams of a 12-byte signature and one CBOR item; only the CBOR these files
hold is read (unsigned integers, text, arrays), enough to find each item's bytes.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path

from builder.errors import BuildError
from schemas.gzip_member import gzip_member

SIGNATURE = b"pagefind_dcd"
_UNSIGNED, _BYTES, _TEXT, _ARRAY = 0, 2, 3, 4
# Where a metadata file lists its filters and its sorts (each [name, file], in hash-map order).
META_FILTERS, META_SORTS = 3, 4


class PagefindFormatError(BuildError):
    """Pagefind wrote files this module cannot read: a Pagefind version it does not know."""

    code = "site-search"


def _head(data: bytes, at: int) -> tuple[int, int, int]:
    """(major type, argument, offset after the head) of the CBOR item at ``at``."""
    initial = data[at]
    major, info = initial >> 5, initial & 0x1F
    if info < 24:
        return major, info, at + 1
    if info > 27:
        raise PagefindFormatError(f"unexpected CBOR item 0x{initial:02x} in a filter file")
    size = 1 << (info - 24)
    return major, int.from_bytes(data[at + 1 : at + 1 + size], "big"), at + 1 + size


def _skip(data: bytes, at: int) -> int:
    """The offset just after the CBOR item at ``at``."""
    major, argument, at = _head(data, at)
    if major == _UNSIGNED:
        return at
    if major in (_BYTES, _TEXT):
        return at + argument
    if major == _ARRAY:
        for _ in range(argument):
            at = _skip(data, at)
        return at
    raise PagefindFormatError(f"unexpected CBOR major type {major} in a filter file")


def _sort_array(data: bytes, array_at: int) -> bytes:
    """``data`` with the items of the CBOR array at ``array_at`` in byte order."""
    major, count, items_at = _head(data, array_at)
    if major != _ARRAY:
        raise PagefindFormatError("expected a list in a Pagefind file")
    items, at = [], items_at
    for _ in range(count):
        end = _skip(data, at)
        items.append(data[at:end])
        at = end
    return data[:items_at] + b"".join(sorted(items)) + data[at:]


def _array_item(data: bytes, array_at: int, index: int) -> int:
    """The offset of item ``index`` of the CBOR array at ``array_at``."""
    major, count, at = _head(data, array_at)
    if major != _ARRAY or index >= count:
        raise PagefindFormatError("a Pagefind file has an unexpected layout")
    for _ in range(index):
        at = _skip(data, at)
    return at


def _payload(content: bytes) -> bytes:
    if not content.startswith(SIGNATURE):
        raise PagefindFormatError("a file lacks Pagefind's signature")
    return content[len(SIGNATURE) :]


def sorted_filter(content: bytes) -> bytes:
    """A filter file's content (signature and CBOR ``[name, [[value, [pages]], ...]]``) with
    its values in byte order."""
    data = _payload(content)
    return SIGNATURE + _sort_array(data, _array_item(data, 0, 1))


def sorted_meta(content: bytes) -> bytes:
    """A metadata file's content (signature and CBOR ``[version, index chunks, fragments,
    filters, sorts, meta fields]``) with its filters and sorts, each ``[name, file]``, in byte
    order."""
    data = _payload(content)
    for index in (META_FILTERS, META_SORTS):
        data = _sort_array(data, _array_item(data, 0, index))
    return SIGNATURE + data


def _renamed(old: str, content: bytes) -> str:
    """``<prefix>_<hex>`` with the hex part, of the same length, from ``content``'s sha256."""
    prefix, _, digest = old.rpartition("_")
    return f"{prefix}_{hashlib.sha256(content).hexdigest()[: len(digest)]}"


def order_pagefind_output(folder: Path) -> None:
    """Rewrite the filter files, the metadata files and the entry file under ``folder`` (the
    ``pagefind/`` folder of a site) so they depend only on the indexed pages."""
    renames: dict[bytes, bytes] = {}
    for path in sorted((folder / "filter").glob("*.pf_filter")):
        content = sorted_filter(gzip.decompress(path.read_bytes()))
        name = _renamed(path.name.removesuffix(".pf_filter"), content)
        renames[path.name.removesuffix(".pf_filter").encode()] = name.encode()
        path.unlink()
        (path.parent / f"{name}.pf_filter").write_bytes(gzip_member(content))
    entry_path = folder / "pagefind-entry.json"
    entry_text = entry_path.read_text(encoding="utf-8")
    entry = json.loads(entry_text)
    for language in entry["languages"].values():
        meta_path = folder / f"pagefind.{language['hash']}.pf_meta"
        meta = gzip.decompress(meta_path.read_bytes())
        for old, new in renames.items():
            meta = meta.replace(old, new)
        meta = sorted_meta(meta)
        name = _renamed(language["hash"], meta)
        meta_path.unlink()
        (folder / f"pagefind.{name}.pf_meta").write_bytes(gzip_member(meta))
        entry_text = entry_text.replace(f'"{language["hash"]}"', f'"{name}"')
    entry_path.write_text(entry_text, encoding="utf-8")
