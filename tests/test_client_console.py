"""client.console: on Windows, docclient's output to a pipe or file is UTF-8, not the ANSI code
page that cannot hold the docs' Chinese text; elsewhere the stream is left as it is. The
Windows branch runs here by setting STREAMS_USE_ANSI_CODE_PAGE on a cp1252 stream."""

from __future__ import annotations

import io

import pytest

from client import console

TEXT = "拼音 pinyin\n"


def ansi_pipe() -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(), encoding="cp1252")


def test_on_windows_an_ansi_stream_writes_utf8(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(console, "STREAMS_USE_ANSI_CODE_PAGE", True)
    stream = ansi_pipe()
    console.use_utf8(stream)
    stream.write(TEXT)
    stream.flush()
    assert stream.buffer.getvalue() == TEXT.encode()  # type: ignore[attr-defined]


def test_elsewhere_the_locale_encoding_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(console, "STREAMS_USE_ANSI_CODE_PAGE", False)
    stream = ansi_pipe()
    console.use_utf8(stream)
    assert stream.encoding == "cp1252"
    with pytest.raises(UnicodeEncodeError):
        stream.write(TEXT)


def test_streams_that_are_not_text_files_are_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(console, "STREAMS_USE_ANSI_CODE_PAGE", True)
    stream = io.StringIO()
    console.use_utf8(stream)
    stream.write(TEXT)
    assert stream.getvalue() == TEXT
