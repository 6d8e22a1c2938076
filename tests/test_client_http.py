"""The HTTP boundary: statuses, validators, redirects, caps, deadlines, every httpx exception."""

from __future__ import annotations

import gzip
import hashlib
import inspect
import io
import socket
import threading
import time
import tracemalloc
from collections.abc import Callable, Iterator

import httpx
import pytest

from client.content_decoding import ACCEPTED
from client.errors import FetchTimeout, NetworkError
from client.http import TRANSLATED, USER_AGENT, Fetcher, Validators
from tests.test_client_content_decoding import gzip_of_zeros

Handler = Callable[[httpx.Request], httpx.Response]


def fetcher(handler: Handler, clock: Callable[[], float] | None = None) -> Fetcher:
    transport = httpx.MockTransport(handler)
    if clock is None:
        return Fetcher(5.0, transport=transport)
    return Fetcher(5.0, transport=transport, clock=clock)


class Trickle(httpx.SyncByteStream):
    """A body in chunks; between chunks the fake clock moves on, or an exception is raised."""

    def __init__(self, chunks: list[bytes], step: Callable[[], None] = lambda: None) -> None:
        self.chunks, self.step = chunks, step

    def __iter__(self) -> Iterator[bytes]:
        for chunk in self.chunks:
            self.step()
            yield chunk


def test_a_body_is_streamed_into_the_sink_with_its_hash_and_validators() -> None:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        headers = {"ETag": '"v1"', "Last-Modified": "Mon, 01 Jan 2024 00:00:00 GMT"}
        return httpx.Response(200, headers=headers, stream=Trickle([b'{"a": 1}']))

    sink = io.BytesIO()
    download = fetcher(handler).download("http://site.test/catalog.json", sink, limit=100)
    assert sink.getvalue() == b'{"a": 1}'
    assert (download.status, download.size) == (200, 8)
    assert download.sha256 == hashlib.sha256(b'{"a": 1}').hexdigest()
    assert download.validators == Validators('"v1"', "Mon, 01 Jan 2024 00:00:00 GMT")
    assert seen[0].headers["user-agent"] == USER_AGENT
    assert "if-none-match" not in seen[0].headers


def test_validators_make_a_conditional_get_and_304_writes_nothing() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        assert request.headers["if-none-match"] == '"v1"'
        assert request.headers["if-modified-since"] == "Mon, 01 Jan 2024 00:00:00 GMT"
        return httpx.Response(304, headers={"ETag": '"v1"'})

    sink = io.BytesIO()
    validators = Validators('"v1"', "Mon, 01 Jan 2024 00:00:00 GMT")
    download = fetcher(handler).download("http://s.test/c", sink, limit=9, validators=validators)
    assert (download.status, download.size, sink.getvalue()) == (304, 0, b"")
    assert download.validators.etag == '"v1"'


def test_a_validator_past_ascii_is_not_sent_back_and_the_request_is_a_plain_get() -> None:
    # HTTP allows bytes past ASCII in an ETag; httpx reads them as Latin-1 and cannot send
    # them: the next conditional request raised UnicodeEncodeError, at every refresh.
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        headers = [(b"ETag", b'"\xe9t\xe9"'), (b"Last-Modified", b"Mon, 01 Jan 2024 00:00:00 GMT")]
        return httpx.Response(200, headers=headers, stream=Trickle([b"{}"]))

    site = fetcher(handler)
    first = site.download("http://s.test/catalog.json", io.BytesIO(), limit=100)
    assert first.validators.etag == '"\xe9t\xe9"'
    again = site.download(
        "http://s.test/catalog.json", io.BytesIO(), limit=100, validators=first.validators
    )
    assert again.status == 200
    assert "if-none-match" not in seen[1].headers
    assert seen[1].headers["if-modified-since"] == "Mon, 01 Jan 2024 00:00:00 GMT"


