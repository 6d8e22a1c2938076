"""Fault injection: each tool, cold and warm, against a real builder.serve behind a faulty proxy.

tests/fault_proxy.py stands between the client and builder.serve hosting a tiny built site, and
breaks the catalog or a shard in one way per test (hang, trickle, truncate, a gzip stream cut
short, flipped bytes, another shard's bytes, flipping ETags, an unsolicited 304, a redirect
loop). Each test calls one tool through the service the CLI and the MCP server use, with a short
timeout, on a cold cache or after a clean sync (then again once the copy is due for another
check, unless the fault only costs a timeout), and asserts what the client promises whatever the
network does:

- the call ends: it runs in a thread given the timeout of every download it may wait on, plus a
  margin. This detects hangs; it does not measure speed;
- it ends with an answer or a ClientError with its code, never any other exception;
- an answer has the content of a clean run and says where it came from: fresh from the site, the
  stale copy on disk, or (nothing cached) the bundled example;
- the disk cache holds only sound files afterwards, and a clean run then answers correctly;
- under flipping ETags, each answer comes from the body its own request got, and the last ETag
  is the one kept for the next conditional request.
"""

from __future__ import annotations

import contextlib
import enum
import gzip
import hashlib
import os
import shutil
import tempfile
import threading
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import orjson
import pytest
from click.testing import CliRunner, Result
from msgspec import to_builtins

from builder.config import load_catalog
from builder.pipeline import build_site
from builder.serve import RunningServer, start_server
from client.assemble import make_service
from client.cli import main
from client.config import SETTINGS, Settings
from client.errors import ClientError
from client.service import DocService
from client.site_data import SiteData
from tests.fault_proxy import (
    Corrupt,
    Fault,
    FaultProxy,
    FlipETag,
    Hang,
    RedirectLoop,
    Substitute,
    Trickle,
    TrickleHead,
    Truncate,
    TruncateGzip,
    Unsolicited304,
)

T = TypeVar("T")
REPO = Path(__file__).resolve().parents[1]
BUNDLED_CATALOG = REPO / "client" / "bundled" / "catalog.json"
LIBRARY = "faultlib"
VERSION = "2.0.0"
OTHER_VERSION = "1.0.0"
ANCHOR = "retry-policy"
START = 1_800_000_000.0
CACHE_TTL = 600
COOLDOWN_SECONDS = 30.0
# The download timeout when the fault is slowness (a hang, a trickle): short, so the case ends
# soon. Other faults get CLEAN_TIMEOUT_MS: on a loaded machine a sound download can take longer
# than FAULT_TIMEOUT_MS, and a timeout is not the outcome those cases check.
FAULT_TIMEOUT_MS = 400
CLEAN_TIMEOUT_MS = 20_000
# A call waits on at most two downloads (the catalog, then a shard), each within the timeout.
DOWNLOADS_PER_CALL = 2
HANG_MARGIN_SECONDS = 5.0
CALL_LIMIT_SECONDS = DOWNLOADS_PER_CALL * FAULT_TIMEOUT_MS / 1000 + HANG_MARGIN_SECONDS
TARGETS = {"catalog": r"/catalog\.json", "shard": r"/shards/.+"}
PROVENANCE_KEYS = frozenset({"source", "sources", "provenance", "versionSources"})

CATALOG_TOML = f"""
[site]
title = "Fault site"
base_url = "https://faults.example.invalid/"

[[libraries]]
id = "{LIBRARY}"
name = "Faultlib"
summary = "A library documented only on the faulty site"

  [[libraries.versions]]
  version = "{VERSION}"
  path = "docs/{VERSION}"

  [[libraries.versions]]
  version = "{OTHER_VERSION}"
  path = "docs/{OTHER_VERSION}"
"""
PAGES = {
    VERSION: "# Faultlib\n\n## Retry policy\n\nRetries back off exponentially.\n\n"
    "## Timeouts\n\nEvery call has a deadline.\n",
    OTHER_VERSION: "# Faultlib\n\n## Retry policy\n\nRetries are linear.\n",
}

