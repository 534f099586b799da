"""analyze and nim against the command line: the same JSON, explanations and errors."""

import html.parser
import itertools
import json
import re

import numpy as np
import pytest

import grundy

# (ruleset, parameters as keyword arguments, the same as command-line words, positions): at
# least one case for every ruleset of the registry (see test_every_ruleset_has_a_case), with
# the fields some rulesets add to their JSON (a subtraction game's set and period, Moore's
# exact count, a sum's components, octal's method in misère play).
CASES = [
    ("nim", {}, [], [[3, 4, 5], [1, 2, 3], [0], [7, 7, 1, 12]]),
    ("staircase", {}, [], [[0, 3, 1, 2], [2, 2], [5]]),
    ("grid", {}, [], [[1, 0, 2, 1], [0, 0, 3]]),
    ("coins", {}, [], [[1, 4, 6], [2, 3, 7, 11]]),
    ("nonincreasing", {"k": 3}, ["--k", "3"], [[3, 4, 5], [2, 2]]),
    ("nonincreasing", {}, [], [[3, 4, 5], [6, 1]]),
    ("subtraction", {"set": [1, 3, 4]}, ["--set", "1,3,4"], [[7, 9], [5, 6, 11]]),
    ("subtraction", {"set": "all-but:1,2"}, ["--set", "all-but:1,2"], [[10, 4]]),
    ("subtraction", {}, [], [[6, 2]]),
    ("wythoff", {}, [], [[3, 5], [4, 9], [0, 0]]),
    ("euclid", {}, [], [[25, 7], [24, 15], [7, 21], [0, 5]]),
    # A pile before the first move, and a pile with its cap.
    ("fibonacci", {}, [], [[20], [13], [8, 3]]),
    ("fibonacci", {"k": 3}, ["--k", "3"], [[181, 181], [12, 4]]),
    # The ZJOI 2009 sample (lost), the right end only, empty piles out of the row.
    ("endnim", {}, [], [[3, 1, 9, 4], [1, 2], [0, 4, 2, 0, 7]]),
    # Edges as vertex pairs: a triangle with a stalk, two stalks, a cycle with a loop, parallel
    # edges and an edge out of play.
    ("hackenbush", {}, [], [[0, 1, 1, 2, 2, 0, 1, 3, 3, 4], [0, 1, 1, 2, 0, 3, 3, 4],
                            [0, 1, 1, 1, 0, 2, 2, 3, 2, 3, 3, 0, 5, 6]]),
    ("kiki", {}, [], [[3, 4], [2, 4], [5, 5], [0, 0]]),
    ("lasker", {}, [], [[3, 4, 7], [2, 5]]),
    # 3 2: one winning move lowers a pile's value, the other raises one.
    ("half", {}, [], [[5, 6, 7], [4, 9], [3, 2]]),
    ("ed", {}, [], [[1, 2, 3, 1], [1, 1, 1, 1], [5, 6, 7, 3]]),
    # Pieces as width-height pairs (the command line reads 4x2 3x3 too).
    ("cutting", {}, [], [[4, 2, 3, 3], [2, 2, 3, 2], [1, 3, 4, 4]]),
    ("moore", {"k": 2}, ["--k", "2"], [[5, 7, 3], [1, 2, 3]]),
    # Past the budget of the walk over the winning moves: the count is a lower bound.
    ("moore", {"k": 3}, ["--k", "3"], [[(2**60 - 1) // (n + 2) for n in range(40)]]),
    ("octal", {"code": "0.07"}, ["0.07"], [[5, 7], [9, 14]]),
    ("octal", {"code": "kayles"}, ["kayles"], [[3, 4, 5, 8]]),
    ("sum", {"games": "nim lasker"}, ["--games", "nim lasker"], [[3, 7], [2, 2]]),
    ("sum", {"games": "0.77 sub{2, 1} grundy"}, ["--games", "0.77 sub{2, 1} grundy"],
     [[3, 4, 6]]),
    ("turning", {"rule": "mock"}, ["mock"], [[1, 2, 4], [0, 1, 2, 3]]),
    ("turning", {"rule": "mock*ruler"}, ["mock*ruler"], [[1, 1, 2, 3]]),
]


def _cases():
    for game, params, words, positions in CASES:
        for position in positions:
            yield pytest.param(game, params, words, position, id=f"{game}-{words}-{position}")


CASE_PARAMS = list(_cases())


@pytest.mark.parametrize("game", grundy.RULESETS)
def test_every_ruleset_has_a_case(game):
    assert game in {case[0] for case in CASES}, f"add a case of {game} to CASES"


# Each way of playing: its keyword arguments and its command-line flags.
PLAYS = {
    "normal": ({}, []),
    "misere": ({"misere": True}, ["--misere"]),
    "every": ({"every": True}, ["--every"]),
}


@pytest.mark.parametrize("game,params,words,position", CASE_PARAMS)
@pytest.mark.parametrize("play", PLAYS)
def test_to_dict_is_the_json_of_the_command_line(cli, game, params, words, position, play):
    keywords, flags = PLAYS[play]
    done = cli.run(game, *words, *flags, *position, "--json")
    if play == "every" and "unexpected argument '--every'" in done.stderr:
        # Every-SG play of positions that are no sums of piles: the command line has no
        # --every for them, and the package refuses in one line.
        with pytest.raises(ValueError, match="not sums of independent piles"):
            grundy.analyze(game, position, **keywords, **params)
        return
    if done.returncode != 0:
        # Misère play past the search's budget: the package refuses with the same one line.
        with pytest.raises(RuntimeError) as refused:
            grundy.analyze(game, position, **keywords, **params)
        message = str(refused.value)
        assert play == "misere" and "too large to search" in message and "\n" not in message
        assert "grundy: " + message == done.stderr.strip()
        return
    expected = json.loads(done.stdout)
    assert grundy.analyze(game, position, **keywords, **params).to_dict() == expected


@pytest.mark.parametrize("game,params,words,position", CASE_PARAMS)
@pytest.mark.parametrize("play", PLAYS)
def test_explain_is_what_the_command_line_prints(cli, game, params, words, position, play):
    keywords, flags = PLAYS[play]
    if cli.run(game, *words, *flags, *position).returncode != 0:
        pytest.skip("refused: test_to_dict_is_the_json_of_the_command_line checks the refusal")
    analysis = grundy.analyze(game, position, **keywords, **params)
    for lang in ("en", "zh"):
        steps = analysis.to_dict(lang=lang, explain=True)["explanation"]
        why = "Why:" if lang == "en" else "理由："
        report, proof = analysis.explain(lang=lang).split(f"\n{why}\n")
        assert proof == "".join(f"{i}. {step['text']}\n" for i, step in enumerate(steps, 1))
        assert len(report.splitlines()) >= 2
        text = cli.text(game, *words, *flags, *position, "--explain", "--lang", lang)
        assert analysis.explain(lang=lang) == text


@pytest.mark.parametrize("game,params,words,position", CASE_PARAMS)
def test_json_with_the_explanation_in_chinese(cli, game, params, words, position):
    expected = cli.json(game, *words, *position, "--explain", "--lang", "zh")
    got = grundy.analyze(game, position, **params).to_dict(lang="zh", explain=True)
    assert "explanation" in got
    assert got == expected


def test_the_fields_of_an_analysis_are_those_of_its_dict():
    for piles in itertools.product(range(4), repeat=3):
        a = grundy.nim(list(piles))
        d = a.to_dict()
        assert (a.outcome, a.grundy, a.winning_move_count) == (
            d["outcome"], d["grundy"], d["winning_move_count"])
        assert a.winning_moves == d["winning_moves"]
        xor = piles[0] ^ piles[1] ^ piles[2]
        assert a.grundy == xor and a.outcome == ("N" if xor else "P")
        for move in a.winning_moves:
            after = move["position"]
            assert after[0] ^ after[1] ^ after[2] == 0
            assert sum(p != q for p, q in zip(piles, after)) == 1


def test_misere_nim_has_no_grundy_value_and_its_own_outcome():
    assert grundy.nim([1, 1], misere=True).outcome == "N"
    assert grundy.nim([1, 1]).outcome == "P"
    assert grundy.nim([1, 1], misere=True).grundy is None


def test_max_moves_lists_fewer_and_counts_all():
    a = grundy.nim([1] * 9, max_moves=2)
    assert a.winning_move_count == 9 and len(a.winning_moves) == 2


@pytest.mark.parametrize("dtype", [np.uint64, np.int64, np.uint8, np.int32, np.uint32, np.int16])
def test_numpy_arrays_of_every_integer_dtype_are_positions(dtype):
    piles = [3, 4, 5, 100]
    assert grundy.nim(np.array(piles, dtype=dtype)).to_dict() == grundy.nim(piles).to_dict()
    assert grundy.analyze("lasker", np.array(piles, dtype=dtype)).grundy == grundy.analyze(
        "lasker", piles).grundy


def test_tuples_and_iterables_are_positions():
    assert grundy.nim((3, 4, 5)).to_dict() == grundy.nim(iter([3, 4, 5])).to_dict()
    assert grundy.nim(range(1, 4)).outcome == "P"


def test_piles_past_two_to_the_63_are_read_exactly():
    top = 2**64 - 1
    assert grundy.nim([top, 1]).grundy == top ^ 1
    assert grundy.nim(np.array([top, 1], dtype=np.uint64)).grundy == top ^ 1


def test_a_large_position_leaves_positions_out_of_its_moves():
    piles = np.ones(1001, dtype=np.int64)
    piles[0] = 2
    moves = grundy.nim(piles).winning_moves
    assert moves and "position" not in moves[0]
    assert "position" in grundy.nim(piles[:1000]).winning_moves[0]


@pytest.mark.parametrize("position,words", [
    ([3, -1, 5], ["3", "-1", "5"]),
    ([3, "abc"], ["3", "abc"]),
    ([2.5], ["2.5"]),
    ([2**64], [str(2**64)]),
])
def test_bad_piles_are_value_errors_with_the_command_lines_message(cli, position, words):
    expected = cli.error("nim", *words)
    with pytest.raises(ValueError) as refused:
        grundy.nim(position)
    assert str(refused.value) == expected


def test_a_negative_pile_in_an_array_is_named():
    with pytest.raises(ValueError, match="value 2: '-2' is negative"):
        grundy.nim(np.array([1, -2, 3]))


@pytest.mark.parametrize("position,message", [
    (np.array([1.0, 2.0]), "an array of integers is needed, not of float64"),
    (np.array([[1, 2], [3, 4]]), "one-dimensional"),
    (5, "a list of piles is needed, not int"),
])
def test_what_is_no_position_is_refused(position, message):
    with pytest.raises(ValueError, match=message):
        grundy.nim(position)


@pytest.mark.parametrize("call,words", [
    (lambda: grundy.analyze("nim", [1], k=3), ["play", "nim", "--k", "3", "1"]),
    (lambda: grundy.analyze("nope", [1]), ["play", "nope", "1"]),
    (lambda: grundy.analyze("nonincreasing", [1], k="x"), ["nonincreasing", "--k", "x", "1"]),
    (lambda: grundy.analyze("subtraction", [1], set="1,a"), ["play", "subtraction", "--set", "1,a", "1"]),
])
def test_bad_parameters_are_value_errors(cli, call, words):
    with pytest.raises(ValueError) as refused:
        call()
    message = str(refused.value)
    assert "\n" not in message and message
    expected = cli.run(*words).stderr.strip()
    # clap words unknown flags and games its own way; the registry's refusals are the same text.
    if not expected.startswith("grundy: unexpected") and "unrecognized" not in expected:
        assert "grundy: " + message == expected


def test_the_package_lists_the_rulesets_play_lists(cli):
    # `grundy play --help` lists each ruleset with its notation ("  nim: PILE COUNT, ..."), then
    # script games; the API's list is checked against the registry in grundy-web's tests.
    listed = re.findall(r"^  ([a-z]+): ", cli.text("play", "--help"), re.MULTILINE)
    assert listed == [*grundy.RULESETS, "script"]


def test_the_parameters_are_the_registrys():
    octal = grundy.parameters("octal")
    assert [p["name"] for p in octal] == ["code", "max_heap", "max_order", "max_positions"]
    assert [p["role"] for p in octal] == ["rule", "bound", "bound", "bound"]
    assert grundy.parameters("nim") == []
    assert set(grundy.RULESETS) >= {"nim", "wythoff", "lasker", "octal", "sum"}
    with pytest.raises(ValueError, match="unknown game"):
        grundy.parameters("nope")


class _Rows(html.parser.HTMLParser):
    """The text of each cell of each table row."""

    def __init__(self):
        super().__init__()
        self.rows = []
        self.inside = False

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th") and self.rows:
            self.rows[-1].append("")
            self.inside = True

    def handle_endtag(self, tag):
        if tag in ("td", "th"):
            self.inside = False

    def handle_data(self, data):
        if self.inside:
            self.rows[-1][-1] += data


def table(markup):
    rows = _Rows()
    rows.feed(markup)
    return rows.rows


def test_repr_html_draws_nim_in_binary_with_the_running_xor():
    markup = grundy.nim([3, 4, 5])._repr_html_()
    # Pile, stones (the winning move 3 -> 1 shown), binary digits after the move, running XOR.
    assert table(markup)[1:] == [
        ["1", "3 → 1", "0", "0", "1", "3"],
        ["2", "4", "1", "0", "0", "7"],
        ["3", "5", "1", "0", "1", "2"],
        ["XOR", "2", "0", "1", "0", ""],
    ]
    assert "First player wins (N-position) · Grundy value 2" in markup.replace("</b>", "")
    assert "take 2 from pile 1 (3 -&gt; 1)" in markup
    lost = grundy.nim([1, 2, 3])._repr_html_()
    assert "First player loses (P-position)" in lost and "Winning move" not in lost
    assert table(lost)[-1] == ["XOR", "0", "0", "0", ""]


def test_repr_html_of_other_rulesets_has_the_answer_bar():
    html = grundy.analyze("wythoff", [3, 5])._repr_html_()
    assert "First player loses" in html and "Wythoff" in html
    html = grundy.analyze("lasker", [3, 4, 7])._repr_html_()
    assert "Winning move" in html


def test_the_type_stubs_match_the_module():
    stubtest = pytest.importorskip("mypy.stubtest")
    # PEP 800's @disjoint_base is newer than the Python versions the stubs serve.
    assert stubtest.test_stubs(stubtest.parse_options(["--ignore-disjoint-bases", "grundy"])) == 0


# Positions typed as on the command line, read by the ruleset: (ruleset, parameters, the same as
# command-line words, the text, the same position as numbers where it has them).
TYPED = [
    ("nim", {}, [], "3 4 5", [3, 4, 5]),
    ("hackenbush", {}, [], "0-1,1-2,2-0", [0, 1, 1, 2, 2, 0]),
    ("cutting", {}, [], "4x2 3x3", [4, 2, 3, 3]),
    ("turning", {"rule": "mock"}, ["mock"], "THHTH", [1, 2, 4]),
    ("sum", {}, [], "nim:3 lasker:7", None),
    ("fibonacci", {"k": 3}, ["--k", "3"], "12 4", [12, 4]),
]


@pytest.mark.parametrize("game,params,words,text,numbers", TYPED, ids=[t[3] for t in TYPED])
def test_a_position_typed_as_text_is_read_as_the_command_line_reads_it(
    cli, game, params, words, text, numbers
):
    typed = grundy.analyze(game, text, **params)
    assert typed.to_dict() == cli.json(game, *words, *text.split())
    if numbers is not None:
        assert typed.to_dict() == grundy.analyze(game, numbers, **params).to_dict()


@pytest.mark.parametrize("game,params,words,text", [
    ("nim", {}, [], "3 x 5"),
    ("hackenbush", {}, [], "0-1,1-"),
    ("turning", {"rule": "mock"}, ["mock"], "THXH"),
    ("sum", {}, [], "nim:3 chess:7"),
])
def test_a_bad_word_of_a_typed_position_is_named_as_the_command_line_names_it(
    cli, game, params, words, text
):
    with pytest.raises(ValueError) as refused:
        grundy.analyze(game, text, **params)
    assert str(refused.value) == cli.error(game, *words, *text.split())
