"""``docclient`` through its command line, answering from the bundled site."""

from collections.abc import Iterator
from pathlib import Path

import orjson
import pytest
from click.testing import CliRunner

from client.assemble import bundled_site
from client.cli import main
from client.mcp_schemas import EXTRACT_RESULT, RELEASES_RESULT
from tests.shared_anchor_site import DEPLOY, GUIDE, LIBRARY, SHARED, build_shared_anchor_site
from tests.site_data_support import make_site, records
from tests.validation_support import validate


@pytest.fixture
def run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    monkeypatch.setenv("DOCTROVE_CACHE_DIR", str(tmp_path / "cache"))
    for name in (
        "DOCTROVE_INDEX_URL",
        "DOCTROVE_LOCAL_INDEX",
        "DOCTROVE_CONFIG",
        "DOCTROVE_ALLOW_BUNDLED",
    ):
        monkeypatch.delenv(name, raising=False)

    def invoke(*args: str) -> tuple[int, str]:
        result = CliRunner().invoke(main, list(args))
        return result.exit_code, result.output

    return invoke


def test_lookup_text_and_json(run) -> None:  # type: ignore[no-untyped-def]
    code, output = run("lookup", "werkzeug")
    assert code == 0
    assert (
        "- werkzeug (Werkzeug) score 1.00 [exact id match; exact name match] latest 3.1.3" in output
    )
    assert "source bundled:" in output and "built 2026-11-30" in output
    code, output = run("lookup", "werkzeug", "--json")
    assert code == 0 and orjson.loads(output)["results"][0]["id"] == "werkzeug"


def test_releases_extract_read(run) -> None:  # type: ignore[no-untyped-def]
    code, output = run("releases", "pypinyin")
    assert code == 0 and "latest 0.55.0; versions 0.55.0, 0.49.0" in output
    code, output = run("extract", "werkzeug", "--version", "2", "--focus", "routing", "--json")
    answer = orjson.loads(output)
    assert code == 0 and answer["version"] == "2.3.8" and answer["releaseKind"] == "prefix"
    found = answer["sections"][0]
    anchor, sha, page = found["anchor"], found["sha256"], found["source"]
    code, output = run("read", "werkzeug", anchor, "--version", "2.3.8", "--expected-hash", sha)
    lines = f"lines {found['lines'][0]}-{found['lines'][1]}"
    assert code == 0 and f"\n{page}#{anchor} {lines} sha256 {sha[:12]}" in output
    # The text shows the first 12 characters of the sha256, which is what a reader copies;
    # the refusal said only "must be 64 lowercase hex characters", not where the whole one is.
    code, output = run(
        "read", "werkzeug", anchor, "--version", "2.3.8", "--expected-hash", sha[:12]
    )
    assert code == 2
    assert "a section's whole sha256" in output and "--json answers give it whole" in output
    code, output = run("extract", "attrs")
    assert code == 0 and "Table of contents" in output
    # It said "read it again without expectedHash", doc_read's name for --expected-hash.
    code, output = run(
        "read", "werkzeug", anchor, "--version", "2.3.8", "--expected-hash", "0" * 64
    )
    assert code == 1 and f"docclient: version: the section '{page}#{anchor}' of werkzeug" in output
    assert "; read it again without --expected-hash and quote the new text" in output


@pytest.fixture(scope="module")
def twin_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_shared_anchor_site(tmp_path_factory.mktemp("twin"))


def test_the_table_of_contents_shows_each_entrys_page(run, twin_site: Path) -> None:  # type: ignore[no-untyped-def]
    code, output = run("extract", LIBRARY, "--local-index", str(twin_site))
    assert code == 0
    assert f"  - Configuration {DEPLOY}#{SHARED}\n" in output
    assert f"  - Configuration {GUIDE}#{SHARED}\n" in output


def test_read_of_a_shared_anchor_asks_for_the_page(run, twin_site: Path) -> None:  # type: ignore[no-untyped-def]
    code, output = run("read", LIBRARY, SHARED, "--local-index", str(twin_site))
    assert code == 2
    assert f"docclient: validation: anchor {SHARED!r} names 2 sections of twin 1.0.0" in output
    # It said "say which with page", doc_read's argument, to a person at a shell.
    assert "; say which with --page (or send page#anchor): " in output
    assert f"{DEPLOY}#{SHARED} (Deploy > Configuration)" in output
    assert f"{GUIDE}#{SHARED} (Guide > Configuration)" in output
    for args in (("--page", GUIDE), ()):
        address = SHARED if args else f"{GUIDE}#{SHARED}"
        code, output = run("read", LIBRARY, address, *args, "--local-index", str(twin_site))
        assert code == 0, output
        assert f"\n{GUIDE}#{SHARED} lines" in output
        assert "Set guide options in guide.toml." in output and "deploy.toml" not in output


