"""Shared fixtures: the `grundy` command line, whose output the package must match, and Ctrl-C."""

import json
import os
import pathlib
import signal
import subprocess
import threading
import time
import _thread

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]


def _find_cli():
    given = os.environ.get("GRUNDY_BIN")
    if given:
        return given
    for profile in ("debug", "release"):
        candidate = ROOT / "target" / profile / "grundy"
        if candidate.exists():
            return str(candidate)
    return None


class Cli:
    """Runs the `grundy` binary."""

    def __init__(self, path):
        self.path = path

    def run(self, *args, stdin=""):
        return subprocess.run([self.path, *map(str, args)], capture_output=True, text=True,
                              input=stdin)

    def json(self, *args):
        done = self.run(*args, "--json")
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    def text(self, *args):
        done = self.run(*args)
        assert done.returncode == 0, done.stderr
        return done.stdout

    def error(self, *args):
        """The one-line message after `grundy: ` of a command that must fail."""
        done = self.run(*args)
        assert done.returncode != 0, done.stdout
        line = done.stderr.strip()
        assert line.startswith("grundy: ") and "\n" not in line, line
        return line[len("grundy: "):]


@pytest.fixture(scope="session")
def cli():
    path = _find_cli()
    if path is None:
        pytest.skip("no grundy binary: set GRUNDY_BIN or build it (cargo build -p grundy-cli)")
    return Cli(path)


@pytest.fixture
def ctrl_c():
    """A function that runs `call` with Ctrl-C sent `after` seconds later, checks that it raises
    KeyboardInterrupt, and returns the seconds from Ctrl-C to the exception."""

    def interrupted(call, after):
        # A shell running the tests in the background ignores SIGINT, and Python then ignores
        # interrupt_main: Python's own handler is installed for the call.
        previous = signal.signal(signal.SIGINT, signal.default_int_handler)
        sent = []

        def interrupt():
            sent.append(time.monotonic())
            _thread.interrupt_main()

        timer = threading.Timer(after, interrupt)
        timer.start()
        try:
            with pytest.raises(KeyboardInterrupt):
                call()
            return time.monotonic() - sent[0]
        finally:
            timer.cancel()
            signal.signal(signal.SIGINT, previous)

    return interrupted
