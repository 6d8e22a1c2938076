"""Import time, and validation time of a large catalog.json: the hand validator, msgspec, pydantic.

    python bench/catalog_models.py [--libraries 10000] [--catalog PATH] [--repeat 5]
        [--hand-validator-from e55c1c4]

The hand validator (client/catalog_check.py until the model replaced it) is read from the git
revision --hand-validator-from names; without it, that line is left out.

Without --catalog it builds the synthetic site of bench/client.py (a minute for 10,000 libraries)
in a temporary folder. Validation figures are CPU time, best and median of --repeat interleaved
rounds; imports are wall time in a fresh interpreter each, best of --repeat. The pydantic
models here mirror schemas.documents.Catalog for the comparison only; the product uses msgspec.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import subprocess
import sys
import tempfile
import time
import types
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import orjson

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

IMPORTS = {
    "the schemas package alone (orjson)": "schemas",
    "msgspec models (schemas.documents)": "schemas.documents",
    "the client's catalog check": "client.catalog_check",
    "pydantic (its package only, lazy)": "pydantic",
    "pydantic with the mirror models built": "pydantic; import bench.catalog_models as b; "
    "b._pydantic_catalog()",
    "jsonschema": "jsonschema",
}


def _import_ms(module: str, repeat: int) -> float:
    code = f"import time; t = time.perf_counter(); import {module}; print(time.perf_counter() - t)"
    runs = [
        float(
            subprocess.run(
                [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
            ).stdout
        )
        for _ in range(repeat)
    ]
    return min(runs) * 1000


def _cpu_ms(actions: dict[str, Callable[[], object]], repeat: int) -> dict[str, list[float]]:
    """CPU milliseconds of each action, in interleaved rounds: on a shared machine, CPU time and
    interleaving keep one action from getting all the quiet moments."""
    runs: dict[str, list[float]] = {label: [] for label in actions}
    for _ in range(repeat):
        for label, action in actions.items():
            start = time.process_time()
            action()
            runs[label].append((time.process_time() - start) * 1000)
    return runs


def _pydantic_catalog() -> Any:
    from pydantic import BaseModel, ConfigDict, Field

    sha = Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]
    non_empty = Annotated[str, Field(pattern=r"\S")]
    count = Annotated[int, Field(ge=0, strict=True)]
    closed = ConfigDict(extra="forbid", strict=True)

    class ShardRef(BaseModel):
        model_config = closed
        path: Annotated[str, Field(pattern=r"^shards/[^/]+/[^/]+\.[0-9a-f]{16}\.sqlite(\.gz)?$")]
        sha256: sha
        bytes: count
        rawBytes: count
        sections: count
        format: Annotated[str, Field(pattern=r"^doctrove-shard@[0-9]+$")]
        tokenizer: Annotated[str, Field(pattern=r"^doctrove-text@[0-9]+$")]

    class Entry(BaseModel):
        model_config = closed
        id: non_empty
        name: non_empty
        versions: list[non_empty]
        shards: dict[str, ShardRef]
        summary: str | None = None
        aliases: list[str] | None = None
        homepage: str | None = None
        popularity: Annotated[float, Field(ge=0)] | None = None
        packages: list[Annotated[str, Field(pattern=r"^[a-z0-9]+:\S+$")]] | None = None

    class SiteFile(BaseModel):
        path: Annotated[str, Field(pattern=r"^[^/]")]
        sha256: sha
        bytes: count

    class Site(BaseModel):
        model_config = closed
        title: str
        baseUrl: str

    class Catalog(BaseModel):
        model_config = closed
        format: str
        buildId: sha
        builderVersion: non_empty
        site: Site
        entries: list[Entry]
        updatedAt: str | None = None
        index: SiteFile | None = None

    return Catalog


def _hand_validator(revision: str) -> Callable[[Any], list[str]]:
    source = subprocess.run(
        ["git", "show", f"{revision}:client/catalog_check.py"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout
    module = types.ModuleType("hand_catalog_check")
    exec(compile(source, "hand_catalog_check.py", "exec"), module.__dict__)
    check: Callable[[Any], list[str]] = module.catalog_problems
    return check


def _catalog(args: argparse.Namespace, scratch: Path) -> Path:
    if args.catalog:
        return Path(args.catalog)
    spec = importlib.util.spec_from_file_location("bench_client", ROOT / "bench" / "client.py")
    assert spec is not None and spec.loader is not None
    bench_client = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench_client)
    site: Path = bench_client.make_site(scratch, args.libraries)
    return site / "catalog.json"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--libraries", type=int, default=10_000)
    parser.add_argument("--catalog")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--hand-validator-from", metavar="REVISION")
    args = parser.parse_args()

    print("import, fresh interpreter (best of", args.repeat, "):")
    for label, module in IMPORTS.items():
        print(f"  {label:45} {_import_ms(module, args.repeat):8.1f} ms")

    import msgspec

    from schemas.catalog_rules import catalog_problems
    from schemas.documents import CATALOG_DECODER, Catalog

    with tempfile.TemporaryDirectory() as scratch:
        body = _catalog(args, Path(scratch)).read_bytes()
    document = orjson.loads(body)
    pydantic_catalog = _pydantic_catalog()
    assert catalog_problems(body) == []
    print(f"validate a catalog of {len(document['entries'])} libraries, {len(body) >> 20} MB:")
    figures: dict[str, Callable[[], object]] = {"orjson parse alone": lambda: orjson.loads(body)}
    if args.hand_validator_from:
        hand = _hand_validator(args.hand_validator_from)
        figures["orjson parse + hand validator"] = lambda: hand(orjson.loads(body))
    figures |= {
        "msgspec decode + validate, one pass": lambda: CATALOG_DECODER.decode(body),
        "the client's check (model + cross-references)": lambda: catalog_problems(body),
        "orjson parse + msgspec.convert": lambda: msgspec.convert(orjson.loads(body), Catalog),
        "pydantic model_validate_json": lambda: pydantic_catalog.model_validate_json(body),
    }
    print(f"  {'CPU ms, interleaved rounds':45} {'best':>8} {'median':>8}")
    for label, runs in _cpu_ms(figures, args.repeat).items():
        print(f"  {label:45} {min(runs):8.1f} {statistics.median(runs):8.1f}")


if __name__ == "__main__":
    main()
