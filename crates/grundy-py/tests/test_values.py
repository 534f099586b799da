"""values, find_period and plot_values against a brute force from the codes' definition and
against `grundy values`."""

import numpy as np
import pytest

import grundy


def octal_values(code, upto):
    """G(0..upto) of an octal code 0.d1d2...: digit d_k says what removing k tokens may leave
    (bit 1: nothing, bit 2: one heap, bit 4: two heaps)."""
    digits = [int(d) for d in code.split(".")[1]]
    g = []
    for n in range(upto + 1):
        seen = set()
        for k, d in enumerate(digits, 1):
            if k > n:
                break
            rest = n - k
            if d & 1 and rest == 0:
                seen.add(0)
            if d & 2 and rest > 0:
                seen.add(g[rest])
            if d & 4:
                for a in range(1, rest // 2 + 1):
                    seen.add(g[a] ^ g[rest - a])
        m = 0
        while m in seen:
            m += 1
        g.append(m)
    return g


def subtraction_values(subtract, upto):
    g = []
    for n in range(upto + 1):
        seen = {g[n - k] for k in subtract if k <= n}
        m = 0
        while m in seen:
            m += 1
        g.append(m)
    return g


@pytest.mark.parametrize("code", ["0.77", "0.07", "0.137", "0.6", "0.31", "0.44"])
def test_octal_values_are_the_brute_forces(code):
    got = grundy.values(code, 600)
    assert got.tolist() == octal_values(code, 600)
    assert got.dtype == np.uint8 and got.shape == (601,)


def test_a_subtraction_set_and_its_dtype_widens_past_255():
    subtract = list(range(1, 301))
    got = grundy.values(",".join(map(str, subtract)), 1000)
    assert got.tolist() == subtraction_values(subtract, 1000)
    assert got.dtype == np.uint16 and got.max() == 300
    assert grundy.values("1,3,4", 50).tolist() == subtraction_values([1, 3, 4], 50)


def test_values_are_those_of_the_command_line(cli):
    for code in ("grundy", "4.7", "0.F"):
        expected = cli.json("values", code, "--upto", 3000)["values"]
        assert grundy.values(code, 3000).tolist() == expected


def test_values_is_a_writable_array_of_its_own():
    a = grundy.values("0.77", 20)
    b = grundy.values("0.77", 20)
    a[0] = 99
    assert b[0] == 0 and a.flags.writeable


@pytest.mark.parametrize("code,limit", [("0.77", 1 << 20), ("0.07", 1 << 12), ("0.16", 5000),
                                        ("grundy", 4096), ("4.7", 3000)])
def test_find_period_is_the_command_lines(cli, code, limit):
    report = cli.json("values", code, "--find-period", "--limit", limit)
    got = grundy.find_period(code, limit=limit)
    expected = report["period"]
    if expected is None:
        assert got is None
        return
    assert (got.preperiod, got.period, got.saltus, got.proved, got.theorem) == (
        expected["preperiod"], expected["period"], expected["saltus"], expected["proved"],
        expected["theorem"])
    assert got.computed == len(report["values"])


def test_kayles_period_is_proved_by_the_octal_theorem():
    p = grundy.find_period("0.77")
    assert (p.preperiod, p.period, p.saltus, p.proved) == (71, 12, 0, True)
    assert p.theorem == "octal periodicity theorem"
    g = grundy.values("0.77", 400)
    assert all(g[n] == g[n + 12] for n in range(71, 388))
    assert g[70] != g[82]


@pytest.mark.parametrize("code,expected", [("1.2.3", "bad game: "), ("x", "bad game: "),
                                           ("", "bad game: ")])
def test_bad_codes_are_value_errors_as_the_command_line_says(cli, code, expected):
    message = cli.error("values", code, "--upto", 5)
    assert message.startswith(expected)
    with pytest.raises(ValueError) as refused:
        grundy.values(code, 5)
    assert str(refused.value) == message


def test_too_many_values_are_refused_before_anything_is_computed():
    with pytest.raises(ValueError, match="too large"):
        grundy.values("0.77", 2**40)


def test_values_past_max_memory_are_refused_as_the_command_line_refuses(cli):
    # G(0..N) may need 8 bytes a value: 131072 values fit in 1 MiB, one more does not.
    assert len(grundy.values("0.77", 131071, max_memory=1)) == 131072
    message = cli.error("values", "0.77", "--upto", 131072, "--max-memory", 1)
    with pytest.raises(MemoryError) as refused:
        grundy.values("0.77", 131072, max_memory=1)
    assert str(refused.value) == message.replace("--max-memory", "max_memory")
    with pytest.raises(MemoryError, match="131073 values need up to 2 MiB of memory"):
        grundy.find_period("grundy", limit=131073, max_memory=1)
    assert grundy.find_period("0.77", limit=131072, max_memory=1).proved


def _available_memory():
    try:
        with open("/proc/meminfo") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return None


def test_values_beyond_the_memory_available_are_refused_at_once(cli):
    available = _available_memory()
    # Past 4294967294 values the length is refused first.
    if available is None or available // 8 >= 2**32 - 2:
        pytest.skip("no MemAvailable, or more memory than 2^32 values need")
    upto = available // 8 + (1 << 20)
    refused = r"of memory is available: ask for fewer \(or set max_memory\)"
    with pytest.raises(MemoryError, match=refused):
        grundy.values("0.77", upto)
    assert "of memory is available" in cli.error("values", "0.77", "--upto", upto)


# Grundy's game has no periodicity theorem: its values are computed to the end, 2^27 of them,
# for minutes. find_period looks for a proof at each power of two: 3.5 s in, it is in the middle
# of a step of seconds (2^20 to 2^21 values), which Ctrl-C must not wait for.
LONG = 2**27


def test_ctrl_c_stops_values_at_once(ctrl_c):
    assert ctrl_c(lambda: grundy.values("grundy", LONG), after=1.5) < 0.5


def test_ctrl_c_stops_find_period_within_a_step_between_powers_of_two(ctrl_c):
    assert ctrl_c(lambda: grundy.find_period("grundy", limit=LONG), after=3.5) < 0.5


def test_plot_values_draws_the_values_and_the_period():
    pytest.importorskip("matplotlib")
    import matplotlib
    matplotlib.use("Agg")
    ax = grundy.plot_values("0.77", 300)
    xs, ys = ax.lines[0].get_data()
    assert list(ys) == grundy.values("0.77", 300).tolist() and list(xs) == list(range(301))
    assert "period 12 from n = 71 (proved)" in ax.get_legend().get_texts()[0].get_text()

