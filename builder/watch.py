"""Rebuild the site whenever the catalog or a source file changes, until stopped.

``docbuild build --watch`` and ``docbuild serve --watch`` run this after their first build.
Changes are debounced (one save in an editor is often several writes), every rebuild is
incremental (the build cache), and a rebuild that fails is reported while the last good site
stays: a build replaces its output only when it succeeded, in one atomic swap, so a server
of that folder never answers from a half-built site. Ctrl-C or SIGTERM ends the loop.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any

from builder.config import load_catalog
from builder.errors import BuildError
from builder.includes import include_root

# How long the files must stay unchanged before a rebuild starts.
DEBOUNCE_MS = 300
# How often the watcher looks at the stop request.
_STOP_CHECK_MS = 200


@dataclass(frozen=True)
class Rebuilt:
    """What one rebuild did: the changed paths that set it off, how long it took, and the
    error that kept the previous site in place, if any."""

    changed: tuple[str, ...]
    seconds: float
    error: BuildError | None


def require_watcher() -> None:
    """Raise BuildError, saying what to install, when the file watcher is missing."""
    try:
        import watchfiles  # noqa: F401
    except ImportError as exc:
        raise BuildError("--watch needs the watchfiles package: install doctrove[watch]") from exc


def watched_paths(config_path: Path) -> tuple[Path, ...]:
    """The catalog file and every docs folder, code folder and index file it names, and the
    project each docs folder is in, which its pages may include files from.

    A catalog that does not load is still watched, so that fixing it starts a rebuild.
    """
    paths = {config_path.resolve()}
    try:
        config = load_catalog(config_path)
    except BuildError:
        return tuple(paths)
    for library in config.libraries:
        for version in library.versions:
            for path in (version.directory, version.index, version.source_dir, version.code_root):
                if path is not None and path.exists():
                    paths.add(path.resolve())
            if version.directory is not None and version.directory.is_dir():
                # Pages include files from anywhere in their project (../CHANGES.rst).
                where = include_root(
                    version.directory, version.code_root, None, bound=version.catalog_folder
                )
                paths.add(where.root)
    paths.update(spec.index.resolve() for spec in config.imports if spec.index.exists())
    return tuple(sorted(paths))


def outputs_filter(out: Path, cache_dir: Path | None) -> Callable[[Any, str], bool]:
    """A watchfiles filter that passes source changes only: never the site, its scratch
    folders or the build cache (a rebuild writing them would start the next one), nor
    hidden files (editor swap files, version control)."""
    ignored = [out.resolve()]
    if cache_dir is not None:
        ignored.append(cache_dir.resolve())
    scratch = f".{out.resolve().name}."

    def passes(_change: Any, raw: str) -> bool:
        path = Path(raw)
        if any(path == root or path.is_relative_to(root) for root in ignored):
            return False
        return not any(part.startswith(".") or part.startswith(scratch) for part in path.parts)

    return passes


def watch_and_rebuild(
    config_path: Path,
    out: Path,
    cache_dir: Path | None,
    rebuild: Callable[[], None],
    on_rebuilt: Callable[[Rebuilt], None],
    stop: threading.Event | None = None,
) -> None:
    """Call ``rebuild`` after each debounced batch of changes until ``stop`` is set (Ctrl-C
    and SIGTERM set it when this runs on the main thread). A BuildError from ``rebuild`` is
    handed to ``on_rebuilt``, never raised: the loop goes on."""
    stop = stop or threading.Event()
    keep = _stop_on_signals(stop)
    try:
        while not stop.is_set():
            for changed in _changes(config_path, out, cache_dir, stop):
                started = time.perf_counter()
                error: BuildError | None = None
                try:
                    rebuild()
                except BuildError as exc:
                    error = exc
                on_rebuilt(Rebuilt(changed, time.perf_counter() - started, error))
                if str(config_path.resolve()) in changed:
                    break  # the catalog may name other folders now: watch those
    finally:
        for signum, handler in keep.items():
            signal.signal(signum, handler)


def _changes(
    config_path: Path, out: Path, cache_dir: Path | None, stop: threading.Event
) -> Iterator[tuple[str, ...]]:
    import watchfiles

    for batch in watchfiles.watch(
        *watched_paths(config_path),
        watch_filter=outputs_filter(out, cache_dir),
        debounce=DEBOUNCE_MS,
        step=50,
        stop_event=stop,
        rust_timeout=_STOP_CHECK_MS,
        yield_on_timeout=False,
        raise_interrupt=False,
    ):
        lasting = lasting_paths(batch)
        if lasting:
            yield lasting


def lasting_paths(batch: Iterable[tuple[Any, str]]) -> tuple[str, ...]:
    """The paths of a watchfiles batch of changes, less each file made and removed within it
    (``sed -i``'s and some editors' temporary files): no rebuild for them, nor a report line
    naming ``sedu7I91L``."""
    from watchfiles import Change

    kinds: dict[str, set[Any]] = {}
    for change, path in batch:
        kinds.setdefault(path, set()).add(change)
    passing = {Change.added, Change.deleted}
    return tuple(
        sorted(
            path
            for path, seen in kinds.items()
            if not (passing <= seen and not os.path.lexists(path))
        )
    )


def _stop_on_signals(stop: threading.Event) -> dict[int, Any]:
    if threading.current_thread() is not threading.main_thread():
        return {}

    def request_stop(signum: int, frame: FrameType | None) -> None:
        stop.set()

    stop_signals = (signal.SIGINT, signal.SIGTERM)
    return {signum: signal.signal(signum, request_stop) for signum in stop_signals}
