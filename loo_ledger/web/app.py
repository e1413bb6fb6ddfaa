"""The Starlette application of ``loo serve``: every address begins with the token, every
response carries the same strict headers, and nothing in it writes.

    /TOKEN/           the page (web/page.py), as the ledger is now
    /TOKEN/events     server-sent events: the page's parts after every change
    /TOKEN/live.css   its style; /TOKEN/live.js its script (no inline script or style)

Any other address, or a wrong token, is 403 Forbidden.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import AsyncIterator, Callable
from importlib.resources import files
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from loo_ledger.web.hub import POLL_SECONDS, Hub, Renderer, Watcher, first_frame
from loo_ledger.web.page import CSP

#: Seconds between two comments on a quiet event stream (keeps it open through proxies).
KEEPALIVE_SECONDS = 15.0
#: Headers of every response: the CSP, no sniffing, no referrer (the address carries the
#: token), no framing, nothing cached.
HEADERS = {"content-security-policy": CSP, "x-content-type-options": "nosniff",
           "referrer-policy": "no-referrer", "x-frame-options": "DENY",
           "cache-control": "no-store"}


class Gate:
    """Refuses (403) every request whose address does not begin with the token, and adds
    :data:`HEADERS` to every response. :meth:`end_streams` (from any thread, a signal
    handler among them) ends the event streams of a server about to stop."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app = app
        self.token = token.encode()
        self.ending: Callable[[], object] | None = None  # set while the app runs

    def end_streams(self) -> None:
        if self.ending is not None:
            self.ending()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                given = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []), *(
                    (k.encode(), v.encode()) for k, v in HEADERS.items()
                    if k.encode() not in given)]
            await send(message)

        first = scope["path"].lstrip("/").split("/", 1)[0].encode()
        if not secrets.compare_digest(first, self.token):
            refused = PlainTextResponse("403 Forbidden: open the address loo serve printed "
                                        "(it carries the table's token).\n", status_code=403)
            await refused(scope, receive, send_with_headers)
            return
        await self.app(scope, receive, send_with_headers)


def _static(name: str) -> bytes:
    return files("loo_ledger.web").joinpath("static", name).read_bytes()


def make_app(db_path: Path, token: str, *, session: int | None = None,
             interval: float = POLL_SECONDS, keepalive: float = KEEPALIVE_SECONDS) -> Gate:
    """The application for the ledger at ``db_path`` (the current session, or ``session``),
    behind ``token``. The ledger is read once here (LooError, such as no ledger there, before
    anything is served); a thread watches it every ``interval`` seconds while the
    application runs; a quiet event stream gets a comment every ``keepalive`` seconds."""
    renderer = Renderer(session)
    first = first_frame(db_path, renderer)
    style, script = _static("live.css"), _static("live.js")

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub = Hub(first)
        loop = asyncio.get_running_loop()
        watcher = Watcher(db_path, renderer,
                          lambda frame: loop.call_soon_threadsafe(hub.publish, frame),
                          interval=interval)
        app.state.hub = hub
        gate.ending = lambda: loop.call_soon_threadsafe(hub.close)
        watcher.start()
        try:
            yield
        finally:
            gate.ending = None
            hub.close()
            watcher.stop()

    async def show(request: Request) -> Response:
        return Response(request.app.state.hub.current.html,
                        media_type="text/html; charset=utf-8")

    async def events(request: Request) -> Response:
        hub: Hub = request.app.state.hub
        seen = request.headers.get("last-event-id")

        async def stream() -> AsyncIterator[bytes]:
            nonlocal seen
            yield b"retry: 1000\n\n"  # reconnect within a second after a break
            while True:
                try:
                    frame = await asyncio.wait_for(hub.after(seen), keepalive)
                except TimeoutError:
                    yield b": still here\n\n"
                    continue
                if frame is None:  # the server is stopping
                    return
                seen = frame.version
                yield frame.event

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"x-accel-buffering": "no"})

    async def css(request: Request) -> Response:
        return Response(style, media_type="text/css; charset=utf-8")

    async def js(request: Request) -> Response:
        return Response(script, media_type="text/javascript; charset=utf-8")

    routes = [Mount(f"/{token}", routes=[
        Route("/", show), Route("/events", events), Route("/live.css", css),
        Route("/live.js", js)])]
    gate = Gate(Starlette(routes=routes, lifespan=lifespan), token)
    return gate
