"""End to end: `python -m builder.serve` as a process, attack paths on the wire, many clients."""

from __future__ import annotations

import hashlib
import http.client
import os
import re
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from builder.serve import RunningServer, start_server

REPO = Path(__file__).resolve().parents[1]
SECRET = b"TOP-SECRET-do-not-serve"
CATALOG = b'{"entries": []}' * 100
SHARD = "shards/lib/1.0.0123456789abcdef.sqlite"


@pytest.fixture
def site(tmp_path: Path) -> Path:
    root = tmp_path / "site"
    (root / "docs").mkdir(parents=True)
    (root / "shards" / "lib").mkdir(parents=True)
    (root / "index.html").write_bytes(b"<h1>home</h1>")
    (root / "404.html").write_bytes(b"<h1>missing</h1>")
    (root / "catalog.json").write_bytes(CATALOG)
    (root / "docs" / "index.html").write_bytes(b"<h1>docs</h1>")
    (root / SHARD).write_bytes(bytes(range(256)) * 400)
    (root / ".env").write_bytes(SECRET)
    (tmp_path / "secret.txt").write_bytes(SECRET)
    (root / "leak.txt").symlink_to(tmp_path / "secret.txt")
    (root / "up").symlink_to(tmp_path)
    return root


@pytest.fixture
def server(site: Path) -> Iterator[RunningServer]:
    with start_server(site) as running:
        yield running


