"""The build report's warning for an object an API directive names that the code does not hold."""

from __future__ import annotations

from builder.api.model import ApiSource


def not_found(directive: str, path: str, api: ApiSource) -> str:
    """Where ``directive path`` was looked for; for a name the code imports from a package the
    build cannot read (FastAPI's ``Request``, Starlette's), or one in a declared dependency that
    is not installed (pydantic's ``pydantic_settings``), how to let it be read."""
    message = f"{directive} {path}: not found in the code in {api.described}"
    elsewhere = api.defined_elsewhere(path)
    if elsewhere:
        package = elsewhere.partition(".")[0]
        return (
            f"{message}; it is {elsewhere}: install {package} where docbuild runs, as a "
            "dependency the project's pyproject.toml declares, and it is read from there"
        )
    missing = api.uninstalled_dependency(path)
    if missing:
        return (
            f"{message}; {missing}, which the project's pyproject.toml declares, is not "
            "installed where docbuild runs: install it, and it is read from there"
        )
    return message
