"""Maps a safe request path to a regular file inside the site root and opens it.

Symlinks are followed only while they stay inside the root: the candidate path is resolved with
os.path.realpath and must still lie under the resolved root, else it is a miss (404, the same
answer as a file that does not exist, so nothing is revealed). The file is then opened by its
resolved path with O_NOFOLLOW and checked to be a regular file on the open descriptor, so a FIFO
or device never blocks or leaks and the identity (FileKey) describes the bytes actually sent.

Like GitHub Pages: a directory serves its index.html, "/dir" redirects to "/dir/", "/page" falls
back to "page.html", and "/file.html/" is a miss. Directories are never listed.
"""

from __future__ import annotations

import io
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from builder.serve.errors import StartupError
from builder.serve.urlpath import SitePath

INDEX = "index.html"
NOT_FOUND_PAGE = "404.html"
_OPEN_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_CLOEXEC", 0)
    # O_NONBLOCK: opening a FIFO swapped in after resolution must not hang the thread.
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_BINARY", 0)
)


@dataclass(frozen=True)
class FileKey:
    """The identity of one version of a file: a change of content changes at least one field."""

    size: int
    mtime_ns: int
    inode: int
    device: int

    @classmethod
    def of(cls, status: os.stat_result) -> FileKey:
        """The key of a stat result."""
        return cls(status.st_size, status.st_mtime_ns, status.st_ino, status.st_dev)


@dataclass(frozen=True)
class Found:
    """A regular file to serve: its resolved path and the site-relative name it is served as."""

    path: str
    relpath: str


@dataclass(frozen=True)
class Redirect:
    """A directory requested without its trailing slash."""

    location: str


@dataclass(frozen=True)
class Missing:
    """Nothing servable at that path."""


@dataclass(frozen=True)
class OpenFile:
    """An open regular file and the identity read from its descriptor."""

    file: io.FileIO
    key: FileKey


class SiteRoot:
    """The directory being served, resolved once at startup."""

    def __init__(self, root: Path) -> None:
        real = os.path.realpath(root)
        if not os.path.isdir(real):
            raise StartupError(f"{root} is not a directory")
        self.path = real
        self._prefix = real if real.endswith(os.sep) else real + os.sep

    def resolve(self, request: SitePath) -> Found | Redirect | Missing:
        """Find what a request path names, without following links out of the root."""
        located = self._locate(request.segments)
        if located is None:
            return self._html_fallback(request)
        real, status = located
        if stat.S_ISDIR(status.st_mode):
            if request.segments and not request.directory:
                return Redirect(request.with_slash())
            index = self._locate((*request.segments, INDEX))
            if index is None or not stat.S_ISREG(index[1].st_mode):
                return Missing()
            return Found(index[0], "/".join((*request.segments, INDEX)))
        if not stat.S_ISREG(status.st_mode) or request.directory:
            return Missing()
        return Found(real, request.relpath)

    def not_found_page(self) -> Found | None:
        """The site's own 404.html, when it has one."""
        located = self._locate((NOT_FOUND_PAGE,))
        if located is None or not stat.S_ISREG(located[1].st_mode):
            return None
        return Found(located[0], NOT_FOUND_PAGE)

    def _html_fallback(self, request: SitePath) -> Found | Missing:
        # GitHub Pages serves /about from about.html when no file named "about" exists.
        if request.directory or not request.segments or "." in request.segments[-1]:
            return Missing()
        segments = (*request.segments[:-1], request.segments[-1] + ".html")
        located = self._locate(segments)
        if located is None or not stat.S_ISREG(located[1].st_mode):
            return Missing()
        return Found(located[0], "/".join(segments))

    def _locate(self, segments: tuple[str, ...]) -> tuple[str, os.stat_result] | None:
        """The resolved path and status of segments under the root; None if missing or outside.

        The root is already resolved, so only the request's own segments can be links: walk
        them with lstat and fall back to a full realpath only when one of them is a link. That
        costs one lstat per segment instead of one per component of the whole path.
        """
        path = self.path
        status = _stat(path)
        for index, segment in enumerate(segments):
            path = os.path.join(path, segment)
            try:
                status = os.lstat(path)
            except (OSError, ValueError):
                return None
            if stat.S_ISLNK(status.st_mode):
                return self._locate_link(os.path.join(path, *segments[index + 1 :]))
        return None if status is None else (path, status)

    def _locate_link(self, candidate: str) -> tuple[str, os.stat_result] | None:
        real = os.path.realpath(candidate)
        if real != self.path and not real.startswith(self._prefix):
            return None
        status = _stat(real)
        return None if status is None else (real, status)


def open_file(found: Found) -> OpenFile | None:
    """Open a found file for reading; None when it vanished or is no longer a regular file."""
    try:
        descriptor = os.open(found.path, _OPEN_FLAGS)
    except OSError:
        return None
    try:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode):
            os.close(descriptor)
            return None
        return OpenFile(file=io.FileIO(descriptor, "rb"), key=FileKey.of(status))
    except BaseException:
        os.close(descriptor)
        raise


def _stat(path: str) -> os.stat_result | None:
    try:
        return os.stat(path)
    except (OSError, ValueError):
        return None
