"""builder.api.typing_doc: Annotated[...] in signatures, as mkdocstrings shows them."""

from __future__ import annotations

from builder.api.typing_doc import unwrapped


def test_unwrapped_writes_each_annotated_as_its_type() -> None:
    # mkdocstrings-python's own PythonOptions: each field Annotated[bool, _Field(...)], its
    # description a string that may hold brackets, commas and quotes of its own.
    signature = (
        "(*, show: Annotated[bool, _Field(group='a', description=\"Show it, [or] not.\")] = True,"
        " items: typing.Annotated[list[Annotated[int, Gt(0)]], Len(1)] = (),"
        " plain: dict[str, int] = {}, MyAnnotated: Annotated = 1) -> Annotated[str, 'x]']"
    )
    assert unwrapped(signature) == (
        "(*, show: bool = True, items: list[int] = (), plain: dict[str, int] = {},"
        " MyAnnotated: Annotated = 1) -> str"
    )


def test_unwrapped_leaves_an_unclosed_annotated_as_written() -> None:
    assert unwrapped("(x: Annotated[int, Gt(0)") == "(x: Annotated[int, Gt(0)"
