"""Tool calls run in up to ``workers`` threads at once (what `serve --workers` sets for HTTP).

Two calls through the SDK's in-process client, and through the lean HTTP server's answers: the
first blocks until the second has started. With two workers both finish; with one, the second
cannot start while the first holds the only worker, so the first gives up waiting. Functional,
not timed: the wait only bounds a failure.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import anyio
import orjson
import pytest
from mcp import Client

from client.assemble import make_service
from client.config import resolve_settings
from client.mcp_lean_http import HttpRequest, LeanHttpApp
from client.mcp_lean_http_gate import AccessCheck
from client.mcp_lean_http_pool import WorkerPool
from client.mcp_server import build_server
from client.service import DocService
from schemas.answers import ReleasesAnswer

GIVE_UP_SECONDS = 5.0


class Rendezvous:
    """``releases`` that makes the first caller wait until a second caller arrives."""

    def __init__(self, service: DocService) -> None:
        self.answer = service.releases
        self.second_arrived = threading.Event()
        self.lock = threading.Lock()
        self.arrivals = 0
        self.first_met_second: bool | None = None

    def releases(self, library_id: str) -> ReleasesAnswer:
        with self.lock:
            self.arrivals += 1
            first = self.arrivals == 1
        if first:
            self.first_met_second = self.second_arrived.wait(GIVE_UP_SECONDS)
        else:
            self.second_arrived.set()
        return self.answer(library_id)


@pytest.fixture
def service(tmp_path_factory: pytest.TempPathFactory) -> DocService:
    cache = tmp_path_factory.getbasetemp() / "workers-cache"
    return make_service(resolve_settings({"cache_dir": str(cache)}, {}))


def two_calls_at_once(service: DocService, workers: int) -> tuple[Rendezvous, list[Any]]:
    rendezvous = Rendezvous(service)
    service.releases = rendezvous.releases  # type: ignore[method-assign]
    server = build_server(service, workers=workers)
    results: list[Any] = []

    async def main() -> None:
        async with Client(server) as client:

            async def call() -> None:
                results.append(await client.call_tool("catalog_releases", {"id": "werkzeug"}))

            async with anyio.create_task_group() as group:
                group.start_soon(call)
                group.start_soon(call)

    anyio.run(main)
    return rendezvous, results


def test_two_workers_run_two_calls_at_once(service: DocService) -> None:
    rendezvous, results = two_calls_at_once(service, workers=2)
    assert rendezvous.first_met_second is True
    assert [result.is_error for result in results] == [False, False]
    assert all(r.structured_content["versions"] == ["3.1.3", "2.3.8"] for r in results)


def test_one_worker_runs_one_call_at_a_time(service: DocService) -> None:
    rendezvous, results = two_calls_at_once(service, workers=1)
    assert rendezvous.first_met_second is False
    assert [result.is_error for result in results] == [False, False]


def two_lean_http_calls_at_once(service: DocService, workers: int) -> tuple[Rendezvous, list[Any]]:
    """The same two calls through the lean HTTP server's answers (client.mcp_lean_http), its
    tool calls in a pool of ``workers`` threads as `serve --transport http` sizes it."""
    rendezvous = Rendezvous(service)
    service.releases = rendezvous.releases  # type: ignore[method-assign]
    token = "a-workers-token-0123456789"
    headers = (
        (b"host", b"127.0.0.1:1"),
        (b"authorization", f"Bearer {token}".encode()),
        (b"content-type", b"application/json"),
        (b"accept", b"application/json"),
    )
    params = {"name": "catalog_releases", "arguments": {"id": "werkzeug"}}
    bodies = [
        orjson.dumps({"jsonrpc": "2.0", "id": n, "method": "tools/call", "params": params})
        for n in range(2)
    ]

    async def main() -> list[Any]:
        pool = WorkerPool(workers)
        app = LeanHttpApp(service, AccessCheck(token=token, hosts=("127.0.0.1",), port=1), pool)
        try:
            replies = await asyncio.gather(
                *(app.answer(HttpRequest("POST", "/mcp", headers, body)) for body in bodies)
            )
        finally:
            pool.shutdown()
        return [orjson.loads(reply.body)["result"] for reply in replies]

    return rendezvous, asyncio.run(main())


@pytest.mark.parametrize(("workers", "met"), [(2, True), (1, False)])
def test_the_lean_http_server_runs_as_many_calls_at_once_as_it_has_workers(
    service: DocService, workers: int, met: bool
) -> None:
    rendezvous, results = two_lean_http_calls_at_once(service, workers)
    assert rendezvous.first_met_second is met
    assert [result["isError"] for result in results] == [False, False]
    assert all(result["structuredContent"]["versions"] == ["3.1.3", "2.3.8"] for result in results)
