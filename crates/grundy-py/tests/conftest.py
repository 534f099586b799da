"""Shared fixtures: the `grundy` command line, whose output the package must match."""

import json
import os
import pathlib
import subprocess

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