def raw(port: int, data: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(data)
        chunks = []
        while chunk := connection.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


ATTACKS = [
    "/../secret.txt",
    "/../../../../etc/passwd",
    "/docs/../../secret.txt",
    "/%2e%2e/secret.txt",
    "/%2E%2E/%2E%2E/etc/passwd",
    "/.%2e/secret.txt",
    "/%2e%2e%2fsecret.txt",
    "/..%2f..%2fetc%2fpasswd",
    "/%252e%252e/secret.txt",
    "/%252e%252e%252fsecret.txt",
    "/..\\secret.txt",
    "/..%5csecret.txt",
    "/%5c..%5csecret.txt",
    "/secret.txt%00.html",
    "/index.html%00",
    "/%c0%ae%c0%ae/secret.txt",
    "/%c0%ae%c0%ae%c0%afsecret.txt",
    "/%e0%80%ae%e0%80%ae/secret.txt",
    "/%c1%9c%c1%9csecret.txt",
    "//etc/passwd",
    "///etc/passwd",
    "/etc/passwd",
    "/C:/Windows/win.ini",
    "/c:%5cwindows%5cwin.ini",
    "/C%3A/Windows/win.ini",
    "C:\\secret.txt",
    "../secret.txt",
    "/leak.txt",
    "/up/secret.txt",
    "/up/site/../secret.txt",
    "/.env",
    "/%2eenv",
    "/docs/.././.env",
    "http://example.test/../secret.txt",
]


@pytest.mark.parametrize("target", ATTACKS)
def test_attack_paths_never_leave_the_root(server: RunningServer, site: Path, target: str) -> None:
    head = f"GET {target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    reply = raw(server.port, head.encode())
    status = int(reply.split(b" ", 2)[1])
    assert status in (400, 404)
    assert SECRET not in reply
    assert str(site.parent).encode() not in reply
    assert b"root:" not in reply


def test_absolute_path_of_the_secret_is_a_miss(server: RunningServer, site: Path) -> None:
    target = (site.parent / "secret.txt").as_posix()
    reply = raw(
        server.port, f"GET {target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode()
    )
    assert reply.startswith(b"HTTP/1.1 404 ")
    assert SECRET not in reply


@pytest.mark.parametrize(
    ("request_head", "status"),
    [
        (b"GET /" + b"a" * 8300 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414),
        (b"GET / HTTP/1.1\r\nHost: x\r\nCookie: " + b"c" * 9000 + b"\r\n\r\n", 431),
        (b"GET / HTTP/1.1\r\n" + b"X: y\r\n" * 150 + b"\r\n", 431),
        (b"GET /\x00 HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        (b"GET / HTTP/1.1\r\nHost: x\r\nX: a\x00b\r\n\r\n", 400),
        (b"GET / HTTP/3.0\r\nHost: x\r\n\r\n", 505),
        (b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n", 400),
    ],
)
def test_hostile_request_heads(server: RunningServer, request_head: bytes, status: int) -> None:
    reply = raw(server.port, request_head)
    assert reply.startswith(b"HTTP/1.1 %d " % status)
    assert SECRET not in reply


def test_hundred_concurrent_clients(server: RunningServer) -> None:
    catalog_tag = '"' + hashlib.sha256(CATALOG).hexdigest()[:32] + '"'
    revalidate = {"If-None-Match": catalog_tag}
    shard = bytes(range(256)) * 400
    failures: list[str] = []

    def client(number: int) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        try:
            for round_ in range(10):
                kind = (number + round_) % 3
                if kind == 0:
                    connection.request("GET", "/catalog.json", headers=revalidate)
                    expected: tuple[int, bytes] = (304, b"")
                elif kind == 1:
                    start = (number * 97 + round_) % 1000
                    headers = {"Range": f"bytes={start}-{start + 99}"}
                    connection.request("GET", f"/{SHARD}", headers=headers)
                    expected = (206, shard[start : start + 100])
                else:
                    connection.request("GET", f"/{SHARD}")
                    expected = (200, shard)
                response = connection.getresponse()
                got = (response.status, response.read())
                if got != expected:
                    failures.append(f"client {number} round {round_}: {got[0]}")
        except Exception as error:
            failures.append(f"client {number}: {error!r}")
        finally:
            connection.close()

    threads = [threading.Thread(target=client, args=(n,)) for n in range(100)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []


def get(port: int, path: str) -> http.client.HTTPResponse:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", path)
    response = connection.getresponse()
    response.read()
    connection.close()
    return response


def test_replaced_file_gets_a_new_etag(server: RunningServer, site: Path) -> None:
    first = get(server.port, "/catalog.json").getheader("ETag")
    assert get(server.port, "/catalog.json").getheader("ETag") == first
    replacement = site / "catalog.json.tmp"
    replacement.write_bytes(b'{"entries": [1]}')
    os.replace(replacement, site / "catalog.json")
    second = get(server.port, "/catalog.json").getheader("ETag")
    # Same size and mtime, rewritten in place: the inode stays, the mtime_ns moves.
    (site / "catalog.json").write_bytes(b'{"entries": [2]}')
    stat = os.stat(site / "catalog.json")
    os.utime(site / "catalog.json", ns=(stat.st_atime_ns, stat.st_mtime_ns + 1))
    third = get(server.port, "/catalog.json").getheader("ETag")
    assert len({first, second, third}) == 3


def start_process(root: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "builder.serve", str(root), "--port", "0", *args],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.parametrize("stop_signal", [signal.SIGTERM, signal.SIGINT])
def test_module_serves_then_stops_cleanly_on_a_signal(site: Path, stop_signal: int) -> None:
    process = start_process(site)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        match = re.fullmatch(r"Serving (.+) at http://127\.0\.0\.1:(\d+)/\n", line)
        assert match is not None, line
        assert match[1] == os.path.realpath(site)
        response = get(int(match[2]), "/catalog.json")
        assert response.status == 200
        process.send_signal(stop_signal)
        _, stderr = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 0
    assert '"GET /catalog.json HTTP/1.1" 200 1500' in stderr
    assert "Traceback" not in stderr


def test_module_quiet_has_no_access_log(site: Path) -> None:
    process = start_process(site, "--quiet")
    try:
        assert process.stdout is not None
        port = int(process.stdout.readline().rsplit(":", 1)[1].rstrip("/\n"))
        get(port, "/")
        process.send_signal(signal.SIGTERM)
        _, stderr = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert (process.returncode, stderr) == (0, "")


def test_module_reports_a_taken_port(site: Path, server: RunningServer) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "builder.serve", str(site), "--port", str(server.port)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr == (
        f"error: cannot serve on 127.0.0.1:{server.port}: the port is already in use "
        "(choose another with --port, or --port 0 for any free port)\n"
    )
