"""Two builds at once on one output directory: the second is refused with a clear message."""

from pathlib import Path

import pytest

from builder.lock import BuildLocked, OutputLock


def test_second_holder_is_refused_and_lock_is_released(tmp_path: Path) -> None:
    out = tmp_path / "_site"
    with OutputLock(out), pytest.raises(BuildLocked, match=r"another docbuild .* building into"):
        OutputLock(out).__enter__()
    with OutputLock(out):  # released: taking it again works
        pass
    assert not (tmp_path / "._site.lock").exists()


def test_different_outputs_do_not_conflict(tmp_path: Path) -> None:
    with OutputLock(tmp_path / "a"), OutputLock(tmp_path / "b"):
        pass
