"""builder.api.module_getattr: names a module's __getattr__ (PEP 562) answers."""

from __future__ import annotations

from pathlib import Path

from tests.api_support import package_source


def test_a_name_a_module_imports_on_first_use_is_its_submodules(tmp_path: Path) -> None:
    # dramatiq.results.backends defines __getattr__ (PEP 562) to import RedisBackend from
    # .redis only when asked, so that the redis client stays optional; autodoc's getattr runs
    # it. Statically, the one submodule defining the name is where it comes from.
    backends = tmp_path / "queue" / "backends"
    backends.mkdir(parents=True)
    (tmp_path / "queue" / "__init__.py").write_text("", encoding="utf-8")
    (backends / "__init__.py").write_text(
        '__all__ = ["RedisBackend"]\n\n\n'
        "def __getattr__(name):\n    from .redis import RedisBackend\n    return RedisBackend\n",
        encoding="utf-8",
    )
    (backends / "redis.py").write_text(
        'class RedisBackend:\n    """Results in Redis."""\n\n'
        "    def get(self, key: str) -> bytes:\n"
        '        """The result stored under key."""\n',
        encoding="utf-8",
    )
    (backends / "stub.py").write_text("class StubBackend:\n    pass\n", encoding="utf-8")
    (tmp_path / "queue" / "plain.py").write_text("", encoding="utf-8")
    (tmp_path / "queue" / "plain_sub.py").write_text(
        "class RedisBackend:\n    pass\n", encoding="utf-8"
    )
    source = package_source(tmp_path)
    redis = source.find("queue.backends.RedisBackend")
    assert redis is not None and redis.doc[0].text == "Results in Redis."
    get = source.find("queue.backends.RedisBackend.get")
    assert get is not None and get.doc[0].text == "The result stored under key."
    assert source.find("queue.backends.Missing") is None
    assert source.find("queue.RedisBackend") is None  # no __getattr__ there


def test_a_name_a_module_getattr_returns_in_its_own_branch_is_that_object(tmp_path: Path) -> None:
    # Werkzeug 3.1.3's datastructures keeps the deprecated ImmutableOrderedMultiDict so:
    # 'if name == "ImmutableOrderedMultiDict": from .structures import _Immutable...; warn;
    # return _Immutable...'. autodoc's getattr gets the class; the page's autoclass found
    # nothing, and the entry was its name alone.
    package = tmp_path / "store"
    package.mkdir()
    (package / "__init__.py").write_text(
        "import typing as t\n\n\n"
        "def __getattr__(name: str) -> t.Any:\n"
        "    import warnings\n\n"
        '    if name == "OrderedDict":\n'
        "        from .structures import _OrderedDict\n\n"
        '        warnings.warn("deprecated", DeprecationWarning, stacklevel=2)\n'
        "        return _OrderedDict\n"
        '    if "Frozen" == name:\n'
        "        from store.structures import _FrozenDict as Frozen\n"
        "        return Frozen\n"
        "    raise AttributeError(name)\n",
        encoding="utf-8",
    )
    (package / "structures.py").write_text(
        'class _OrderedDict:\n    """Keeps the order."""\n\n'
        '    def copy(self):\n        """A mutable copy."""\n\n\n'
        'class _FrozenDict:\n    """Cannot change."""\n',
        encoding="utf-8",
    )
    source = package_source(tmp_path)
    ordered = source.find("store.OrderedDict")
    assert ordered is not None and ordered.doc[0].text == "Keeps the order."
    copy = source.find("store.OrderedDict.copy")
    assert copy is not None and copy.doc[0].text == "A mutable copy."
    frozen = source.find("store.Frozen")
    assert frozen is not None and frozen.doc[0].text == "Cannot change."
    assert source.find("store.Missing") is None
