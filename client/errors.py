"""The client's exception tree; tools map ``code`` to ``error.code``, the CLI to an exit status.

    ClientError            code "internal"     exit 1   a bug or an unexpected state
    ├── InvalidRequest     code "validation"   exit 2   a caller's argument is out of bounds
    │   └── AmbiguousAnchor code "validation"  exit 2   an anchor on several pages, none named
    ├── NotFound           code "not-found"    exit 1   no library (or section) by that id
    │   ├── UnknownLibrary code "not-found"    exit 1   no library by that id (nearest ids)
    │   └── UnknownAnchor  code "not-found"    exit 1   no section with that anchor (its pages)
    ├── VersionNotFound    code "version"      exit 1   the library has no matching version
    │   └── SectionChanged code "version"      exit 1   a section's sha256 is not the expected one
    ├── NetworkError       code "network"      exit 1   a remote failed or sent invalid data
    │   ├── FetchTimeout   code "timeout"      exit 1   a remote did not answer in time
    │   ├── ListedFileGone code "network"      exit 1   a file the catalog lists is not on the site
    │   └── CoolingDown    code "network"      exit 1   not asked: the remote failed a moment ago
    ├── ConfigError        code "config"       exit 2   settings or a local index are invalid
    └── RewriteFailed      code "internal"     exit 1   never raised to a caller (see below)

Messages say how to recover (nearest ids, available versions). Nothing parses them:
``hints`` carries the machine-readable part. RewriteFailed stays inside the service:
doc_extract's ``rewrite.reason`` says why a rewrite did not happen.

Outside the tree: Full (client.index_check), WrongValue (client.config) and _Interrupted
(client.single_flight) are caught where they are raised, UndecodableBody (client.content_decoding)
by client.http, which makes it a NetworkError; RankerDataError (client.search.model)
and WordListError (client.search.glossary) mean the packaged ranker.json or english_stems.txt
does not fit the code, a broken install rather than a caller's error.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence


class ClientError(Exception):
    code = "internal"
    exit_code = 1

    def __init__(self, message: str, *, hints: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.hints = list(hints)

    @property
    def shell_message(self) -> str:
        """The message as the command line prints it: the same, unless it names a tool where
        a person at a shell runs a command."""
        return self.message


class InvalidRequest(ClientError):
    code = "validation"
    exit_code = 2


class AmbiguousAnchor(InvalidRequest):
    """An anchor several sections of a version have, read without saying which page; the
    hints are their addresses."""

    def __init__(self, names: str, candidates: str, hints: Sequence[str]) -> None:
        self._names, self._candidates = names, candidates
        super().__init__(self._with("page"), hints=hints)

    def _with(self, page: str) -> str:
        return f"{self._names}; say which with {page} (or send page#anchor): {self._candidates}"

    @property
    def shell_message(self) -> str:
        return self._with("--page")


class NotFound(ClientError):
    code = "not-found"


class UnknownLibrary(NotFound):
    """No library has the id a caller gave; the nearest ids are the hints."""

    def __init__(self, wanted: str, near: Sequence[str]) -> None:
        self.wanted = wanted
        suggestion = f" (did you mean {', '.join(near)}?)" if near else ""
        self._unknown = f"no library with id {wanted!r}{suggestion}"
        super().__init__(f"{self._unknown}; call catalog_lookup to find the id", hints=near)

    @property
    def shell_message(self) -> str:
        # An id with a control character (a newline, a terminal's escape) is not printed raw:
        # the message above shows it escaped, and the command is then named without it.
        query = shlex.quote(self.wanted) if self.wanted.isprintable() else "NAME"
        return f"{self._unknown}; run docclient lookup {query} to find the id"


class UnknownAnchor(NotFound):
    """No section of a version has the anchor a caller gave; the hints are the addresses of
    the sections that have it on other pages (``elsewhere`` describes them), else of those
    whose anchors are like it (``similar`` describes them)."""

    def __init__(
        self,
        missing: str,
        elsewhere: str | None,
        hints: Sequence[str],
        similar: str | None = None,
    ) -> None:
        self._missing = missing
        self._elsewhere = elsewhere
        self._similar = similar
        super().__init__(f"{missing}; {self._advice('doc_extract')}", hints=hints)

    def _advice(self, extract: str) -> str:
        if self._elsewhere is not None:
            return f"the anchor is on: {self._elsewhere}"
        where = f"take anchors (and pages) from {extract} results or its table of contents"
        if self._similar is not None:
            return f"anchors like it: {self._similar}; or {where}"
        return where

    @property
    def shell_message(self) -> str:
        return f"{self._missing}; {self._advice('docclient extract')}"


class VersionNotFound(ClientError):
    code = "version"


class SectionChanged(VersionNotFound):
    """doc_read's expectedHash no longer matches: the docs changed since the caller read them.
    The hint is the section's sha256 now."""

    def __init__(self, changed: str, now: str) -> None:
        self._changed = changed
        super().__init__(
            f"{changed}; read it again without expectedHash and quote the new text", hints=[now]
        )

    @property
    def shell_message(self) -> str:
        return f"{self._changed}; read it again without --expected-hash and quote the new text"


class NetworkError(ClientError):
    code = "network"


class FetchTimeout(NetworkError):
    code = "timeout"


class CoolingDown(NetworkError):
    """A file was not fetched because its remote failed a moment ago and is cooling down: the
    consequence of another failure, which is the one to report when both happened at once."""


class ListedFileGone(NetworkError):
    """A file the site's catalog lists (a shard, a body pack, an index chunk, vectors) is not
    on the site (404; 403 or 410 from object stores and CDNs: ``status``). Such files are named
    by their content and a publish removes the previous build's, so this most likely means the
    site was published again after its catalog was read: the catalog is due to be checked again
    at once, not when its TTL runs out."""

    def __init__(self, message: str, *, status: int = 404, hints: Sequence[str] = ()) -> None:
        super().__init__(message, hints=hints)
        self.status = status


class ConfigError(ClientError):
    code = "config"
    exit_code = 2


ERROR_CODES = ("validation", "not-found", "version", "network", "timeout", "internal", "config")


class RewriteFailed(ClientError):
    """The host's model could not rewrite a query (refused, timed out, replied off-format).
    Never a tool error: the original answer stands and its ``rewrite.reason`` says why."""
