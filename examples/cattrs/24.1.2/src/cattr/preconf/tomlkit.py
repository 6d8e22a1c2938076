"""Preconfigured converters for tomlkit."""

from cattrs.preconf.tomlkit import TomlkitConverter, configure_converter, make_converter

__all__ = ["configure_converter", "make_converter", "TomlkitConverter"]
