"""explore against the command line: the same JSON for the same family."""

import json

import pytest

import grundy

# (ruleset, fixed numbers, parameters as keyword arguments, the same as command-line words).
FAMILIES = [
    ("lasker", [], {}, []),
    ("lasker", [3], {}, []),
    ("nim", [5, 9], {}, []),
    ("subtraction", [], {"set": [1, 2, 4]}, ["--set", "1,2,4"]),
    ("subtraction", [], {"set": "all-but:2"}, ["--set", "all-but:2"]),
    ("octal", [], {"code": "0.07"}, ["0.07"]),
    ("turning", [], {"rule": "mock"}, ["mock"]),
    ("staircase", [2], {}, []),
]


@pytest.mark.parametrize("game,fixed,params,words", FAMILIES)
def test_explore_is_the_json_of_the_command_line(cli, game, fixed, params, words):
    expected = json.loads(cli.text("explore", "--json", game, *words, *map(str, fixed), "--to", "80"))
    assert grundy.explore(game, fixed, to=80, **params) == expected


def test_a_theorem_proves_a_subtraction_sets_period():
    family = grundy.explore("subtraction", set=[1, 2, 4], to=40)
    assert family["values"][:6] == [0, 1, 2, 0, 1, 2]
    assert family["period"]["period"] == 3 and family["period"]["proved"]
    assert family["p_positions"][:4] == [0, 3, 6, 9]


def test_families_without_values_are_value_errors():
    with pytest.raises(ValueError, match="no Grundy value"):
        grundy.explore("wythoff", [3])
    with pytest.raises(ValueError, match="unknown game"):
        grundy.explore("chess")
    with pytest.raises(ValueError, match="n = 0"):
        grundy.explore("cutting", [2], to=3)
    # Ruler numbers its places from 1: there is no coin at place 0.
    with pytest.raises(ValueError, match="n = 0: '0' is before the first place"):
        grundy.explore("turning", rule="ruler")
