"""Each header behaviour, checked against a real server on port 0 in a thread."""

from __future__ import annotations

import gzip
import hashlib
import http.client
import io
import os
import socket
from collections.abc import Iterator
from http import HTTPStatus
from pathlib import Path

import pytest

from builder.serve import RunningServer, start_server
from builder.serve.validators import format_http_date

SHARD = "shards/requests/2.31.0.0123456789abcdef.sqlite"
CATALOG = b'{"format": "doctrove-catalog@1", "entries": []}' * 20
BIG = os.urandom(3 * 1024 * 1024 + 17)


@pytest.fixture
def site(tmp_path: Path) -> Path:
    root = tmp_path / "site"
    for relpath, content in {
        "index.html": b"<h1>home</h1>",
        "404.html": b"<h1>not here</h1>",
        "catalog.json": CATALOG,
        "llms.txt": b"# docs\n",
        "docs/index.html": b"<h1>docs</h1>",
        SHARD: b"SQLite format 3\x00" + bytes(range(256)) * 4,
        "big.bin": BIG,
        "empty.txt": b"",
        ".well-known/security.txt": b"Contact: x",
        ".nojekyll": b"",
    }.items():
        path = root / relpath
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
    return root


@pytest.fixture
def server(site: Path) -> Iterator[RunningServer]:
    with start_server(site) as running:
        yield running


class Response:
    def __init__(self, status: int, headers: dict[str, str], body: bytes) -> None:
        self.status, self.headers, self.body = status, headers, body


def fetch(
    server: RunningServer, path: str, method: str = "GET", headers: dict[str, str] | None = None
) -> Response:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        connection.request(method, path, headers=headers or {})
        response = connection.getresponse()
        body = response.read()
        fields = {name.lower(): value for name, value in response.getheaders()}
        return Response(response.status, fields, body)
    finally:
        connection.close()


def etag_of(content: bytes) -> str:
    return '"' + hashlib.sha256(content).hexdigest()[:32] + '"'


def test_get_sends_validators_and_cache_headers(server: RunningServer, site: Path) -> None:
    response = fetch(server, "/catalog.json")
    mtime = os.stat(site / "catalog.json").st_mtime_ns // 1_000_000_000
    assert response.status == 200
    assert response.body == CATALOG
    assert response.headers["etag"] == etag_of(CATALOG)
    assert response.headers["last-modified"] == format_http_date(mtime)
    assert response.headers["cache-control"] == "max-age=600"
    assert response.headers["content-type"] == "application/json; charset=utf-8"
    assert response.headers["content-length"] == str(len(CATALOG))
    assert response.headers["accept-ranges"] == "bytes"
    assert response.headers["vary"] == "Accept-Encoding"
    assert "content-encoding" not in response.headers


@pytest.mark.parametrize(
    ("path", "content_type"),
    [
        ("/", "text/html; charset=utf-8"),
        ("/llms.txt", "text/plain; charset=utf-8"),
        (f"/{SHARD}", "application/vnd.sqlite3"),
        ("/big.bin", "application/octet-stream"),
    ],
)
def test_content_type(server: RunningServer, path: str, content_type: str) -> None:
    assert fetch(server, path).headers["content-type"] == content_type


def test_head_sends_the_same_headers_as_get_and_no_body(server: RunningServer) -> None:
    for headers in ({}, {"Accept-Encoding": "gzip"}, {"Range": "bytes=0-9"}):
        get = fetch(server, "/catalog.json", "GET", headers)
        head = fetch(server, "/catalog.json", "HEAD", headers)
        get.headers.pop("date")
        head.headers.pop("date")
        assert (head.status, head.headers, head.body) == (get.status, get.headers, b"")


def test_if_none_match_answers_304_without_body(server: RunningServer) -> None:
    tag = etag_of(CATALOG)
    for value in (tag, f"W/{tag}", f'"other", {tag}', "*"):
        response = fetch(server, "/catalog.json", headers={"If-None-Match": value})
        assert (response.status, response.body) == (304, b"")
        assert response.headers["etag"] == tag
        assert response.headers["cache-control"] == "max-age=600"
        assert "content-length" not in response.headers


def test_if_none_match_mismatch_answers_200(server: RunningServer) -> None:
    response = fetch(server, "/catalog.json", headers={"If-None-Match": '"stale"'})
    assert (response.status, response.body) == (200, CATALOG)


def test_if_modified_since_answers_304(server: RunningServer) -> None:
    last_modified = fetch(server, "/catalog.json").headers["last-modified"]
    response = fetch(server, "/catalog.json", headers={"If-Modified-Since": last_modified})
    assert (response.status, response.body) == (304, b"")
    old = fetch(server, "/catalog.json", headers={"If-Modified-Since": format_http_date(0)})
    assert old.status == 200


