"""What reading a shard through HTTP Range requests would cost: bytes and dependent round trips.

    pip install apsw        # a SQLite VFS from Python; not a doctrove dependency
    python bench/range_reads.py --site _site --library python

The design issue 16 weighed against the search shard and body packs: publish the shard
uncompressed and let the client's SQLite read only the pages a query touches, by Range request,
into a local page cache. This runs the client's real ranking (client.search.sections) on the
site's shards through an apsw VFS that records which chunks SQLite reads: every read that
needs a chunk not yet fetched is one round trip (SQLite reads one page after another, each
depending on the last). Printed per question and chunk size, for the whole doctrove-shard@1
shard (built from index.json) and the doctrove-shard@2 search shard: the bytes fetched and the
round trips, cold for the first question and then cumulative. Skips when apsw is missing.
"""

from __future__ import annotations

import argparse
import gzip
import sys
import tempfile
from pathlib import Path
from typing import Any

import orjson

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from python_questions import QUESTIONS  # noqa: E402

from client.search.model import default_model  # noqa: E402
from client.search.query import parse_focus  # noqa: E402
from client.search.sections import rank_sections  # noqa: E402
from schemas.shard_build import build_database  # noqa: E402

CHUNKS = (4096, 16384, 65536)


def measure(apsw: Any, path: Path, chunk: int, whole: bool) -> list[tuple[int, int]]:
    """(bytes fetched, round trips) after each question, cumulative."""
    fetched: set[int] = set()
    trips = [0]

    class RangeFile:
        def __init__(self, *_args: object) -> None:
            self.handle = path.open("rb")
            self.size = path.stat().st_size

        def xRead(self, amount: int, offset: int) -> bytes:
            needed = set(range(offset // chunk, (offset + amount - 1) // chunk + 1))
            if needed - fetched:
                trips[0] += 1
                fetched.update(needed)
            self.handle.seek(offset)
            return self.handle.read(amount)

        def xFileSize(self) -> int:
            return self.size

        def xClose(self) -> None:
            self.handle.close()

        def xLock(self, _level: int) -> None: ...
        def xUnlock(self, _level: int) -> None: ...
        def xCheckReservedLock(self) -> bool:
            return False

        def xFileControl(self, _op: int, _pointer: int) -> bool:
            return False

        def xSectorSize(self) -> int:
            return 4096

        def xDeviceCharacteristics(self) -> int:
            return 0

    class RangeVFS(apsw.VFS):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__(name, "")

        def xOpen(self, name: object, flags: object) -> RangeFile:
            return RangeFile(name, flags)

        def xAccess(self, _name: str, _flags: int) -> bool:
            return False

        def xFullPathname(self, name: str) -> str:
            return name

    name = f"range-{chunk}-{whole}"
    vfs = RangeVFS()
    flags = apsw.SQLITE_OPEN_READONLY | apsw.SQLITE_OPEN_URI
    conn = apsw.Connection("file:shard?immutable=1", flags=flags, vfs=name)
    if whole:  # the client's view (client.section_bodies); a search shard has body_length
        conn.execute(
            "CREATE TEMP VIEW sections AS SELECT *, length(body) AS body_length FROM main.sections"
        )
    results = []
    for question in QUESTIONS:
        rank_sections(conn, parse_focus(question), default_model())
        results.append((len(fetched) * chunk, trips[0]))
    conn.close()
    vfs.unregister()
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, required=True)
    parser.add_argument("--library", required=True)
    args = parser.parse_args()
    try:
        import apsw  # type: ignore[import-not-found]
    except ImportError:
        print("apsw is not installed (pip install apsw): nothing to measure")
        return
    catalog = orjson.loads((args.site / "catalog.json").read_bytes())
    entry = next(e for e in catalog["entries"] if e["id"] == args.library)
    version = entry["versions"][0]
    ref = entry["shards"][version]
    index = orjson.loads((args.site / "index.json").read_bytes())
    volume = next(e for e in index["entries"] if e["id"] == args.library)["volumes"][version]
    with tempfile.TemporaryDirectory() as tmp:
        search = Path(tmp) / "search.sqlite"
        search.write_bytes(gzip.decompress((args.site / ref["path"]).read_bytes()))
        whole = Path(tmp) / "whole.sqlite"
        build_database(whole, args.library, version, volume["sections"])
        for label, path, is_whole in (
            ("whole shard", whole, True),
            ("search shard", search, False),
        ):
            size = path.stat().st_size
            for chunk in CHUNKS:
                rows = measure(apsw, path, chunk, is_whole)
                first, last = rows[0], rows[-1]
                print(
                    f"{label} ({size / 1e6:.1f} MB raw), {chunk // 1024:>2} KB chunks: first "
                    f"question {first[0] / 1e3:>6.0f} KB in {first[1]:>3} round trips; all six "
                    f"{last[0] / 1e3:>6.0f} KB in {last[1]:>3}"
                )


if __name__ == "__main__":
    main()
