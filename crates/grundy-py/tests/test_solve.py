"""solve: games written in Python, searched by the engine, against the built-in rulesets and a
plain recursive reference."""

import functools
import itertools
import math

import pytest

import grundy


class Lasker:
    """Lasker's Nim: take any number from one heap, or split a heap into two non-empty heaps.
    A state is the sorted tuple of its non-empty heaps; each heap is a component."""

    def options(self, heaps):
        out = []
        for i, h in enumerate(heaps):
            if i and heaps[i - 1] == h:
                continue
            rest = heaps[:i] + heaps[i + 1:]
            for left in range(h):
                out.append(tuple(sorted(rest + ((left,) if left else ()))))
            for a in range(1, h // 2 + 1):
                out.append(tuple(sorted(rest + (a, h - a))))
        return out

    def components(self, heaps):
        return [(h,) for h in heaps] if len(heaps) > 1 else None


class Queen:
    """The queen game (Wythoff's game): a queen moves left, down or diagonally down-left; the
    state is (a, b), its distances to the corner."""

    def options(self, state):
        a, b = state
        out = [(a - k, b) for k in range(1, a + 1)]
        out += [(a, b - k) for k in range(1, b + 1)]
        out += [(a - k, b - k) for k in range(1, min(a, b) + 1)]
        return out


def reference(game, state, misere=False):
    """(Grundy value, the mover wins under `misere`, remoteness) by plain recursion."""

    @functools.lru_cache(maxsize=None)
    def solve(s):
        children = [solve(o) for o in game.options(s)]
        values = {c[0] for c in children}
        g = 0
        while g in values:
            g += 1
        if not children:
            return g, misere, 0
        losing = [c[2] for c in children if not c[1]]
        if losing:
            return g, True, min(losing) + 1
        return g, False, max(c[2] for c in children) + 1

    return solve(state)


def lasker_positions():
    for count in range(1, 4):
        for heaps in itertools.combinations_with_replacement(range(1, 8), count):
            yield heaps


def nonzero(position):
    return tuple(sorted(h for h in position if h))


def test_lasker_in_python_is_the_built_in_lasker_on_all_small_positions():
    game = Lasker()
    for heaps in lasker_positions():
        solved = grundy.solve(game, heaps)
        built_in = grundy.analyze("lasker", list(heaps), max_moves=10_000).to_dict()
        assert (solved.grundy, solved.outcome) == (built_in["grundy"], built_in["outcome"]), heaps
        # The built-in ruleset lists a move of each of two equal heaps; the game in Python,
        # whose states are sorted, lists their common result once.
        assert set(solved.winning_moves) == {
            nonzero(m["position"]) for m in built_in["winning_moves"]}, heaps
        assert solved.remoteness is None  # the search splits heaps


def test_the_queen_game_in_python_is_the_built_in_wythoff_on_all_small_positions():
    game = Queen()
    for a, b in itertools.product(range(13), repeat=2):
        solved = grundy.solve(game, (a, b))
        built_in = grundy.analyze("wythoff", [a, b], max_moves=10_000).to_dict()
        assert solved.outcome == built_in["outcome"], (a, b)
        assert sorted(solved.winning_moves) == sorted(
            tuple(m["position"]) for m in built_in["winning_moves"]), (a, b)
        g, wins, remoteness = reference(game, (a, b))
        assert (solved.grundy, solved.remoteness) == (g, remoteness), (a, b)
        assert wins == (solved.outcome == "N")


def test_queen_p_positions_are_wythoffs_pairs():
    phi = (1 + math.sqrt(5)) / 2
    pairs = {(math.floor(k * phi), math.floor(k * phi) + k) for k in range(20)}
    pairs |= {(b, a) for a, b in pairs}
    for a, b in itertools.product(range(30), repeat=2):
        assert (grundy.solve(Queen(), (a, b)).outcome == "P") == ((a, b) in pairs), (a, b)


def test_misere_search_is_the_reference_and_misere_nim():
    class Nim:
        def options(self, piles):
            return [tuple(sorted(piles[:i] + (k,) + piles[i + 1:]))
                    for i, p in enumerate(piles) for k in range(p)]

    for piles in itertools.combinations_with_replacement(range(4), 3):
        solved = grundy.solve(Nim(), piles, misere=True)
        assert solved.outcome == grundy.nim(list(piles), misere=True).outcome, piles
        assert (solved.outcome == "N") == reference(Nim(), piles, misere=True)[1]
        assert solved.grundy is None and solved.remoteness is None


def test_states_may_be_any_hashable_objects():
    class Words:
        """Remove one letter; a word is a frozenset of its letters."""

        def options(self, word):
            return (word - {c} for c in word)  # a generator, not a list

    solved = grundy.solve(Words(), frozenset("abc"))
    # Removing one of n letters: G = n mod 2.
    assert (solved.grundy, solved.remoteness, solved.outcome) == (1, 3, "N")
    assert len(solved.winning_moves) == 0 or all(len(w) == 2 for w in solved.winning_moves)


class Cycle:
    def __init__(self, moves):
        self.moves = moves

    def options(self, state):
        return self.moves[state]


def test_a_cycle_with_no_way_out_is_a_draw():
    solved = grundy.solve(Cycle({"a": ["b"], "b": ["a"]}), "a")
    assert (solved.outcome, solved.grundy, solved.winning_moves) == ("D", None, [])


def test_a_cycle_with_an_exit_is_won_or_lost_as_the_loopy_theory_says():
    # a -> b -> a, b -> end: from a the only move is to b, from which the opponent goes to end
    # and wins, so a is a P-position of value 0 and b (value 1) wins by moving to either.
    game = Cycle({"a": ["b"], "b": ["a", "end"], "end": []})
    assert (grundy.solve(game, "b").outcome, grundy.solve(game, "b").grundy) == ("N", 1)
    assert grundy.solve(game, "b").winning_moves == ["a", "end"]
    assert (grundy.solve(game, "a").outcome, grundy.solve(game, "a").grundy) == ("P", 0)
    # x -> y, y -> x, x -> a: the mover at x wins by moving to a; the mover at y only returns
    # to x, so y is lost too (value 0) and x is worth 1.
    game = Cycle({"a": ["b"], "b": ["a", "end"], "end": [], "x": ["y", "a"], "y": ["x"]})
    solved = grundy.solve(game, "x")
    assert (solved.outcome, solved.grundy, solved.winning_moves) == ("N", 1, ["y", "a"])
    # A draw next to a way out: from u one may enter the endless loop v <-> w or move to the
    # N-position b; u is a draw (infinite value, no option of value 0).
    game = Cycle({"a": ["b"], "b": ["a", "end"], "end": [], "u": ["v", "b"], "v": ["w"],
                  "w": ["v"]})
    solved = grundy.solve(game, "u")
    assert (solved.outcome, solved.grundy, solved.winning_moves) == ("D", None, [])


def test_misere_play_of_a_game_with_cycles_is_refused():
    with pytest.raises(ValueError, match="cycle"):
        grundy.solve(Cycle({"a": ["b"], "b": ["a"]}), "a", misere=True)


def test_an_exception_in_options_comes_back_naming_the_state():
    class Broken:
        def options(self, n):
            if n == 37:
                raise ZeroDivisionError("no options here")
            return [n - 1] if n else []

    with pytest.raises(grundy.GameError) as raised:
        grundy.solve(Broken(), 10_000)
    assert str(raised.value) == "options(37) raised ZeroDivisionError: no options here"
    assert isinstance(raised.value.__cause__, ZeroDivisionError)


def test_an_exception_in_components_names_the_state():
    class Broken(Lasker):
        def components(self, heaps):
            if heaps == (2, 3):
                raise KeyError("nope")
            return super().components(heaps)

    with pytest.raises(grundy.GameError, match=r"components\(\(2, 3\)\) raised KeyError"):
        grundy.solve(Broken(), (2, 3))


def test_unhashable_states_and_bad_options_are_game_errors():
    class Lists:
        def options(self, n):
            return [[n - 1]] if n else []

    with pytest.raises(grundy.GameError, match=r"options\(5\) raised TypeError: .*unhashable"):
        grundy.solve(Lists(), 5)
    with pytest.raises(TypeError, match="unhashable"):
        grundy.solve(Lists(), [5])

    class NotIterable:
        def options(self, n):
            return 3

    with pytest.raises(grundy.GameError, match=r"options\(1\) raised TypeError"):
        grundy.solve(NotIterable(), 1)
    with pytest.raises(TypeError, match="options"):
        grundy.solve(object(), 1)


def test_max_states_ends_in_a_limit_error():
    class Chain:
        def options(self, n):
            return [n - 1] if n else []

    assert grundy.solve(Chain(), 999, max_states=1000).states == 1000
    with pytest.raises(grundy.LimitError, match="max_states=1000"):
        grundy.solve(Chain(), 1000, max_states=1000)
    looping = Cycle({n: [(n + 1) % 50] for n in range(50)})
    assert grundy.solve(looping, 0, max_states=50).outcome == "D"
    with pytest.raises(grundy.LimitError, match="max_states=49"):
        grundy.solve(looping, 0, max_states=49)


def test_ctrl_c_interrupts_a_long_search(ctrl_c):
    class Endless:
        """A chain of ten million states: minutes in Python, unless interrupted."""

        def options(self, n):
            return [n + 1] if n < 10_000_000 else []

    ctrl_c(lambda: grundy.solve(Endless(), 0, max_states=20_000_000), after=0.3)
