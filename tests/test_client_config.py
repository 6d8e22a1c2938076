"""Client settings: precedence, empty variables, strict types, config file, the settings table."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from client.config import (
    DEFAULTS,
    SETTINGS,
    Settings,
    redact_url,
    resolve_settings,
    split_credentials,
)
from client.errors import ConfigError

HOME = {"HOME": "/home/ada"}


def write_config(tmp_path: Path, document: Any) -> dict[str, str]:
    path = tmp_path / "doctrove.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return {**HOME, "DOCTROVE_CONFIG": str(path)}


def test_defaults_with_nothing_set() -> None:
    settings = resolve_settings({}, HOME)
    assert settings == Settings(
        index_urls=(),
        local_index=None,
        cache_ttl=600,
        timeout_ms=15000,
        cooldown_seconds=30.0,
        min_confidence=None,
        cache_size=256,
        cache_dir=Path("/home/ada/.cache/doctrove"),
        debug=False,
        config_file=None,
    )
    assert settings.result_cache_enabled
    assert settings.origins["cache_ttl"] == "default"


def test_cache_dir_follows_xdg_cache_home_when_it_is_absolute() -> None:
    absolute = Path("/var/c").resolve()  # on Windows only a path with a drive is absolute
    assert resolve_settings({}, {**HOME, "XDG_CACHE_HOME": str(absolute)}).cache_dir == (
        absolute / "doctrove"
    )
    relative = resolve_settings({}, {**HOME, "XDG_CACHE_HOME": "rel"})
    assert relative.cache_dir == Path("/home/ada/.cache/doctrove")


@pytest.mark.parametrize(
    ("cli", "env", "file", "expected", "origin"),
    [
        (None, None, None, 600, "default"),
        (None, None, 30, 30, "config file"),
        (None, "20", 30, 20, "environment DOCTROVE_CACHE_TTL"),
        ("10", "20", 30, 10, "command line --cache-ttl"),
        (5, "20", 30, 5, "command line --cache-ttl"),
        (None, "", 30, 30, "config file"),
        ("", "", None, 600, "default"),
        ("0", "20", None, 0, "command line --cache-ttl"),
    ],
)
def test_precedence_command_line_environment_file_default(
    tmp_path: Path, cli: object, env: str | None, file: int | None, expected: int, origin: str
) -> None:
    environ = write_config(tmp_path, {} if file is None else {"cacheTtl": file})
    if env is not None:
        environ["DOCTROVE_CACHE_TTL"] = env
    settings = resolve_settings({"cache_ttl": cli}, environ)
    assert settings.cache_ttl == expected
    assert settings.origins["cache_ttl"].startswith(origin)


def test_every_setting_from_the_config_file(tmp_path: Path) -> None:
    environ = write_config(
        tmp_path,
        {
            "indexUrl": ["https://private.example/docs", "https://public.example/"],
            "localIndex": "indexes/team.json",
            "cacheTtl": 0,
            "timeoutMs": 2500,
            "debug": True,
            "cacheDir": str(tmp_path / "dc"),  # absolute on every system ("/tmp" is not on Windows)
            "cooldownSeconds": 2.5,
            "minConfidence": 0.4,
            "cacheSize": 16,
        },
    )
    settings = resolve_settings({}, environ)
    assert settings.index_urls == ("https://private.example/docs/", "https://public.example/")
    assert settings.local_index == tmp_path / "indexes" / "team.json"
    assert (settings.cache_ttl, settings.timeout_ms, settings.debug) == (0, 2500, True)
    assert (settings.cooldown_seconds, settings.cache_size) == (2.5, 16)
    assert settings.min_confidence == 0.4
    assert settings.cache_dir == tmp_path / "dc"
    assert settings.config_file == tmp_path / "doctrove.json"
    assert not settings.result_cache_enabled


def test_every_setting_from_the_environment() -> None:
    environ = {
        **HOME,
        "DOCTROVE_INDEX_URL": "https://a.example/x, https://b.example/index.json\thttp://c.example",
        "DOCTROVE_LOCAL_INDEX": "~/idx.json",
        "DOCTROVE_CACHE_TTL": "86400",
        "DOCTROVE_TIMEOUT_MS": " 1 ",
        "DOCTROVE_DEBUG": "ON",
        "DOCTROVE_CACHE_DIR": "/c",
        "DOCTROVE_COOLDOWN_S": "0.5",
        "DOCTROVE_MIN_CONFIDENCE": "0",
    }
    settings = resolve_settings({}, environ)
    assert settings.index_urls == (
        "https://a.example/x/",
        "https://b.example/index.json",
        "http://c.example/",
    )
    assert settings.local_index == Path("~/idx.json").expanduser()
    assert (settings.cache_ttl, settings.timeout_ms, settings.debug) == (86400, 1, True)
    assert (settings.cache_dir, settings.cooldown_seconds) == (Path("/c"), 0.5)
    assert settings.min_confidence == 0.0


def test_urls_from_the_command_line_are_deduplicated_in_order() -> None:
    cli = {"index_urls": ("https://a.example/", "https://b.example", "https://a.example")}
    settings = resolve_settings(cli, HOME)
    assert settings.index_urls == ("https://a.example/", "https://b.example/")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1", True),
        ("0", False),
        ("TRUE", True),
        ("false", False),
        ("Yes", True),
        ("no", False),
        ("on", True),
        ("Off", False),
    ],
)
def test_boolean_words(text: str, expected: bool) -> None:
    assert resolve_settings({}, {**HOME, "DOCTROVE_DEBUG": text}).debug is expected


@pytest.mark.parametrize(
    ("env", "value", "message"),
    [
        ("DOCTROVE_CACHE_TTL", "0x10", r"cache_ttl \(environment DOCTROVE_CACHE_TTL\) must be"),
        ("DOCTROVE_CACHE_TTL", "1e3", "whole number of seconds from 0 to 86400"),
        ("DOCTROVE_CACHE_TTL", "-1", "not '-1'"),
        ("DOCTROVE_CACHE_TTL", "86401", "from 0 to 86400"),
        ("DOCTROVE_CACHE_TTL", "6OO", "cache_ttl"),
        ("DOCTROVE_TIMEOUT_MS", "0", "timeout_ms"),
        ("DOCTROVE_TIMEOUT_MS", "1.5", "timeout_ms"),
        ("DOCTROVE_COOLDOWN_S", "nan", "cooldown_seconds"),
        ("DOCTROVE_COOLDOWN_S", "-3", "cooldown_seconds"),
        ("DOCTROVE_MIN_CONFIDENCE", "1.5", "min_confidence .* from 0 to 1"),
        ("DOCTROVE_DEBUG", "maybe", r"debug \(environment DOCTROVE_DEBUG\) must be one of"),
        ("DOCTROVE_DEBUG", "2", "debug"),
        ("DOCTROVE_INDEX_URL", "ftp://x.example/", "http:// or https://"),
        ("DOCTROVE_INDEX_URL", "https://", "index_urls"),
        ("DOCTROVE_INDEX_URL", "https://[::1/", "index_urls"),
        ("DOCTROVE_INDEX_URL", "https://a.example/#top", "fragment"),
        (
            "DOCTROVE_INDEX_URL",
            "http://a.example:99999/",
            "a port is 1 to 65535.*http://host:PORT/",
        ),
        ("DOCTROVE_INDEX_URL", "http://a.example:0/", "'http://a.example:0/' has no valid port"),
        ("DOCTROVE_INDEX_URL", "http://a.example:http/", "a port is 1 to 65535"),
        ("DOCTROVE_INDEX_URL", "http:///docs/", "has no host name"),
        ("DOCTROVE_INDEX_URL", "a.example/docs/", "add the scheme"),
        (
            "DOCTROVE_INDEX_URL",
            "https://owner.github.io/repo/index.html",
            "names a page of the site, not the site: give the folder it is in, "
            "https://owner.github.io/repo/$",
        ),
        ("DOCTROVE_INDEX_URL", "http://127.0.0.1:8730/llms.txt", "http://127.0.0.1:8730/$"),
        ("DOCTROVE_ALLOW_BUNDLED", "sometimes", "allow_bundled"),
    ],
)
def test_bad_environment_values_are_config_errors(env: str, value: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        resolve_settings({}, {**HOME, env: value})


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("cacheTtl", "600", r"cache_ttl \(config file .*, key 'cacheTtl'\) must be"),
        ("cacheTtl", True, "cache_ttl"),
        ("cacheTtl", 1.5, "cache_ttl"),
        ("debug", "false", "debug"),
        ("debug", 1, "debug"),
        ("cooldownSeconds", "30", "cooldown_seconds"),
        ("minConfidence", "0.5", "min_confidence"),
        ("indexUrl", 7, "a URL or a list of URLs"),
        ("indexUrl", ["https://a.example/", 3], "index_urls"),
        ("localIndex", ["x"], "local_index"),
        ("cacheSize", -1, "cache_size"),
    ],
)
def test_config_file_values_must_have_their_json_type(
    tmp_path: Path, key: str, value: object, message: str
) -> None:
    with pytest.raises(ConfigError, match=message):
        resolve_settings({}, write_config(tmp_path, {key: value}))


def test_bad_command_line_values_name_the_flag() -> None:
    with pytest.raises(ConfigError, match=r"cache_ttl \(command line --cache-ttl\)"):
        resolve_settings({"cache_ttl": "ten"}, HOME)
    with pytest.raises(ConfigError, match="unknown command-line setting"):
        resolve_settings({"cache_tll": 3}, HOME)


def test_config_file_problems(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"unknown key\(s\): cacheTTL.*, extra") as unknown:
        resolve_settings({}, write_config(tmp_path, {"cacheTTL": 1, "extra": 2}))
    # The CLI prints the message alone: it named the keys, not what they should have been.
    assert "cacheTTL (did you mean cacheTtl?), extra; the keys are allowBundled, " in str(
        unknown.value
    )
    with pytest.raises(ConfigError, match="must hold a JSON object"):
        resolve_settings({}, write_config(tmp_path, [1, 2]))
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    with pytest.raises(ConfigError, match="is not valid JSON"):
        resolve_settings({"config_file": str(broken)}, HOME)
    with pytest.raises(ConfigError, match=r"cannot read the config file .*missing\.json"):
        resolve_settings({}, {**HOME, "DOCTROVE_CONFIG": str(tmp_path / "missing.json")})


def test_command_line_config_file_wins_over_the_environment(tmp_path: Path) -> None:
    first = tmp_path / "first.json"
    first.write_text('{"cacheSize": 1}', encoding="utf-8")
    second = tmp_path / "second.json"
    second.write_text('{"cacheSize": 2}', encoding="utf-8")
    environ = {**HOME, "DOCTROVE_CONFIG": str(second)}
    assert resolve_settings({"config_file": first}, environ).cache_size == 1
    assert resolve_settings({}, environ).cache_size == 2
    assert resolve_settings({}, {**environ, "DOCTROVE_CONFIG": ""}).cache_size == 256


def test_the_settings_table_matches_the_settings() -> None:
    fields = [f.name for f in dataclasses.fields(Settings) if f.name != "origins"]
    assert sorted(s.name for s in SETTINGS) == sorted(fields)
    envs = [s.env for s in SETTINGS if s.env]
    assert len(envs) == len(set(envs)) and all(e.startswith("DOCTROVE_") for e in envs)
    flags = [s.flag for s in SETTINGS if s.flag]
    assert len(flags) == len(set(flags)) and all(f.startswith("--") for f in flags)
    keys = [s.key for s in SETTINGS if s.key]
    assert len(keys) == len(set(keys))
    assert all(s.description.endswith(".") for s in SETTINGS)
    for setting in SETTINGS:
        default = DEFAULTS.get(setting.name)
        if isinstance(default, bool):
            assert setting.default == str(default).lower()
        elif isinstance(default, int | float):
            assert setting.default == f"{default:g}"


def test_url_errors_never_show_credentials() -> None:
    for spelled in ("https://reader:s3cret@a.example:99999/", "ftp://reader:s3cret@a.example/"):
        with pytest.raises(ConfigError) as err:
            resolve_settings({"index_urls": spelled}, HOME)
        assert "s3cret" not in err.value.message
        assert "a.example" in err.value.message


def test_credentials_stay_in_the_url_used_and_out_of_the_url_shown() -> None:
    settings = resolve_settings({"index_urls": "https://reader:s%40cret@a.example/docs"}, HOME)
    assert settings.index_urls == ("https://reader:s%40cret@a.example/docs/",)
    assert split_credentials(settings.index_urls[0]) == (
        "https://a.example/docs/",
        ("reader", "s@cret"),
    )
    assert split_credentials("https://a.example/") == ("https://a.example/", None)
    assert redact_url("failed: http://u:p@a.example/x, http://b.example/y") == (
        "failed: http://a.example/x, http://b.example/y"
    )


def test_allow_bundled_from_each_place(tmp_path: Path) -> None:
    assert resolve_settings({}, HOME).allow_bundled is False
    assert resolve_settings({"allow_bundled": "true"}, HOME).allow_bundled is True
    assert resolve_settings({}, {**HOME, "DOCTROVE_ALLOW_BUNDLED": "yes"}).allow_bundled is True
    from_file = resolve_settings({}, write_config(tmp_path, {"allowBundled": True}))
    assert from_file.allow_bundled is True


def test_a_bad_url_is_named_once() -> None:
    with pytest.raises(ConfigError) as caught:
        resolve_settings({"index_urls": "127.0.0.1:39073"}, HOME)
    message = str(caught.value)
    assert message.count("127.0.0.1:39073") == 1
    assert "'127.0.0.1:39073' is not an http:// or https:// URL: add the scheme" in message
