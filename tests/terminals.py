"""Helpers for the tests that run `loo` at a terminal (not a test module): a pseudo-terminal
of its own for `loo hand -i` (:class:`Terminal`), and standard error on a terminal for the
progress bars (:func:`on_a_terminal`). Waiting is for what the program writes, or for its
end: never for a length of time."""

from __future__ import annotations

import os
import pty
import select
import signal
import subprocess
import sys

#: Seconds of silence after which a program at the pseudo-terminal is taken to be stuck.
STUCK = 120


class Terminal:
    """``loo ARGS`` running in a pseudo-terminal of its own (its controlling terminal, so
    Ctrl-C is the terminal's SIGINT, as at a real keyboard)."""

    def __init__(self, *args: str):
        env = dict(os.environ, COLUMNS="200", TERM="dumb", NO_COLOR="1")
        pid, fd = pty.fork()
        if pid == 0:  # the child: become loo, with Ctrl-C as at a keyboard (even when
            # pytest itself was started in the background, which ignores SIGINT)
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            os.execve(sys.executable, [sys.executable, "-m", "loo_ledger", *args], env)
        self.pid, self.fd, self.seen, self.at = pid, fd, "", 0

    def _read(self) -> bool:
        """Wait for the program to write; False once it has ended (the terminal closed).
        A program that writes nothing for STUCK seconds is waiting for something the test
        never types (a prompt that changed): it is killed and the test fails with what it
        wrote, where it would otherwise hang the run. Not a measure of speed: no figure
        depends on it."""
        if not select.select([self.fd], [], [], STUCK)[0]:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
            raise AssertionError(f"loo wrote nothing for {STUCK} s, waiting for input the "
                                 f"test never types; it had written:\n{self.seen}")
        try:
            data = os.read(self.fd, 4096)
        except OSError:  # EIO: the child has gone
            data = b""
        self.seen += data.decode(errors="replace").replace("\r\n", "\n")
        return bool(data)

    def expect(self, text: str) -> None:
        """Wait until ``text`` appears after what was expected before."""
        while text not in self.seen[self.at:]:
            assert self._read(), f"never saw {text!r}; saw:\n{self.seen}"
        self.at = self.seen.index(text, self.at) + len(text)

    def answer(self, question: str, typed: str) -> None:
        """Wait for ``question`` and for the program to wait on it (the output stops at
        the prompt's ": "), then type ``typed`` and Enter."""
        self.expect(question)
        while not self.seen.endswith(": "):
            assert self._read(), f"no prompt after {question!r}:\n{self.seen}"
        self.at = len(self.seen)
        os.write(self.fd, typed.encode() + b"\r")

    def finish(self) -> int:
        """Read to the end; the exit status."""
        while self._read():
            pass
        _, status = os.waitpid(self.pid, 0)
        os.close(self.fd)
        return os.waitstatus_to_exitcode(status)


def on_a_terminal(*args: str) -> tuple[str, str, int]:
    """Run ``python -m loo_ledger ARGS`` with standard error on a pty and standard output
    on a pipe: (stdout, what the terminal received, exit code)."""
    master, slave = pty.openpty()
    child = subprocess.Popen([sys.executable, "-m", "loo_ledger", *args],
                             stdout=subprocess.PIPE, stderr=slave, stdin=subprocess.DEVNULL,
                             env={**os.environ, "COLUMNS": "100", "TERM": "xterm"})
    os.close(slave)
    out = child.stdout.read() if child.stdout else b""
    code = child.wait()
    seen = drain(master)  # the child has ended: what the terminal holds, to its end
    return out.decode(), seen.decode(errors="replace"), code


def drain(master: int) -> bytes:
    """Everything a pseudo-terminal's child wrote, read until it has ended and the terminal
    closed; the master side is closed after."""
    seen = b""
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:  # the child is gone and the pty closed
            break
        if not data:
            break
        seen += data
    os.close(master)
    return seen
