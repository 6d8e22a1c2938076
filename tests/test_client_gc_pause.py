"""Loading a catalog leaves the garbage collector as it found it: nothing frozen, cycles freed."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

import orjson

from client.catalog_loader import file_layer
from client.disk_cache import DiskCache
from client.gc_pause import collector_paused
from client.lookup import LibraryIndex


class Node:
    """A reference cycle's member; reference counting alone never frees it."""

    def __init__(self) -> None:
        self.me = self


def write_index(path: Path) -> Path:
    entries = [
        {
            "id": f"lib{i}",
            "name": f"Lib {i}",
            "summary": "a library",
            "versions": ["1.0.0"],
            "volumes": {"1.0.0": {"sections": [{"heading": "Intro", "body": "x", "path": "p"}]}},
        }
        for i in range(50)
    ]
    path.write_bytes(orjson.dumps({"format": "doctrove-index@1", "entries": entries}))
    return path


def load_and_index(tmp_path: Path) -> None:
    layer = file_layer(write_index(tmp_path / "index.json"), "local", DiskCache(tmp_path / "c"))
    assert not isinstance(layer, list)
    LibraryIndex(layer.entries)


def test_a_cycle_alive_during_a_load_is_still_collected(tmp_path: Path) -> None:
    gc.unfreeze()  # whatever an earlier test left frozen is not this test's business
    # Not 0: after any collection Python 3.12.1 counts 375 objects of its own as frozen
    # (3.11 and 3.13 count 0). What matters is that the load freezes nothing more.
    gc.collect()
    frozen_before = gc.get_freeze_count()
    cycle = Node()
    alive = weakref.ref(cycle)
    load_and_index(tmp_path)
    del cycle
    gc.collect()
    assert gc.get_freeze_count() == frozen_before
    assert alive() is None


def test_the_collector_is_restored_as_it_was() -> None:
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