@pytest.mark.parametrize("status", [403, 404, 410])
def test_a_missing_status_is_an_answer_only_when_the_caller_names_it(status: int) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(status, content=b"not here")

    sink = io.BytesIO()
    download = fetcher(handler).download(
        "http://s.test/c", sink, limit=99, missing=frozenset({status})
    )
    assert (download.status, sink.getvalue()) == (status, b"")
    with pytest.raises(NetworkError, match=rf"http://s\.test/c answered HTTP {status}"):
        fetcher(handler).download("http://s.test/c", sink, limit=99)
    with pytest.raises(NetworkError, match=rf"HTTP {status}"):
        fetcher(handler).download("http://s.test/c", sink, limit=99, missing=frozenset({200}))


@pytest.mark.parametrize("status", [400, 403, 410, 500, 502, 503])
def test_error_statuses_are_network_errors(status: int) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(status)

    with pytest.raises(NetworkError, match=f"HTTP {status}") as caught:
        fetcher(handler).download(
            "http://s.test/c", io.BytesIO(), limit=99, missing=frozenset({404})
        )
    assert caught.value.code == "network"


def test_redirects_are_followed_within_the_scheme() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/old/catalog.json":
            return httpx.Response(301, headers={"Location": "/new/catalog.json"})
        return httpx.Response(200, stream=Trickle([b"moved"]))

    sink = io.BytesIO()
    download = fetcher(handler).download("https://s.test/old/catalog.json", sink, limit=99)
    assert (download.url, sink.getvalue()) == ("https://s.test/new/catalog.json", b"moved")


def test_credentials_go_to_the_origin_asked_and_not_to_a_host_it_redirects_to() -> None:
    sent: dict[str, str | None] = {}

    def handler(request: httpx.Request) -> httpx.Response:
        sent[str(request.url)] = request.headers.get("authorization")
        if request.url.path == "/a":
            return httpx.Response(302, headers={"Location": "/b"})
        if request.url.path == "/b":
            return httpx.Response(302, headers={"Location": "https://elsewhere.test/c"})
        return httpx.Response(500)

    with pytest.raises(NetworkError) as err:
        fetcher(handler).download(
            "https://s.test/a", io.BytesIO(), limit=99, credentials=("u", "pw")
        )
    basic = "Basic dTpwdw=="  # u:pw
    assert sent == {
        "https://s.test/a": basic,
        "https://s.test/b": basic,
        "https://elsewhere.test/c": None,
    }
    assert "pw" not in err.value.message


@pytest.mark.parametrize(
    ("start", "target"),
    [("https://s.test/a", "http://s.test/b"), ("http://s.test/a", "https://s.test/b")],
)
def test_redirects_to_another_scheme_are_refused(start: str, target: str) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        if str(request.url) == start:
            return httpx.Response(302, headers={"Location": target})
        return httpx.Response(200, content=b"should not be fetched")

    with pytest.raises(NetworkError, match="not followed"):
        fetcher(handler).download(start, io.BytesIO(), limit=99)


def test_a_redirect_loop_stops() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(307, headers={"Location": str(request.url)})

    with pytest.raises(NetworkError, match="redirects more than 5 times"):
        fetcher(handler).download("http://s.test/a", io.BytesIO(), limit=99)


def test_the_size_cap_stops_a_declared_or_streamed_body() -> None:
    def declared(request: httpx.Request) -> httpx.Response:
        headers = {"Content-Length": "50"}
        return httpx.Response(200, headers=headers, stream=Trickle([b"x" * 50]))

    with pytest.raises(NetworkError, match="50 bytes, over the limit of 10"):
        fetcher(declared).download("http://s.test/a", io.BytesIO(), limit=10)

    def streamed(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, stream=Trickle([b"x" * 8] * 100))

    sink = io.BytesIO()
    with pytest.raises(NetworkError, match="larger than the limit of 20 bytes"):
        fetcher(streamed).download("http://s.test/a", sink, limit=20)
    assert len(sink.getvalue()) == 16


def test_a_body_shorter_than_its_content_length_is_truncated() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, headers={"Content-Length": "100"}, stream=Trickle([b"x" * 10]))

    with pytest.raises(NetworkError, match="ended after 10 of 100 bytes"):
        fetcher(handler).download("http://s.test/a", io.BytesIO(), limit=1000)