TOOLS: dict[str, Callable[[DocService], dict[str, Any]]] = {
    "lookup": lambda service: to_builtins(service.lookup(LIBRARY)),
    "releases": lambda service: to_builtins(service.releases(LIBRARY)),
    "extract": lambda service: to_builtins(service.extract(LIBRARY, VERSION, "retry policy")),
    "read": lambda service: to_builtins(service.read(LIBRARY, VERSION, ANCHOR)),
}
SHARD_TOOLS = ("extract", "read")


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@dataclass(frozen=True)
class FaultSite:
    """The built site and the bytes a sound cache may hold."""

    root: Path
    catalog: bytes
    variant: bytes  # the same catalog under another buildId: valid, but another body
    other_shard_path: str  # a shard the tools do not read
    published: dict[str, bytes]  # published shard bytes by their sha256

    @property
    def bodies(self) -> set[str]:
        return {sha256(self.catalog), sha256(self.variant)}

    @property
    def build_id(self) -> str:
        return str(orjson.loads(self.catalog)["buildId"])

    @property
    def build_ids(self) -> set[str]:
        return {self.build_id, str(orjson.loads(self.variant)["buildId"])}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> FaultSite:
    source = tmp_path_factory.mktemp("fault-source")
    (source / "docbuild.toml").write_text(CATALOG_TOML, encoding="utf-8")
    for version, page in PAGES.items():
        (source / "docs" / version).mkdir(parents=True)
        (source / "docs" / version / "index.md").write_text(page, encoding="utf-8")
    root = source / "site"
    build_site(load_catalog(source / "docbuild.toml"), root)
    catalog = (root / "catalog.json").read_bytes()
    document = orjson.loads(catalog)
    shards = document["entries"][0]["shards"]
    variant = orjson.dumps({**document, "buildId": sha256(b"another build")})
    return FaultSite(
        root=root,
        catalog=catalog,
        variant=variant,
        other_shard_path="/" + shards[OTHER_VERSION]["path"],
        published={s["sha256"]: (root / s["path"]).read_bytes() for s in shards.values()},
    )


@pytest.fixture(scope="module")
def upstream(site: FaultSite) -> Iterator[RunningServer]:
    with start_server(site.root) as server:
        yield server


@pytest.fixture(scope="module")
def running_proxy(upstream: RunningServer) -> Iterator[FaultProxy]:
    with FaultProxy(upstream.url) as running:
        yield running


@pytest.fixture
def proxy(running_proxy: FaultProxy) -> Iterator[FaultProxy]:
    running_proxy.reset()
    yield running_proxy
    running_proxy.reset()


# The client fsyncs every file it stores, some 10 ms each on a real disk and a few dozen per
# test; durability is not what this suite checks, so its caches live in memory when they can.
MEMORY_FOLDER = Path("/dev/shm")


@contextlib.contextmanager
def scratch_folder(fallback: Path) -> Iterator[Path]:
    if not (MEMORY_FOLDER.is_dir() and os.access(MEMORY_FOLDER, os.W_OK)):
        yield fallback
        return
    folder = Path(tempfile.mkdtemp(prefix="doctrove-faults-", dir=MEMORY_FOLDER))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def cache_folder(tmp_path: Path) -> Iterator[Path]:
    with scratch_folder(tmp_path) as folder:
        yield folder / "cache"


class Clock:
    """A wall clock the test moves by hand (copies age, cooldowns end, without sleeping)."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def settings(cache: Path, url: str, timeout_ms: int) -> Settings:
    return Settings(
        index_urls=(url,),
        local_index=None,
        cache_ttl=CACHE_TTL,
        timeout_ms=timeout_ms,
        cooldown_seconds=COOLDOWN_SECONDS,
        min_confidence=None,
        cache_size=256,
        cache_dir=cache,
        debug=False,
        config_file=None,
    )


def close(service: DocService) -> None:
    assert isinstance(service.data, SiteData)
    service.data.close()


def content(answer: dict[str, Any]) -> dict[str, Any]:
    """An answer without where it came from: what a clean run and a fallback must agree on."""
    kept = {key: value for key, value in answer.items() if key not in PROVENANCE_KEYS}
    if "results" in kept:
        kept["results"] = [content(result) for result in kept["results"]]
    return kept


def provenances(answer: dict[str, Any]) -> list[dict[str, Any]]:
    if "results" in answer:
        return [result["provenance"] for result in answer["results"]]
    return [answer["provenance"]]


def library_ids(answer: dict[str, Any]) -> list[str]:
    if "results" in answer:
        return [result["id"] for result in answer["results"]]
    return [answer["id"]]


@pytest.fixture(scope="module")
def reference(
    upstream: RunningServer, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, dict[str, Any]]:
    """Each tool's answer from a clean run, without provenance."""
    cache = tmp_path_factory.mktemp("reference-cache")
    service = make_service(settings(cache, upstream.url, CLEAN_TIMEOUT_MS), clock=Clock(START))
    try:
        answers = {tool: content(ask(service)) for tool, ask in TOOLS.items()}
    finally:
        close(service)
    assert answers["lookup"]["results"][0]["id"] == LIBRARY
    assert answers["read"]["sections"][0]["anchor"] == ANCHOR
    return answers


