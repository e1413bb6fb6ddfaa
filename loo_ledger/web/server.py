"""Where ``loo serve`` listens, the address it prints (with its token, and as a QR code),
and uvicorn serving the application on that socket."""

from __future__ import annotations

import io
import ipaddress
import socket
from types import FrameType
from typing import TYPE_CHECKING

from loo_ledger.errors import LooError

if TYPE_CHECKING:
    from loo_ledger.web.app import Gate

#: Connections waiting to be accepted (uvicorn's own default).
BACKLOG = 2048
#: Seconds uvicorn gives open event streams to end when it is stopped (Ctrl-C).
GRACE_SECONDS = 1


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host``:``port`` (``port`` 0: a free one); LooError naming the
    address when it cannot be had (in use, not this machine's)."""
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        sock = socket.socket(family, socket.SOCK_STREAM)
    except OSError as exc:
        raise LooError(f"--host {host}: not an address to listen on ({exc.strerror or exc})"
                       ) from None
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(BACKLOG)  # a phone that comes before uvicorn is up waits in the queue
    except OSError as exc:
        sock.close()
        raise LooError(f"cannot listen on {host} port {port}: {exc.strerror or exc}; choose "
                       "another with --port (0 takes any free port)") from None
    return sock


def reachable_host(host: str) -> str:
    """The host to print for a socket bound to ``host``: for every interface (``0.0.0.0``,
    ``::``), this machine's address on its network, which phones can reach."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host  # a name: as given
    if not ip.is_unspecified:
        return f"[{host}]" if ip.version == 6 else host
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:  # no packet is sent: a datagram socket's connect only picks the route
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1 (RFC 5737)
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def address(host: str, port: int, token: str) -> str:
    """The page's address: ``http://HOST:PORT/TOKEN/``."""
    return f"http://{reachable_host(host)}:{port}/{token}/"


def qr_code(text: str) -> str:
    """``text`` as a QR code drawn with block characters, for a phone's camera (never a
    Micro QR code, which phones' cameras do not read)."""
    import segno  # noqa: PLC0415 (segno: only with --qr, not --json)
    out = io.StringIO()
    segno.make(text, error="m", micro=False).terminal(out=out, compact=True)
    return out.getvalue()


def run(app: Gate, sock: socket.socket) -> None:
    """Serve ``app`` on ``sock`` until Ctrl-C (or SIGTERM): HTTP/1.1 with h11, quiet (no
    access log: the addresses carry the token), no WebSockets, no proxy headers. On the
    signal the event streams end first, so the server stops at once; Ctrl-C is how it
    stops, not an interruption."""
    import uvicorn  # noqa: PLC0415 (uvicorn (~150 modules): after the address is shown)

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            app.end_streams()
            super().handle_exit(sig, frame)

    config = uvicorn.Config(app, http="h11", ws="none", loop="asyncio", lifespan="on",
                            log_level="warning", access_log=False, server_header=False,
                            proxy_headers=False, timeout_graceful_shutdown=GRACE_SECONDS)
    try:
        Server(config).run(sockets=[sock])
    except KeyboardInterrupt:  # uvicorn raises the Ctrl-C it caught once it has stopped
        return
