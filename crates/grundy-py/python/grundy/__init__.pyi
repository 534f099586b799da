"""Type stubs of the grundy package (the native module grundy._grundy and plot_values)."""

from typing import (
    Any,
    Dict,
    Hashable,
    Iterable,
    List,
    Literal,
    Optional,
    Protocol,
    Sequence,
    Tuple,
    TypedDict,
    Union,
    final,
)

import numpy as np
import numpy.typing as npt

from . import nimber as nimber

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

RULESETS: list[str]

class GameError(RuntimeError):
    """A game's options or components raised; the message names the state, the exception
    raised is the __cause__."""

class LimitError(RuntimeError):
    """A search reached max_states before it finished."""

class _WinningMove(TypedDict, total=False):
    change: dict[str, Any]
    description: str
    position: Any

class _ParamDoc(TypedDict):
    name: str
    value_name: str
    en: str
    zh: str
    default: Optional[str]
    positional: bool
    role: str

_Position = Union[Sequence[int], Iterable[int], npt.NDArray[np.integer[Any]]]
_ParamValue = Union[str, int, Iterable[int]]

@final
class Analysis:
    """The analysis of a position of a ruleset."""

    @property
    def outcome(self) -> Literal["N", "P", "L", "R"]:
        """N or P; L or R (Left or Right wins whoever starts) for a partizan ruleset."""
    @property
    def grundy(self) -> Optional[int]: ...
    @property
    def winning_move_count(self) -> int: ...
    @property
    def winning_moves(self) -> list[_WinningMove]: ...
    @property
    def game(self) -> str: ...
    def to_dict(self, lang: Literal["en", "zh"] = "en", explain: bool = False) -> dict[str, Any]:
        """The object `grundy RULESET --json` prints."""
    def explain(self, lang: Literal["en", "zh"] = "en") -> str:
        """The report `grundy RULESET --explain` prints: verdict, winning moves, the proof's steps."""
    def _repr_html_(self) -> str: ...

def analyze(
    game: str,
    position: _Position | str,
    *,
    misere: bool = False,
    every: bool = False,
    max_moves: int = ...,
    **params: _ParamValue,
) -> Analysis:
    """Analyses position in the ruleset game (one of RULESETS), with its parameters named as on
    the command line: analyze("nonincreasing", [3, 4, 5], k=3). A position given as a str is read as
    the command line reads its words: "3 4 5", a drawing "0-1,1-2,2-0", a row "THHTH", a sum's
    components "nim:3 lasker:7". every=True plays a sum of piles
    (nim, subtraction, lasker, sum) under the Every-SG rule: a move in every pile that can move."""

def explore(
    game: str,
    fixed: _Position | None = None,
    *,
    to: int = 100,
    **params: _ParamValue,
) -> dict[str, Any]:
    """The values G(n) of game's positions made of the numbers fixed and then n, for n in
    range(to), with their P-positions and period: the JSON of grundy explore --json."""

def nim(piles: _Position, misere: bool = False, *, max_moves: int = ...) -> Analysis:
    """Analyses a Nim position."""

def parameters(game: str) -> list[_ParamDoc]:
    """The parameters the ruleset game takes."""

@final
class MisereQuotient:
    """The misère quotient of all sums of heaps up to max_heap of a take-and-break game."""

    @property
    def code(self) -> str: ...
    @property
    def max_heap(self) -> int: ...
    @property
    def order(self) -> int: ...
    @property
    def p_portion(self) -> List[int]: ...
    @property
    def table(self) -> npt.NDArray[np.uint32]: ...
    @property
    def heaps(self) -> npt.NDArray[np.uint32]: ...
    @property
    def elements(self) -> List[str]: ...
    @property
    def generators(self) -> List[int]: ...
    @property
    def growth(self) -> List[Tuple[int, int, int]]: ...
    @property
    def certificate(self) -> Optional[Dict[str, Any]]: ...
    @property
    def stopped(self) -> Optional[str]: ...

def quotient(
    code: str,
    heaps: Optional[int] = None,
    *,
    max_order: int = ...,
    max_heap: int = 100000,
    time: Optional[float] = None,
    max_memory: Optional[int] = None,
) -> MisereQuotient:
    """The misère quotient for heaps up to heaps, or without heaps the game solved until the
    periodicity theorem certifies it (within max_heap heaps and time seconds, 60 by default)."""

@final
class Period:
    """G(n + period) = G(n) + saltus for every n >= preperiod."""

    @property
    def preperiod(self) -> int: ...
    @property
    def period(self) -> int: ...
    @property
    def saltus(self) -> int: ...
    @property
    def proved(self) -> bool: ...
    @property
    def theorem(self) -> Optional[str]: ...
    @property
    def computed(self) -> int: ...

def values(
    code: str, upto: int, *, max_memory: Optional[int] = None
) -> Union[npt.NDArray[np.uint8], npt.NDArray[np.uint16], npt.NDArray[np.uint32]]:
    """G(0..upto) of the heap game code, in the narrowest unsigned dtype that holds them;
    MemoryError before it starts when it could need more than max_memory MiB (by default,
    than is available)."""

def find_period(
    code: str, limit: int = ..., *, max_memory: Optional[int] = None
) -> Optional[Period]:
    """Computes G(n) until a period is proved or limit values are known; MemoryError as
    values."""

def plot_values(code: str, upto: int, ax: Any = None) -> Any:
    """Draws G(0..upto) with matplotlib; returns the Axes."""

class _Game(Protocol):
    """What solve needs: options(state); optionally components(state)."""

    def options(self, state: Any) -> Iterable[Hashable]: ...

@final
class Solution:
    """The answer of solve."""

    @property
    def outcome(self) -> Literal["N", "P", "D"]: ...
    @property
    def grundy(self) -> Optional[int]: ...
    @property
    def winning_moves(self) -> list[Any]: ...
    @property
    def remoteness(self) -> Optional[int]: ...
    @property
    def states(self) -> int: ...

def solve(
    game: _Game, start: Hashable, *, max_states: int = ..., misere: bool = False
) -> Solution:
    """Searches game from start with the Rust engine."""

class _Problem(TypedDict):
    id: str
    aliases: list[str]
    title: str
    answers: str

def judge(problem: str, input: str, *, limits: bool = True) -> str:
    """What `grundy judge PROBLEM` prints for input."""

def problems() -> list[_Problem]:
    """The problems judge solves, in the order of `grundy judge --list`."""