@dataclass(frozen=True)
class Outcome:
    answer: dict[str, Any] | None
    error: ClientError | None


def finish_within_limit(work: Callable[[], T]) -> T:
    """Run ``work`` in a thread and return what it returns; fail the test if it hangs or
    raises anything outside ClientError (re-raised as it is)."""
    found: list[T] = []
    raised: list[BaseException] = []

    def run() -> None:
        try:
            found.append(work())
        except ClientError as exc:
            raised.append(exc)
        except BaseException:
            raised.append(AssertionError(traceback.format_exc()))

    thread = threading.Thread(target=run, name="guarded-call", daemon=True)
    thread.start()
    thread.join(CALL_LIMIT_SECONDS)
    if thread.is_alive():
        pytest.fail(f"the call did not end within {CALL_LIMIT_SECONDS:g} s (a hang)")
    if raised and not isinstance(raised[0], ClientError):
        pytest.fail(f"the call ended with an exception outside ClientError:\n{raised[0]}")
    if raised:
        raise raised[0]
    return found[0]


def call_guarded(ask: Callable[[], dict[str, Any]]) -> Outcome:
    try:
        return Outcome(finish_within_limit(ask), None)
    except ClientError as exc:
        return Outcome(None, exc)


class Expect(enum.Enum):
    FRESH = "the site's answer, confirmed now"
    STALE = "the last good copy on disk, marked stale"
    FALLBACK = "nothing cached: the bundled example answers, or a coded error"
    TIMEOUT = "error code timeout (or a correct answer from a fallback)"
    NETWORK = "error code network (or a correct answer from a fallback)"


@dataclass(frozen=True)
class FaultKind:
    name: str
    make: Callable[[FaultSite], Fault]
    targets: tuple[str, ...]
    breaks_body: bool  # whether the catalog the client gets is unusable


FAULTS = (
    FaultKind("hang", lambda site: Hang(), ("catalog", "shard"), True),
    FaultKind("trickle", lambda site: Trickle(), ("catalog", "shard"), True),
    # Bytes keep coming but none decodes: only a deadline on the bytes received stops it.
    FaultKind(
        "trickle-gzip-header", lambda site: Trickle(gzip_name_bytes=4000), ("catalog",), True
    ),
    FaultKind("trickle-head", lambda site: TrickleHead(), ("catalog",), True),
    FaultKind("truncate", lambda site: Truncate(), ("catalog", "shard"), True),
    FaultKind("truncate-gzip", lambda site: TruncateGzip(), ("catalog", "shard"), True),
    FaultKind("corrupt", lambda site: Corrupt(), ("catalog", "shard"), True),
    # The same flips in the gzip stream the server sends (a shard's bytes are sent as they are).
    FaultKind("corrupt-gzip", lambda site: Corrupt(encoded=True), ("catalog",), True),
    FaultKind("wrong-hash", lambda site: Substitute(site.other_shard_path), ("shard",), True),
    FaultKind("flip-etag-same-body", lambda site: FlipETag(), ("catalog",), False),
    FaultKind("flip-etag-new-body", lambda site: FlipETag(site.variant), ("catalog",), False),
    FaultKind("unsolicited-304", lambda site: Unsolicited304(), ("catalog",), True),
    FaultKind("redirect-loop", lambda site: RedirectLoop(), ("catalog", "shard"), True),
)
SLOW_FAULTS = ("hang", "trickle", "trickle-gzip-header", "trickle-head")