@pytest.mark.parametrize(
    ("args", "exit_code", "message"),
    [
        (("extract", "flaskk"), 1, "docclient: not-found: no library with id 'flaskk'"),
        # It said "call catalog_lookup", a tool of the MCP server, to a person at a shell.
        (("extract", "flaskk"), 1, "; run docclient lookup flaskk to find the id"),
        (("extract", "express", "--version", "9"), 1, "docclient: version: no version matches"),
        # It said "take anchors from doc_extract results", a tool of the MCP server.
        (("read", "attrs", "no-such-anchor"), 1, "from docclient extract results or its table"),
        (("lookup", ""), 2, "docclient: validation: query must not be empty"),
        # Bytes that are not UTF-8 on a command line reach Python as lone surrogates: SQLite
        # could not encode them (a traceback).
        (("read", "attrs", "\udcff"), 2, "docclient: validation: anchor is not Unicode text"),
        (("lookup", "x", "--cache-ttl", "0x10"), 2, "docclient: config:"),
        (("status", "--local-index", "/nonexistent/index.json"), 2, "docclient: config:"),
        # Refused by the service in the tool's words ("maxTokens must be from 100 to 50000"),
        # which name no option of the command line; its bounds now are the options' own.
        (
            ("extract", "attrs", "--max-tokens", "5"),
            2,
            "Invalid value for '--max-tokens': 5 is not in the range 100<=x<=50000",
        ),
        (("extract", "attrs", "--max-sections", "51"), 2, "'--max-sections': 51 is not in"),
        (("lookup", "attrs", "--limit", "0"), 2, "'--limit': 0 is not in the range 1<=x<=50"),
        (("read", "attrs", "x", "--neighbours", "6"), 2, "'--neighbours': 6 is not in the range"),
    ],
)
def test_errors_map_to_exit_codes(
    run,
    args: tuple[str, ...],
    exit_code: int,  # type: ignore[no-untyped-def]
    message: str,
) -> None:
    code, output = run(*args)
    assert code == exit_code and message in output


def test_an_unknown_id_is_printed_without_its_control_characters(run) -> None:  # type: ignore[no-untyped-def]
    # The command to run quoted the id for a shell, escape and newline as they were: a
    # terminal acted on "\x1b[2J", and the one-line error took two lines.
    for wanted in ("a\x1b[2Jb", "fla\nskk", "a\tb"):
        code, output = run("extract", wanted)
        assert code == 1
        assert output == (
            f"docclient: not-found: no library with id {wanted!r}; run docclient lookup NAME "
            "to find the id\n"
        )


def test_json_is_offered_by_the_commands_that_print_an_answer_and_not_by_serve() -> None:
    # serve prints no answer: a --json it took would be ignored, while its help promised one.
    for name, command in main.commands.items():
        options = {opt for param in command.params for opt in getattr(param, "opts", [])}
        assert ("--json" in options) == (name != "serve"), name
    result = CliRunner().invoke(main, ["serve", "--json"])
    assert result.exit_code == 2 and "No such option '--json'" in result.output


def test_every_setting_is_an_option_of_every_command() -> None:
    from client.config import SETTINGS

    for command in main.commands.values():
        options = {opt for param in command.params for opt in getattr(param, "opts", [])}
        for setting in SETTINGS:
            if setting.flag:
                assert setting.flag in options, (command.name, setting.flag)


