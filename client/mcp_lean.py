"""``docclient serve`` over stdio without the MCP SDK: a JSON-RPC 2.0 loop on stdin and stdout.

Importing the SDK (its pydantic protocol models above all) was 90% of a stdio server's start-up.
This server answers what the SDK server answers (client.mcp_lean_protocol says how; the SDK path
stays for HTTP and for sampling, which needs server-to-client requests): newline-delimited
frames, each line first through the frame gate (client.frames), then through the session.

The reader (this thread) answers at once everything that needs no service; tool calls and status
reads run one at a time, in arrival order, in one worker thread, so pings and cancellations are
answered while a call runs. A cancelled request is never answered, as with the SDK. When stdin
closes, the calls already read are answered before the server returns.

Imports neither ``mcp`` nor ``pydantic`` (tests/test_mcp_lean.py checks it).
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Iterable
from typing import IO, Any

import orjson

from client.frames import JSONRPC_VERSION, RequestId, reply_for_frame
from client.mcp_lean_protocol import (
    Action,
    Cancel,
    LeanSession,
    ReadStatus,
    RunTool,
    Send,
    result_reply,
    status_result,
    tool_result,
)
from client.mcp_tools import call_tool
from client.service import DocService
from client.stdio_claim import claimed_stdin, claimed_stdout

log = logging.getLogger(__name__)

Job = RunTool | ReadStatus
# What the SDK answers when a handler raises something unexpected: its dispatcher pins code 0
# with the exception's text on a handshake connection, the modern loop -32603.
LEGACY_HANDLER_FAILURE = 0
MODERN_HANDLER_FAILURE = (-32603, "Internal server error")


class _Wire:
    """stdout, one whole line per message whichever thread writes."""

    def __init__(self, stream: IO[bytes]) -> None:
        self._stream = stream
        self._lock = threading.Lock()

    def send(self, message: dict[str, Any]) -> None:
        line = orjson.dumps(message) + b"\n"
        with self._lock:
            self._stream.write(line)
            self._stream.flush()


class LeanStdioServer:
    """Serve ``service`` on a pair of byte streams until the input ends."""

    def __init__(self, service: DocService, output: IO[bytes]) -> None:
        self._service = service
        self._wire = _Wire(output)
        self._session = LeanSession()
        self._jobs: queue.Queue[Job | None] = queue.Queue()
        self._lock = threading.Lock()
        self._in_flight: set[RequestId] = set()
        self._cancelled: set[RequestId] = set()

    def serve(self, lines: Iterable[bytes]) -> None:
        """Answer ``lines`` (the client's frames, as read) until they end, then the calls
        still queued."""
        worker = threading.Thread(target=self._work, name="tool-calls", daemon=True)
        worker.start()
        try:
            for line in lines:
                self.receive(line)
        finally:
            self._jobs.put(None)
            worker.join()

    def receive(self, line: bytes) -> None:
        """Answer, queue or drop one line read from the client."""
        if not line.strip():
            return
        frame = line.rstrip(b"\r\n")
        refusal = reply_for_frame(frame)
        if refusal is not None:
            self._wire.send(refusal)
            return
        self._act(self._session.receive(orjson.loads(frame)))

    def _act(self, action: Action) -> None:
        if isinstance(action, Send):
            self._wire.send(action.message)
        elif isinstance(action, Cancel):
            with self._lock:
                if action.request_id in self._in_flight:
                    self._cancelled.add(action.request_id)
        elif action is not None:
            with self._lock:
                self._in_flight.add(action.request_id)
            self._jobs.put(action)

    def _work(self) -> None:
        while (job := self._jobs.get()) is not None:
            with self._lock:
                skip = job.request_id in self._cancelled
            reply = None if skip else run_job(self._service, job)
            with self._lock:
                self._in_flight.discard(job.request_id)
                dropped = job.request_id in self._cancelled
                self._cancelled.discard(job.request_id)
            if reply is not None and not dropped:
                self._wire.send(reply)


def run_job(service: DocService, job: Job) -> dict[str, Any]:
    """The reply to a tool call or status read, run in the caller's (worker) thread."""
    try:
        if isinstance(job, RunTool):
            outcome = call_tool(service, job.tool, job.arguments)
            return result_reply(job.request_id, tool_result(outcome, modern=job.modern))
        status = service.status()
        text = orjson.dumps(status, option=orjson.OPT_INDENT_2).decode()
        return result_reply(job.request_id, status_result(text, modern=job.modern))
    except Exception as error:  # call_tool turns its own failures into results already
        log.exception("a request failed")
        code, message = (
            MODERN_HANDLER_FAILURE if job.modern else (LEGACY_HANDLER_FAILURE, str(error))
        )
        failure = {"code": code, "message": message}
        return {"jsonrpc": JSONRPC_VERSION, "id": job.request_id, "error": failure}


def serve_lean_stdio(service: DocService) -> None:
    """Serve ``service`` on this process's stdin and stdout until stdin closes."""
    with claimed_stdin() as wire_in, claimed_stdout() as wire_out:
        LeanStdioServer(service, wire_out).serve(wire_in)