def expected(fault: FaultKind, target: str, cache: str) -> Expect:
    if target == "shard":
        if cache == "warm":
            return Expect.FRESH  # shards are content-addressed: the synced copy is never asked for
        return Expect.TIMEOUT if fault.name in SLOW_FAULTS else Expect.NETWORK
    if not fault.breaks_body:
        return Expect.FRESH
    if cache == "cold":
        return Expect.FALLBACK
    # A 304 to a conditional request confirms the stored copy, whatever its ETag.
    return Expect.FRESH if fault.name == "unsolicited-304" else Expect.STALE


def cases() -> Iterator[Any]:
    for fault in FAULTS:
        for target in fault.targets:
            for tool in TOOLS:
                if target == "shard" and tool not in SHARD_TOOLS:
                    continue
                for cache in ("cold", "warm"):
                    case_id = f"{fault.name}-{target}-{tool}-{cache}"
                    yield pytest.param(fault, target, tool, cache, id=case_id)


def check(outcome: Outcome, expect: Expect, reference: dict[str, Any]) -> None:
    error = outcome.error
    described = f"{error.code}: {error.message}" if error else "an answer"
    if expect in (Expect.TIMEOUT, Expect.NETWORK):
        if outcome.answer is not None:  # a fallback for the shard: it must still be right
            assert content(outcome.answer) == reference
            return
        assert error is not None and error.code == expect.name.lower(), described
        return
    if expect is Expect.FALLBACK:
        if error is not None:
            assert error.code in ("not-found", "network", "timeout"), described
            return
        assert outcome.answer is not None
        assert LIBRARY not in library_ids(outcome.answer)
        assert {p["kind"] for p in provenances(outcome.answer)} <= {"bundled"}
        return
    assert outcome.answer is not None, described
    assert content(outcome.answer) == reference
    standing = {(p["kind"], p["stale"]) for p in provenances(outcome.answer)}
    assert standing == ({("remote", False)} if expect is Expect.FRESH else {("disk", True)})


def assert_cache_sound(cache: Path, site: FaultSite) -> None:
    """Only files a clean run could have written: no half download, no damaged body."""
    base = cache / "v1"
    assert not list(base.glob("*/.tmp-*"))
    for blob in (base / "blobs").glob("*"):
        assert blob.name in site.bodies and sha256(blob.read_bytes()) == blob.name
    for copy in (base / "copies").glob("*.json"):
        assert orjson.loads(copy.read_bytes())["sha256"] in site.bodies
    vouched = {*site.bodies, sha256(BUNDLED_CATALOG.read_bytes())}
    for verdict in (base / "verdicts").glob("*.json"):
        assert verdict.name.split(".")[0] in vouched
    for database in (base / "shards").glob("*.sqlite"):
        raw = database.read_bytes()
        assert raw == gzip.decompress(site.published[database.stem])
        facts = orjson.loads(database.with_suffix(".json").read_bytes())
        assert facts == {"rawBytes": len(raw), "rawSha256": sha256(raw)}