def test_the_whole_transfer_deadline_cuts_off_a_trickling_server() -> None:
    now = [0.0]

    def tick() -> None:
        now[0] += 1.0  # each chunk takes a second: fine for httpx, too slow in total

    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, stream=Trickle([b"x"] * 20, tick))

    sink = io.BytesIO()
    with pytest.raises(FetchTimeout, match="took longer than 5 s") as caught:
        fetcher(handler, clock=lambda: now[0]).download("http://s.test/a", sink, limit=1000)
    assert caught.value.code == "timeout"
    assert len(sink.getvalue()) == 5


def test_the_deadline_holds_while_a_gzip_body_trickles_in_without_decoding_to_anything() -> None:
    # A gzip header with a long file name decodes to no bytes at all; the deadline must still be
    # checked for each chunk received, not only for each chunk decoded.
    packed = io.BytesIO()
    with gzip.GzipFile("n" * 2000, "wb", fileobj=packed, mtime=0) as writer:
        writer.write(b'{"big": true}')
    now = [0.0]

    def tick() -> None:
        now[0] += 1.0

    def handler(request: httpx.Request) -> httpx.Response:
        pieces = [bytes([byte]) for byte in packed.getvalue()]
        return httpx.Response(
            200, headers={"Content-Encoding": "gzip"}, stream=Trickle(pieces, tick)
        )

    with pytest.raises(FetchTimeout, match="took longer than 5 s"):
        fetcher(handler, clock=lambda: now[0]).download("http://s.test/a", io.BytesIO(), limit=100)
    assert now[0] == 5.0  # cut off at the deadline, not after the 2,000-byte header


def test_gzip_transfer_encoding_is_undone_for_json_but_kept_for_shards() -> None:
    packed = gzip.compress(b'{"big": true}')
    requests: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        requests.append(request)
        headers = {"Content-Encoding": "gzip", "Content-Length": str(len(packed))}
        return httpx.Response(200, headers=headers, stream=Trickle([packed[:9], packed[9:]]))

    decoded, raw = io.BytesIO(), io.BytesIO()
    fetcher(handler).download("http://s.test/catalog.json", decoded, limit=100)
    fetcher(handler).download("http://s.test/x.sqlite.gz", raw, limit=100, decode=False)
    assert decoded.getvalue() == b'{"big": true}'
    assert raw.getvalue() == packed
    assert requests[1].headers["accept-encoding"] == "identity"


def test_a_gzip_bomb_stops_at_the_cap_without_inflating_in_memory() -> None:
    # 700 bytes, gzip twice over, that inflate to 128 MB: httpx inflated a whole chunk at once,
    # every layer in turn, and the cap of 1 MB saw the body only then (a peak of 300 MB).
    body = gzip.compress(gzip_of_zeros(128 << 20))
    requests: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        requests.append(request)
        headers = {"Content-Encoding": "gzip, gzip"}
        return httpx.Response(200, headers=headers, stream=Trickle([body]))

    tracemalloc.start()
    try:
        with pytest.raises(NetworkError, match="larger than the limit of 1048576 bytes"):
            fetcher(handler).download("http://s.test/catalog.json", io.BytesIO(), limit=1 << 20)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 8 << 20
    assert requests[0].headers["accept-encoding"] == ACCEPTED


@pytest.mark.parametrize(
    ("encoding", "body"),
    [("gzip", gzip.compress(b'{"a": 1}', mtime=0)[:-6]), ("br", b"\x0b\x02\x80{}\x03")],
    ids=["truncated-gzip", "unasked-brotli"],
)
def test_a_body_that_cannot_be_decoded_is_a_network_error(encoding: str, body: bytes) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, headers={"Content-Encoding": encoding}, stream=Trickle([body]))

    with pytest.raises(NetworkError, match="sent a body that cannot be decoded"):
        fetcher(handler).download("http://s.test/a", io.BytesIO(), limit=100)


