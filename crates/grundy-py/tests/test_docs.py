"""The examples of the docstrings and of docs/python.md's tour, run as doctests."""

import doctest
import pathlib

import grundy
import grundy._grundy

DOCS = pathlib.Path(__file__).resolve().parents[3] / "docs" / "python.md"


def run(results):
    assert results.attempted > 0 and results.failed == 0, results


def test_the_docstrings_examples():
    for module in (grundy, grundy._grundy, grundy.nimber):
        run(doctest.testmod(module, extraglobs={"grundy": grundy}, optionflags=doctest.ELLIPSIS))


def test_the_tour_of_docs_python_md():
    run(doctest.testfile(str(DOCS), module_relative=False, optionflags=doctest.ELLIPSIS))


def test_the_python_examples_of_docs_nimber_md():
    run(doctest.testfile(str(DOCS.with_name("nimber.md")), module_relative=False))