def test_if_none_match_wins_over_if_modified_since(server: RunningServer) -> None:
    last_modified = fetch(server, "/catalog.json").headers["last-modified"]
    headers = {"If-None-Match": '"stale"', "If-Modified-Since": last_modified}
    assert fetch(server, "/catalog.json", headers=headers).status == 200


def test_if_match_failure_is_412(server: RunningServer) -> None:
    response = fetch(server, "/catalog.json", headers={"If-Match": '"stale"'})
    assert response.status == 412


def test_gzip_for_text_when_accepted(server: RunningServer) -> None:
    response = fetch(server, "/catalog.json", headers={"Accept-Encoding": "br, gzip;q=0.8"})
    assert response.status == 200
    assert response.headers["content-encoding"] == "gzip"
    assert response.headers["etag"] == etag_of(CATALOG)[:-1] + '-gzip"'
    assert response.headers["vary"] == "Accept-Encoding"
    assert int(response.headers["content-length"]) == len(response.body) < len(CATALOG)
    assert gzip.decompress(response.body) == CATALOG


def test_gzip_etag_revalidates(server: RunningServer) -> None:
    headers = {"Accept-Encoding": "gzip"}
    tag = fetch(server, "/catalog.json", headers=headers).headers["etag"]
    response = fetch(server, "/catalog.json", headers={**headers, "If-None-Match": tag})
    assert (response.status, response.headers["etag"]) == (304, tag)


@pytest.mark.parametrize("accept", ["gzip;q=0", "identity", "br"])
def test_no_gzip_when_refused(server: RunningServer, accept: str) -> None:
    response = fetch(server, "/catalog.json", headers={"Accept-Encoding": accept})
    assert "content-encoding" not in response.headers
    assert response.body == CATALOG


def test_no_gzip_for_binary_files(server: RunningServer) -> None:
    response = fetch(server, f"/{SHARD}", headers={"Accept-Encoding": "gzip"})
    assert "content-encoding" not in response.headers
    assert "vary" not in response.headers


def test_range_is_served_from_the_identity_representation(server: RunningServer) -> None:
    headers = {"Range": "bytes=10-19", "Accept-Encoding": "gzip"}
    response = fetch(server, "/catalog.json", headers=headers)
    assert response.status == 206
    assert response.body == CATALOG[10:20]
    assert response.headers["content-range"] == f"bytes 10-19/{len(CATALOG)}"
    assert response.headers["content-length"] == "10"
    assert response.headers["etag"] == etag_of(CATALOG)
    assert "content-encoding" not in response.headers


def test_suffix_and_open_ranges(server: RunningServer) -> None:
    tail = fetch(server, "/big.bin", headers={"Range": "bytes=-100"})
    rest = fetch(server, "/big.bin", headers={"Range": f"bytes={len(BIG) - 5}-"})
    assert (tail.status, tail.body) == (206, BIG[-100:])
    assert (rest.status, rest.body) == (206, BIG[-5:])


def test_unsatisfiable_range_is_416(server: RunningServer) -> None:
    response = fetch(server, "/big.bin", headers={"Range": f"bytes={len(BIG)}-"})
    assert response.status == 416
    assert response.headers["content-range"] == f"bytes */{len(BIG)}"
    empty = fetch(server, "/empty.txt", headers={"Range": "bytes=0-"})
    assert (empty.status, empty.headers["content-range"]) == (416, "bytes */0")


def test_several_ranges_get_the_full_representation(server: RunningServer) -> None:
    response = fetch(server, "/catalog.json", headers={"Range": "bytes=0-1,5-6"})
    assert (response.status, response.body) == (200, CATALOG)


def test_if_range(server: RunningServer) -> None:
    current = fetch(server, "/catalog.json").headers
    for validator in (current["etag"], current["last-modified"]):
        headers = {"Range": "bytes=0-3", "If-Range": validator}
        assert fetch(server, "/catalog.json", headers=headers).status == 206
    for stale in ('"stale"', format_http_date(0)):
        headers = {"Range": "bytes=0-3", "If-Range": stale}
        response = fetch(server, "/catalog.json", headers=headers)
        assert (response.status, response.body) == (200, CATALOG)


def test_large_file_is_streamed_whole(server: RunningServer) -> None:
    response = fetch(server, "/big.bin")
    assert response.status == 200
    assert response.body == BIG


def test_content_addressed_shard_is_immutable(server: RunningServer) -> None:
    response = fetch(server, f"/{SHARD}")
    assert response.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert response.headers["etag"] == '"0123456789abcdef"'


def test_cache_control_is_configurable(site: Path) -> None:
    with start_server(site, cache_control="no-cache") as running:
        assert fetch(running, "/catalog.json").headers["cache-control"] == "no-cache"
        shard = fetch(running, f"/{SHARD}").headers["cache-control"]
        assert shard == "public, max-age=31536000, immutable"


