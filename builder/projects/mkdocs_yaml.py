"""The YAML reading of ``mkdocs.yml``, apart from builder.projects.mkdocs so that PyYAML (about
25 ms to import) is loaded only by builds that have an MkDocs project to read.

Any tag the loader does not know (``!!python/name:``, ``!ENV``, ``!relative``) is read as the
plain value under it, so nothing named in the file is ever imported or run.
"""

from __future__ import annotations

from typing import Any

import yaml

YAMLError = yaml.YAMLError


class _LenientLoader(yaml.SafeLoader):
    """A SafeLoader that reads an unknown tag's node as the plain value it tags."""


def _untagged(loader: yaml.SafeLoader, suffix: str, node: yaml.Node) -> Any:
    if isinstance(node, yaml.ScalarNode):
        # ``!!python/name:pkg.func`` carries its value in the tag, with an empty scalar.
        return loader.construct_scalar(node) or suffix.partition(":")[2]
    if isinstance(node, yaml.SequenceNode):
        return loader.construct_sequence(node, deep=True)
    if isinstance(node, yaml.MappingNode):
        return loader.construct_mapping(node, deep=True)
    return None


_LenientLoader.add_multi_constructor("!", _untagged)
_LenientLoader.add_multi_constructor("tag:yaml.org,2002:python/", _untagged)


def load(text: str) -> Any:
    """The document of ``text``, unknown tags read as plain values; raises YAMLError."""
    # yaml.load with a SafeLoader subclass: as safe as yaml.safe_load.
    try:
        return yaml.load(text, Loader=_LenientLoader)
    except ValueError as exc:  # an integer of over 4300 digits, which int() refuses
        raise YAMLError(str(exc)) from exc