def httpx_exception_classes() -> list[type[Exception]]:
    return sorted(
        (
            c
            for c in vars(httpx).values()
            if inspect.isclass(c) and issubclass(c, Exception) and c.__module__.startswith("httpx")
        ),
        key=lambda c: c.__name__,
    )


def make(cls: type[Exception], request: httpx.Request) -> Exception:
    if issubclass(cls, httpx.HTTPStatusError):
        return cls("boom", request=request, response=httpx.Response(500, request=request))
    if issubclass(cls, httpx.StreamError) and cls is not httpx.StreamError:
        return cls()  # type: ignore[call-arg]
    if issubclass(cls, httpx.RequestError):
        return cls("boom", request=request)
    return cls("boom")


def test_the_walk_finds_httpx_exceptions() -> None:
    names = {c.__name__ for c in httpx_exception_classes()}
    assert {"ConnectError", "ReadTimeout", "InvalidURL", "StreamConsumed"} <= names
    assert len(names) >= 25


@pytest.mark.parametrize("cls", httpx_exception_classes(), ids=lambda c: c.__name__)
def test_every_httpx_exception_is_translated(cls: type[Exception]) -> None:
    assert issubclass(cls, TRANSLATED)
    wanted = FetchTimeout if issubclass(cls, httpx.TimeoutException) else NetworkError

    def on_connect(request: httpx.Request) -> httpx.Response:
        raise make(cls, request)

    with pytest.raises(wanted) as caught:
        fetcher(on_connect).download("http://s.test/a", io.BytesIO(), limit=99)
    assert type(caught.value) is wanted
    assert isinstance(caught.value.__cause__, cls)

    def mid_body(request: httpx.Request) -> httpx.Response:
        chunks = iter([None])  # the first chunk arrives, the second read fails

        def fail() -> None:
            if next(chunks, "done") == "done":
                raise make(cls, request)

        return httpx.Response(200, stream=Trickle([b"a", b"b"], fail))

    with pytest.raises(wanted):
        fetcher(mid_body).download("http://s.test/a", io.BytesIO(), limit=99)


def test_a_refused_connection_is_a_network_error() -> None:
    # Port 9 (discard) on loopback: nothing listens there in the test environment.
    with pytest.raises(NetworkError, match=r"could not fetch http://127\.0\.0\.1:9/"):
        Fetcher(2.0).download("http://127.0.0.1:9/catalog.json", io.BytesIO(), limit=99)


def test_the_deadline_holds_while_a_response_head_trickles_in() -> None:
    # A real socket server that sends a header line every 50 ms, for ever: httpx re-arms its read
    # timeout for each line, so only the download's own deadline can end the request.
    listener = socket.create_server(("127.0.0.1", 0))
    stop = threading.Event()

    def serve() -> None:
        conn, _ = listener.accept()
        with conn:
            conn.recv(4096)
            conn.sendall(b"HTTP/1.1 200 OK\r\n")
            while not stop.wait(0.05):
                try:
                    conn.sendall(b"X-Slow: 1\r\n")
                except OSError:
                    return

    server = threading.Thread(target=serve, daemon=True)
    server.start()
    port = listener.getsockname()[1]
    started = time.monotonic()
    try:
        with pytest.raises(FetchTimeout):
            Fetcher(0.5).download(f"http://127.0.0.1:{port}/catalog.json", io.BytesIO(), limit=100)
        # A hang guard, not a speed test: without the clamp this runs until httpcore's 100 KB
        # head limit, about 500 s at this pace.
        assert time.monotonic() - started < 30.0
    finally:
        stop.set()
        listener.close()
        server.join(timeout=5)


def test_the_download_clients_of_a_process_share_one_tls_context() -> None:
    """Reading the CA bundle into a TLS context costs about 50 ms of CPU: a process does it
    once, not once or twice for every client it makes."""
    from client.http_deadline import deadline_transport

    transports = [deadline_transport(), deadline_transport()]
    try:
        contexts = {id(transport._pool._ssl_context) for transport in transports}
        assert len(contexts) == 1
    finally:
        for transport in transports:
            transport.close()