@pytest.fixture(scope="module")
def synced(running_proxy: FaultProxy, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A cache after a clean sync through the proxy at START, copied for each warm case."""
    with scratch_folder(tmp_path_factory.mktemp("synced")) as folder:
        cache = folder / "cache"
        service = make_service(
            settings(cache, running_proxy.url, CLEAN_TIMEOUT_MS), clock=Clock(START)
        )
        try:
            assert isinstance(service.data, SiteData)
            summary = service.data.sync()
        finally:
            close(service)
        assert summary["failures"] == [] and summary["downloaded"] == len(PAGES)
        yield cache


@pytest.mark.parametrize(("fault", "target", "tool", "cache"), list(cases()))
def test_a_fault_ends_in_an_answer_or_a_coded_error_and_leaves_the_cache_sound(
    fault: FaultKind,
    target: str,
    tool: str,
    cache: str,
    site: FaultSite,
    proxy: FaultProxy,
    reference: dict[str, dict[str, Any]],
    synced: Path,
    cache_folder: Path,
) -> None:
    folder = cache_folder
    if cache == "warm":
        shutil.copytree(synced, folder)
    proxy.inject(TARGETS[target], fault.make(site))
    expect = expected(fault, target, cache)
    clock = Clock(START)
    timeout_ms = FAULT_TIMEOUT_MS if fault.name in SLOW_FAULTS else CLEAN_TIMEOUT_MS
    service = make_service(settings(folder, proxy.url, timeout_ms), clock=clock)
    try:
        # Once past the TTL of the synced copy, and once more when that check is due again (a
        # slow fault only once: its second call would wait out the same timeout on the same path).
        outcomes = []
        for step in (1,) if fault.name in SLOW_FAULTS else (1, 2):
            clock.now = START + step * (CACHE_TTL + 1)
            outcomes.append(call_guarded(lambda: TOOLS[tool](service)))
            check(outcomes[-1], expect, reference[tool])
    finally:
        close(service)
    if fault.name.startswith("flip-etag"):
        # Each answer came from the body of its own request, and the last ETag was kept.
        builds = {p["buildId"] for o in outcomes if o.answer for p in provenances(o.answer)}
        served = site.build_ids if fault.name.endswith("new-body") else {site.build_id}
        assert builds == served
        (copy,) = (folder / "v1" / "copies").glob("*.json")
        assert orjson.loads(copy.read_bytes())["etag"] == '"flip-1"'
    if cache == "warm" and target == "shard":
        assert not [path for path in proxy.requests if path.startswith("/shards/")]
    assert_cache_sound(folder, site)
    # The site is sound again: a new process answers from it, correctly.
    proxy.clear()
    later = Clock(START + 3 * (CACHE_TTL + 1))
    clean = make_service(settings(folder, proxy.url, CLEAN_TIMEOUT_MS), clock=later)
    try:
        check(call_guarded(lambda: TOOLS[tool](clean)), Expect.FRESH, reference[tool])
    finally:
        close(clean)
    assert_cache_sound(folder, site)


# The same path through the command line: settings from options, exit codes, no traceback.

CLI_TOOLS = {
    "lookup": ["lookup", LIBRARY],
    "releases": ["releases", LIBRARY],
    "extract": ["extract", LIBRARY, "--version", VERSION, "--focus", "retry policy"],
    "read": ["read", LIBRARY, ANCHOR, "--version", VERSION],
}


def docclient(*args: str) -> Result:
    result = finish_within_limit(lambda: CliRunner().invoke(main, list(args)))
    # SystemExit is how the command ends with an exit status; anything else is a traceback.
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result


@pytest.fixture
def clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for setting in SETTINGS:
        if setting.env:
            monkeypatch.delenv(setting.env, raising=False)
    monkeypatch.delenv("DOCTROVE_CONFIG", raising=False)


@pytest.mark.usefixtures("clean_environment")
@pytest.mark.parametrize("tool", list(CLI_TOOLS))
def test_the_command_line_answers_from_the_stale_copy_while_the_site_hangs(
    tool: str, proxy: FaultProxy, cache_folder: Path, reference: dict[str, dict[str, Any]]
) -> None:
    where = ["--index-url", proxy.url, "--cache-dir", str(cache_folder), "--json"]
    assert docclient("sync", *where).exit_code == 0
    proxy.inject(TARGETS["catalog"], Hang())
    # A cache TTL of 0: the catalog is checked again now, and the site hangs.
    fast = ["--timeout-ms", str(FAULT_TIMEOUT_MS), "--cache-ttl", "0"]
    result = docclient(*CLI_TOOLS[tool], *where, *fast)
    assert result.exit_code == 0, result.output
    check(Outcome(orjson.loads(result.stdout), None), Expect.STALE, reference[tool])


@pytest.mark.usefixtures("clean_environment")
@pytest.mark.parametrize("tool", SHARD_TOOLS)
def test_the_command_line_reports_a_damaged_shard_with_its_code(
    tool: str, proxy: FaultProxy, cache_folder: Path, reference: dict[str, dict[str, Any]]
) -> None:
    proxy.inject(TARGETS["shard"], Corrupt())
    where = ["--index-url", proxy.url, "--cache-dir", str(cache_folder), "--json"]
    result = docclient(*CLI_TOOLS[tool], *where, "--timeout-ms", str(CLEAN_TIMEOUT_MS))
    if result.exit_code == 0:  # a fallback for the shard: it must still be right
        assert content(orjson.loads(result.stdout)) == reference[tool]
        return
    assert result.exit_code == 1
    assert result.stderr.startswith("docclient: network: "), result.stderr
    assert result.stdout == ""
