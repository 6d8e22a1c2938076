"""builder.api.static_lists: the lists of names a module binds, read without running it."""

from __future__ import annotations

from builder.api.static_lists import MAX_ITEMS, module_lists


def test_lists_built_the_ways_a_package_builds_its_names_are_read() -> None:
    # As PyTorch Geometric 2.8.0's torch_geometric/nn/conv, nn/dense, datasets and utils write them.
    source = (
        "import copy\n"
        "__all__ = ['MessagePassing', 'GCNConv', 'GATConv']\n"
        "classes = __all__\n"
        "lin_classes = __all__[:2]\n"
        "homo = ['KarateClub']\n"
        "hetero: list = ['DBLP', 'IMDB']\n"
        "datasets = homo + hetero\n"
        "utils = copy.copy(__all__)\n"
        "utils.remove('GATConv')\n"
        "more = list(('b', 'a'))\n"
        "more += ['c']\n"
        "more.extend(['d'])\n"
        "more.append(1)\n"
        "ordered = sorted(more)\n"
        "last = __all__[-1:]\n"
        "copied = hetero.copy()\n"
    )
    assert module_lists(source) == {
        "__all__": ("MessagePassing", "GCNConv", "GATConv"),
        "classes": ("MessagePassing", "GCNConv", "GATConv"),
        "lin_classes": ("MessagePassing", "GCNConv"),
        "homo": ("KarateClub",),
        "hetero": ("DBLP", "IMDB"),
        "datasets": ("KarateClub", "DBLP", "IMDB"),
        "utils": ("MessagePassing", "GCNConv"),
        "more": ("b", "a", "c", "d", "1"),
        "ordered": ("1", "a", "b", "c", "d"),
        "last": ("GATConv",),
        "copied": ("DBLP", "IMDB"),
    }


def test_lists_built_any_other_way_read_as_none() -> None:
    source = (
        "names = [x for x in 'ab']\n"
        "called = make_names()\n"
        "mixed = ['a', Other]\n"
        "grown = ['a']\n"
        "grown += extra\n"  # a list not read: the name reads as none from here on
        "stepped = ['a', 'b'][::0]\n"
        "missing = ['a']\n"
        "missing.remove('b')\n"  # raises when it runs
        "rebound = ['a']\n"
        "rebound = compute()\n"
    )
    assert module_lists(source) == {}
    assert module_lists("names = [") == {}


def test_a_list_doubled_past_the_limit_reads_as_none() -> None:
    doubled = "b = ['x', 'y']\n" + "b = b + b\n" * 15
    assert len(module_lists(doubled)["b"]) == 2**16 <= MAX_ITEMS
    assert module_lists(doubled + "b = b + b\n") == {}
