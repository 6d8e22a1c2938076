"""A damaged shard gives a coded error through the CLI and the MCP tool layer, never a traceback.

The site is a local folder whose catalog vouches for the damaged file (right sha256 and sizes),
as a publisher that shipped a broken shard would: the client's only defences are its own checks
on opening and the translation of SQLite errors raised later by a query.
"""

from __future__ import annotations

import gzip
import hashlib
import sqlite3
from collections.abc import Callable
from pathlib import Path

import orjson
import pytest
from click.testing import CliRunner

from builder.shards import write_shard
from client.assemble import make_service
from client.cli import main
from client.config import resolve_settings
from client.mcp_tools import TOOLS_BY_NAME, call_tool
from schemas.text import TOKENIZER

PAGE = 4096
RECORDS = [
    {"heading": f"Topic {i}", "body": f"timeouts and retries word{i} " * 200, "path": "p"}
    for i in range(60)
]


def truncated(raw: bytes, _folder: Path) -> bytes:
    return raw[: len(raw) // 2]


def garbage(raw: bytes, _folder: Path) -> bytes:
    return bytes(range(256)) * (len(raw) // 256)


def damaged_pages(raw: bytes, _folder: Path) -> bytes:
    # The schema page is intact, so the file passes the checks on opening; a query fails.
    return raw[: 2 * PAGE] + b"\xa5" * (4 * PAGE) + raw[6 * PAGE :]


def wrong_schema(_raw: bytes, folder: Path) -> bytes:
    other = folder / "other.sqlite"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE sections (id INTEGER PRIMARY KEY, text TEXT)")
    conn.execute("INSERT INTO sections VALUES (1, 'timeouts')")
    conn.commit()
    conn.close()
    return other.read_bytes()


def changed_rows(statement: str) -> Callable[[bytes, Path], bytes]:
    """Values of another type than the DDL declares (SQLite keeps them): the schema is right."""

    def damage(raw: bytes, _folder: Path) -> bytes:
        conn = sqlite3.connect(":memory:", isolation_level=None)
        conn.deserialize(raw)
        conn.execute(statement)
        changed = conn.serialize()
        conn.close()
        return changed

    damage.__name__ = statement.split(" SET ")[1].split(" = ")[0]
    return damage


DAMAGES = [
    truncated,
    garbage,
    damaged_pages,
    wrong_schema,
    # Each read as the DDL promises: int() and the JSON parser raised past the tools.
    changed_rows("UPDATE sections SET line_start = 'x'"),
    changed_rows("UPDATE sections SET heading_path = 'not json'"),
    changed_rows("UPDATE sections SET heading = X'FF'"),
]


def damaged_site(root: Path, damage: Callable[[bytes, Path], bytes]) -> Path:
    """A site folder with one library whose only shard is damaged but vouched for."""
    root.mkdir()
    info = write_shard(root, "lib", "1.0.0", RECORDS)
    raw = damage(gzip.decompress((root / info.path).read_bytes()), root)
    packed = gzip.compress(raw, mtime=0)
    (root / info.path).write_bytes(packed)
    shard = {
        "path": info.path,
        "sha256": hashlib.sha256(packed).hexdigest(),
        "bytes": len(packed),
        "rawBytes": len(raw),
        "sections": len(RECORDS),
        "format": info.format,
        "tokenizer": TOKENIZER,
    }
    catalog = {
        "format": "doctrove-catalog@1",
        "buildId": "0" * 64,
        "builderVersion": "test",
        "site": {"title": "Damaged", "baseUrl": ""},
        "entries": [
            {"id": "lib", "name": "Lib", "versions": ["1.0.0"], "shards": {"1.0.0": shard}}
        ],
    }
    (root / "catalog.json").write_bytes(orjson.dumps(catalog))
    return root


@pytest.mark.parametrize("damage", DAMAGES, ids=lambda d: d.__name__)
def test_the_cli_exits_with_the_error_code(
    damage: Callable[[bytes, Path], bytes], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("DOCTROVE_INDEX_URL", "DOCTROVE_LOCAL_INDEX", "DOCTROVE_CONFIG"):
        monkeypatch.delenv(name, raising=False)
    site = damaged_site(tmp_path / "site", damage)
    common = ["--local-index", str(site), "--cache-dir", str(tmp_path / "cache")]
    for command in (["extract", "lib", "--focus", "timeouts"], ["read", "lib", "topic-1"]):
        result = CliRunner().invoke(main, [*command, *common])
        assert isinstance(result.exception, SystemExit), result.exception
        assert result.exit_code == 2
        assert "docclient: config: the shard of lib 1.0.0 is" in result.output


@pytest.mark.parametrize("damage", DAMAGES, ids=lambda d: d.__name__)
def test_the_mcp_tools_answer_with_an_error_result(
    damage: Callable[[bytes, Path], bytes], tmp_path: Path
) -> None:
    site = damaged_site(tmp_path / "site", damage)
    cli = {"local_index": str(site), "cache_dir": str(tmp_path / "cache")}
    service = make_service(resolve_settings(cli, {}))
    calls = [
        ("doc_extract", {"id": "lib", "version": "1.0.0", "focus": "timeouts"}),
        ("doc_extract", {"id": "lib", "version": "1.0.0"}),
        ("doc_read", {"id": "lib", "version": "1.0.0", "anchor": "topic-1"}),
    ]
    for tool, arguments in calls:
        outcome = call_tool(service, TOOLS_BY_NAME[tool], arguments)
        assert outcome.is_error
        error = outcome.structured["error"]
        assert error["code"] == "config", error
        assert error["message"].startswith("the shard of lib 1.0.0 is")
