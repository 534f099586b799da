"""judge: what `grundy judge` prints, for every problem, on inputs `grundy gen` writes."""

import pytest

import grundy


def test_every_problem_answers_as_the_command_line(cli):
    problems = grundy.problems()
    listed = cli.text("judge", "--list")
    assert [line.split()[0] for line in listed.splitlines()] == [p["id"] for p in problems]
    for problem in problems:
        for seed in range(3):
            for size in ("small", "max"):
                text = cli.text("gen", problem["id"], "--seed", seed, "--size", size)
                expected = cli.run("judge", problem["id"], stdin=text)
                assert expected.returncode == 0, expected.stderr
                assert grundy.judge(problem["id"], text) == expected.stdout, problem["id"]
                for alias in problem["aliases"]:
                    assert grundy.judge(alias, text) == expected.stdout, alias


def test_an_answer_and_the_statements_limits():
    # 3 xor 6 xor 9 = 12: take 4 from heap 3 (9 -> 5), leaving 3 xor 6 xor 5 = 0.
    assert grundy.judge("luogu-p1247", "3\n3 6 9\n") == "4 3\n3 6 5\n"
    with pytest.raises(ValueError) as refused:
        grundy.judge("luogu-p1247", "2\n3 99999999999\n")
    message = str(refused.value)
    assert "\n" not in message and "99999999999" in message
    assert grundy.judge("luogu-p1247", "2\n3 99999999999\n", limits=False) == "99999999996 2\n3 3\n"


def test_bad_input_is_a_value_error_with_the_command_lines_message(cli):
    for problem, text in [("luogu-p1247", "3\n3 6\n"), ("luogu-p1247", "x\n"),
                          ("no-such-problem", "1\n")]:
        expected = cli.run("judge", problem, stdin=text)
        with pytest.raises(ValueError) as refused:
            grundy.judge(problem, text)
        assert "grundy: " + str(refused.value) == expected.stderr.strip()
