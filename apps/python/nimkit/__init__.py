"""nimkit: impartial games in Python.

Positions, analysis (who wins, every winning move, the teaching explanation), Grundy sequences
shared with numpy without a copy and their proved periods, the census of octal games, misère quotients, computer players, matches with their
saved form, nimber arithmetic, and an OpenSpiel-style game interface (nimkit.spiel). Long calls
release the GIL and stop on Ctrl-C. See docs/python.md.
"""

from nimkit._core import (
    Analysis,
    Component,
    GrundySequence,
    LimitError,
    Match,
    MiserePeriod,
    MisereQuotient,
    Move,
    Nimber,
    Period,
    Player,
    Position,
    UnsupportedError,
    __version__,
    analyze,
    census,
    grundy_sequence,
    misere_census,
    misere_quotient,
    nim_evaluate,
    perfect,
    random,
    return_freed_memory_promptly,
    rulesets,
    skilled,
)

__all__ = [
    "Analysis",
    "Component",
    "GrundySequence",
    "LimitError",
    "Match",
    "MiserePeriod",
    "MisereQuotient",
    "Move",
    "Nimber",
    "Period",
    "Player",
    "Position",
    "UnsupportedError",
    "__version__",
    "analyze",
    "census",
    "grundy_sequence",
    "misere_census",
    "misere_quotient",
    "nim_evaluate",
    "perfect",
    "random",
    "return_freed_memory_promptly",
    "rulesets",
    "skilled",
]
