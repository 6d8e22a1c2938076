"""builder.api.dataclass_bases: the __init__ equinox.Module writes for its subclasses."""

from __future__ import annotations

from pathlib import Path

from builder.api.code import GriffeSource
from builder.api.model import ApiSettings

MODULE = '''\
from typing import ClassVar

import equinox as eqx


class Kernel(eqx.Module):
    """The base class."""

    order: ClassVar[int] = 2


class Stationary(Kernel):
    """A stationary kernel."""

    scale: float = eqx.field(default_factory=lambda: 1.0)
    cache: dict = eqx.field(init=False)


class Conditioned(Stationary):
    """Conditioned on data."""

    X: "JAXArray"
    gamma: float | None = None
    name = "conditioned"


class Plain:
    """Not a dataclass."""

    X: int
'''


def test_a_subclass_of_equinox_module_takes_its_fields(tmp_path: Path) -> None:
    # tinygp 0.3.1's kernels subclass eqx.Module, which makes them dataclasses: they read
    # 'Conditioned()' where autodoc shows 'Conditioned(X: JAXArray, solver: Solver, ...)'.
    package = tmp_path / "src" / "kernels"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(MODULE, encoding="utf-8")
    source = GriffeSource(tmp_path / "src", ApiSettings(), str(tmp_path / "src"))
    signatures = {
        name: found.signature
        for name in ("Kernel", "Stationary", "Conditioned", "Plain")
        if (found := source.find(f"kernels.{name}")) is not None
    }
    assert signatures == {
        "Kernel": "Kernel()",
        "Stationary": "Stationary(scale: float = <factory>)",
        "Conditioned": (
            "Conditioned(scale: float = <factory>, X: JAXArray, gamma: float | None = None)"
        ),
        "Plain": "Plain()",
    }
