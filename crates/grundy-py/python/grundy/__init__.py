"""grundy: impartial combinatorial games from Python.

Nim and its relatives (every ruleset of the ``grundy`` command line), Sprague-Grundy value
sequences of take-and-break games as NumPy arrays, games written in Python searched by the Rust
engine, the contest problems of ``grundy judge``, and nimber arithmetic (:mod:`grundy.nimber`).

>>> import grundy
>>> a = grundy.nim([3, 4, 5])
>>> a.outcome, a.grundy, a.winning_moves[0]["description"]
('N', 2, 'take 2 from pile 1 (3 -> 1)')
"""

from ._grundy import (
    RULESETS,
    Analysis,
    GameError,
    LimitError,
    MisereQuotient,
    Period,
    Solution,
    analyze,
    explore,
    find_period,
    judge,
    nim,
    parameters,
    problems,
    quotient,
    solve,
    values,
)
from . import nimber

__all__ = [
    "RULESETS",
    "Analysis",
    "GameError",
    "LimitError",
    "MisereQuotient",
    "Period",
    "Solution",
    "analyze",
    "explore",
    "find_period",
    "judge",
    "nim",
    "nimber",
    "parameters",
    "plot_values",
    "problems",
    "quotient",
    "solve",
    "values",
]


def plot_values(code, upto, ax=None):
    """Draws G(n) against n for n = 0..upto of the heap game ``code`` (as :func:`values`), the
    periodic part shaded when :func:`find_period` sees a period in these values; needs
    matplotlib (``pip install grundy[plot]``). Returns the matplotlib ``Axes``, for example
    ``grundy.plot_values("0.77", 200).figure.savefig("kayles.png")``.
    """
    try:
        import matplotlib.pyplot as plt
    except ImportError as missing:
        raise ImportError(
            "plot_values needs matplotlib: pip install matplotlib"
        ) from missing
    g = values(code, upto)
    if ax is None:
        _, ax = plt.subplots(figsize=(8, 3))
    ax.plot(range(len(g)), g, ".", markersize=3 if len(g) > 500 else 5)
    period = find_period(code, limit=len(g))
    if period is not None and period.preperiod < len(g):
        ax.axvspan(period.preperiod, len(g) - 1, alpha=0.12,
                   label=f"period {period.period} from n = {period.preperiod}"
                   + (" (proved)" if period.proved else ""))
        ax.legend(loc="upper left")
    ax.set_xlabel("n")
    ax.set_ylabel("G(n)")
    ax.set_title(f"G(n) of {code}, n = 0..{upto}")
    return ax