def test_sync_then_answer_offline(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Sync from a real server, stop it, and still answer from the disk copy, marked stale."""
    from builder.serve import start_server
    from client.assemble import bundled_site

    site = bundled_site()
    assert site is not None
    server = start_server(site)
    url = server.url
    try:
        code, output = run("sync", "--index-url", url, "--json")
        assert code == 0, output
        result = orjson.loads(output)
        assert not result["failures"]
        assert result["shards"] == 28
    finally:
        server.stop()
    # --cache-ttl 0 re-checks on every call: the site is gone, so the copy on disk answers.
    code, output = run(
        "extract",
        "werkzeug",
        "--focus",
        "routing",
        "--index-url",
        url,
        "--cache-ttl",
        "0",
        "--json",
    )
    assert code == 0, output
    answer = orjson.loads(output)
    assert answer["provenance"]["kind"] == "disk" and answer["provenance"]["stale"] is True
    assert answer["sections"]


def test_sync_of_a_plain_host_says_what_it_costs_and_shows_progress_on_stderr(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from builder.serve import start_server

    monkeypatch.setenv("DOCTROVE_CACHE_DIR", str(tmp_path / "cache"))
    plain = tmp_path / "plain"
    plain.mkdir()
    entries = [
        {
            "id": f"lib{i}",
            "name": f"Lib {i}",
            "versions": ["1.0"],
            "volumes": {"1.0": {"sections": [{"heading": "Intro", "body": "x", "path": "p"}]}},
        }
        for i in range(3)
    ]
    (plain / "index.json").write_bytes(
        orjson.dumps({"format": "doctrove-index@1", "entries": entries})
    )
    server = start_server(plain)
    try:
        args = ["sync", "--index-url", server.url, "--plain-max-entries", "2"]
        result = CliRunner().invoke(main, args)
    finally:
        server.stop()
    assert result.exit_code == 0, result.output
    notice, *progress = result.stderr.splitlines()
    assert notice.startswith("docclient: 3 versions of 3 entries come from hosts that publish")
    assert "sync builds 2 (about" in notice and "the other 1 are built when first" in notice
    assert progress[-1] == "docclient: sync 2/2 shards (lib1 1.0)"
    assert "built 2" in result.stdout and "skipped 1" in result.stdout


@pytest.fixture
def two_sites(tmp_path: Path) -> Iterator[tuple[str, str]]:
    """The issue's scenario on two real hosts: a private site with a werkzeug 3.2.0 fork, then
    the public site with 3.1.3 and 2.3.8."""
    from builder.serve import start_server

    private, public = tmp_path / "private", tmp_path / "public"
    private.mkdir()
    public.mkdir()
    fork = [{"heading": "Fork routing", "body": "The fork's routing.", "path": "p"}]
    make_site(private, {"werkzeug": {"3.2.0": fork}}, "Private ")
    make_site(public, {"werkzeug": {v: records("werkzeug", v) for v in ("3.1.3", "2.3.8")}})
    servers = [start_server(private), start_server(public)]
    try:
        yield servers[0].url, servers[1].url
    finally:
        for server in servers:
            server.stop()


def test_two_sites_merge_by_version_and_name_the_source_served(run, two_sites) -> None:  # type: ignore[no-untyped-def]
    private, public = two_sites
    sites = ["--index-url", private, "--index-url", public]
    code, output = run("extract", "werkzeug", "--version", "2.3.8", *sites, "--json")
    assert code == 0, output
    answer = orjson.loads(output)
    assert (answer["version"], answer["source"]) == ("2.3.8", f"remote:{public}")
    assert answer["toc"][0]["heading"] == "werkzeug 2.3.8 intro"
    validate(answer, EXTRACT_RESULT)
    code, output = run("extract", "werkzeug", *sites, "--json")
    assert orjson.loads(output)["source"] == f"remote:{private}"
    code, output = run("releases", "werkzeug", *sites, "--json")
    answer = orjson.loads(output)
    assert answer["versions"] == ["3.2.0", "3.1.3", "2.3.8"]
    assert answer["versionSources"] == {
        "3.2.0": f"remote:{private}",
        "3.1.3": f"remote:{public}",
        "2.3.8": f"remote:{public}",
    }
    validate(answer, RELEASES_RESULT)
    code, output = run("releases", "werkzeug", *sites)
    assert code == 0 and f"\n- 2.3.8: remote:{public}" in output
    code, output = run("lookup", "werkzeug", *sites, "--json")
    assert [r["id"] for r in orjson.loads(output)["results"]] == ["werkzeug"]


@pytest.fixture
def down_url() -> str:
    """A URL nothing listens on: a real server's, after it stopped."""
    from builder.serve import start_server

    server = start_server(Path(__file__).parent)
    url = server.url
    server.stop()
    return url


def test_a_site_down_with_nothing_cached_is_a_network_error_naming_it(run, down_url: str) -> None:  # type: ignore[no-untyped-def]
    secret = down_url.replace("http://", "http://reader:s3cret@")
    code, output = run("lookup", "werkzeug", "--index-url", secret)
    assert code == 1
    assert output.startswith(f"docclient: network: {down_url} failed (could not fetch ")
    assert "--allow-bundled" in output and "s3cret" not in output
    code, output = run("sync", "--index-url", secret)
    assert code == 1 and f"docclient: sync failed: {down_url}: could not fetch" in output
    assert "s3cret" not in output
    code, output = run("status", "--index-url", secret, "--json")
    assert code == 0 and "s3cret" not in output
    (source,) = orjson.loads(output)["data"]["sources"]
    assert (source["source"], source["state"]) == (down_url, "failed")


def test_the_bundled_example_answers_for_a_site_down_only_when_allowed_and_says_so(
    run, down_url: str
) -> None:  # type: ignore[no-untyped-def]
    allowed = ["--index-url", down_url, "--allow-bundled"]
    code, output = run("extract", "werkzeug", "--focus", "routing", *allowed)
    assert code == 0, output
    assert output.startswith(f"FALLBACK: {down_url} failed since ")
    assert output.splitlines()[0].endswith("; answering from bundled:" + str(bundled_site()))
    code, output = run("extract", "werkzeug", "--focus", "routing", *allowed, "--json")
    answer = orjson.loads(output)
    reason = answer["provenance"]["fallbackReason"]
    assert (reason["site"], answer["provenance"]["kind"]) == (down_url, "bundled")
    assert reason["error"].startswith(f"could not fetch {down_url}catalog.json")
    validate(answer, EXTRACT_RESULT)
    code, output = run("lookup", "werkzeug", *allowed)
    assert code == 0 and output.startswith(f"FALLBACK: {down_url} failed since ")
    # The listing said only "19 libraries from bundled:...", as if no site were configured.
    code, output = run("list", *allowed)
    assert code == 0 and output.startswith(f"FALLBACK: {down_url} failed since ")
    assert output.splitlines()[1].startswith("19 libraries from bundled:")


def test_a_version_missing_while_a_site_is_down_names_that_site(run, two_sites, down_url) -> None:  # type: ignore[no-untyped-def]
    _private, public = two_sites
    sites = ["--index-url", down_url, "--index-url", public]
    code, output = run("extract", "werkzeug", "--version", "3.2.0", *sites)
    assert code == 1
    assert output.startswith("docclient: version: no version matches '3.2.0'")
    assert f"; {down_url} failed since " in output and "not listed until it answers" in output
    code, output = run("extract", "werkzeug", "--version", "2.3.8", *sites)
    assert code == 0 and output.startswith(f"FALLBACK: {down_url} failed since ")


def test_list_names_every_library_with_its_versions_and_source(run) -> None:  # type: ignore[no-untyped-def]
    code, output = run("list")
    assert code == 0
    lines = output.splitlines()
    assert lines[0].startswith("19 libraries from bundled:")
    # The id column is as wide as the longest id.
    werkzeug = next(line for line in lines if line.startswith("werkzeug "))
    assert werkzeug.split(None, 1)[1] == "Werkzeug: latest 3.1.3; versions 3.1.3, 2.3.8"
    code, output = run("list", "--json")
    answer = orjson.loads(output)
    assert code == 0 and answer["total"] == len(answer["libraries"]) == 19
    assert [library["id"] for library in answer["libraries"]][:3] == ["anyio", "attrs", "cattrs"]
    pypinyin = next(lib for lib in answer["libraries"] if lib["id"] == "pypinyin")
    assert pypinyin["versions"] == ["0.55.0", "0.49.0"] and pypinyin["latest"] == "0.55.0"
    assert pypinyin["source"].startswith("bundled:")


def test_status_prints_booleans_and_times_for_people(run) -> None:  # type: ignore[no-untyped-def]
    code, output = run("status")
    assert code == 0
    bundled = next(line for line in output.splitlines() if line.startswith("- bundled:"))
    assert "copy fresh" in bundled and "built 2026-11-30 00:00:00 UTC" in bundled
    assert "False" not in output and "True" not in output and "T00:00" not in output
    code, output = run("releases", "pypinyin")
    assert code == 0 and "built 2026-11-30 00:00:00 UTC" in output and "T00:00" not in output


def test_no_match_says_so_once(run) -> None:  # type: ignore[no-untyped-def]
    code, output = run("lookup", "zzqx-nothing")
    assert code == 0
    assert output.lower().count("no library matches") == 1
    assert output.startswith("No library matches 'zzqx-nothing'; try its package name")