def test_directory_serves_its_index(server: RunningServer) -> None:
    assert fetch(server, "/docs/").body == b"<h1>docs</h1>"
    assert fetch(server, "/").body == b"<h1>home</h1>"


def test_directory_without_slash_redirects_301(server: RunningServer) -> None:
    response = fetch(server, "/docs?v=1")
    assert response.status == 301
    assert response.headers["location"] == "/docs/?v=1"


def test_miss_serves_the_site_404_page(server: RunningServer) -> None:
    response = fetch(server, "/nowhere")
    assert (response.status, response.body) == (404, b"<h1>not here</h1>")
    assert response.headers["content-type"] == "text/html; charset=utf-8"


def test_miss_without_404_page_is_plain_text(server: RunningServer, site: Path) -> None:
    (site / "404.html").unlink()
    response = fetch(server, "/nowhere")
    assert (response.status, response.body) == (404, b"404 Not Found\n")
    assert response.headers["content-type"] == "text/plain; charset=utf-8"


def test_head_of_a_refused_path_has_no_body(server: RunningServer) -> None:
    head = b"HEAD /%2e%2e/x HTTP/1.1\r\nHost: x\r\n\r\n"
    then_get = b"GET /llms.txt HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    reply = raw(server, head + then_get)
    first, second = reply.split(b"HTTP/1.1 200 OK\r\n")
    assert first.startswith(b"HTTP/1.1 400 Bad Request\r\n")
    assert first.endswith(b"\r\n\r\n")
    assert second.endswith(b"\r\n\r\n# docs\n")


def test_dotfiles_are_hidden_except_well_known(server: RunningServer) -> None:
    assert fetch(server, "/.nojekyll").status == 404
    assert fetch(server, "/.well-known/security.txt").body == b"Contact: x"


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "BREW"])
def test_other_methods_are_405(server: RunningServer, method: str) -> None:
    response = fetch(server, "/catalog.json", method)
    assert response.status == 405
    assert response.headers["allow"] == "GET, HEAD"


def test_keep_alive_serves_several_requests_on_one_connection(server: RunningServer) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        bodies = []
        for path in ("/", "/catalog.json", "/nowhere", "/docs/"):
            connection.request("GET", path)
            bodies.append(connection.getresponse().read())
        connection.request("POST", "/", body=b"x" * 1000)
        assert connection.getresponse().read() == b"405 Method Not Allowed\n"
        connection.request("GET", "/llms.txt")
        bodies.append(connection.getresponse().read())
    finally:
        connection.close()
    expected = [b"<h1>home</h1>", CATALOG, b"<h1>not here</h1>", b"<h1>docs</h1>", b"# docs\n"]
    assert bodies == expected


def raw(server: RunningServer, data: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as connection:
        connection.sendall(data)
        chunks = []
        while chunk := connection.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


def test_http_1_0_closes_unless_asked_to_keep_alive(server: RunningServer) -> None:
    reply = raw(server, b"GET /llms.txt HTTP/1.0\r\n\r\n")
    assert reply.startswith(b"HTTP/1.1 200 OK\r\n")
    assert b"\r\nConnection: close\r\n" in reply


def test_request_line_over_8_kib_is_414(server: RunningServer) -> None:
    reply = raw(server, b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n")
    # The reason phrase is the standard library's: RFC 9110's "URI Too Long" from Python 3.13,
    # "Request-URI Too Long" before it.
    phrase = HTTPStatus.REQUEST_URI_TOO_LONG.phrase.encode()
    assert reply.startswith(b"HTTP/1.1 414 " + phrase + b"\r\n")
    assert reply.endswith(b"\r\n\r\n414 " + phrase + b"\n")


def test_too_many_or_too_long_headers_are_431(server: RunningServer) -> None:
    many = b"".join(b"X-%d: v\r\n" % n for n in range(200))
    long = b"X-Long: " + b"v" * 9000 + b"\r\n"
    for fields in (many, long):
        reply = raw(server, b"GET / HTTP/1.1\r\nHost: x\r\n" + fields + b"\r\n")
        assert reply.startswith(b"HTTP/1.1 431 ")


def test_access_log(site: Path) -> None:
    log = io.StringIO()
    with start_server(site, access_log=log) as running:
        fetch(running, "/llms.txt")
        fetch(running, "/nowhere")
        raw(running, b"GET /\x1b[31m HTTP/1.1\r\nHost: x\r\n\r\n")
    # A line is written when its connection's thread finishes, after the reply went out, so
    # under load the lines of back-to-back requests may land in either order.
    lines = log.getvalue().splitlines()
    assert len(lines) == 3
    assert all(line.startswith("127.0.0.1 - - [") for line in lines)
    requests = sorted(line.partition("] ")[2] for line in lines)
    assert requests == [
        '"GET /\\x1b[31m HTTP/1.1" 400 16',
        '"GET /llms.txt HTTP/1.1" 200 7',
        '"GET /nowhere HTTP/1.1" 404 17',
    ]
