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


SOLVERS = '''\
from typing import ClassVar

import equinox as eqx
from equinox import AbstractClassVar, AbstractVar


class AbstractSolver(eqx.Module):
    """Declares what each solver provides."""

    term_structure: AbstractClassVar[type]
    root_finder: AbstractVar[object]
    interpolation_cls: type = object


class Euler(AbstractSolver):
    """Provides them as class values."""

    term_structure: ClassVar = object
    interpolation_cls: ClassVar[type] = int


class ImplicitEuler(AbstractSolver):
    """Provides the root finder as a field."""

    term_structure: ClassVar[type] = object
    root_finder: object = None
    root_find_max_steps: int = 10
'''


def test_class_values_and_abstract_attributes_are_not_fields(tmp_path: Path) -> None:
    # diffrax 0.7.2's solvers read 'Tsit5(term_structure: AbstractClassVar[...], ...)' where
    # the built site shows 'Tsit5()': equinox's AbstractVar and AbstractClassVar declare what a
    # subclass provides, and a subclass's ClassVar (bare or subscripted) is no field.
    package = tmp_path / "src" / "solvers"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(SOLVERS, encoding="utf-8")
    source = GriffeSource(tmp_path / "src", ApiSettings(), str(tmp_path / "src"))
    signatures = {
        name: found.signature
        for name in ("AbstractSolver", "Euler", "ImplicitEuler")
        if (found := source.find(f"solvers.{name}")) is not None
    }
    assert signatures == {
        "AbstractSolver": "AbstractSolver(interpolation_cls: type = object)",
        "Euler": "Euler()",
        "ImplicitEuler": (
            "ImplicitEuler(interpolation_cls: type = object, root_finder: object = None, "
            "root_find_max_steps: int = 10)"
        ),
    }
