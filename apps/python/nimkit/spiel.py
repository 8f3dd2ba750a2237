"""OpenSpiel's game interface over nimkit's positions: load_game("nim(pile_sizes=1;3;5;7)"),
Game, State and PerfectBot with OpenSpiel's names and signatures, so that code written for
`pyspiel` (random simulations, agents, saved histories) runs on every nimkit family.

Actions. Nim's ids are OpenSpiel's: (take - 1) * num_piles + pile (pile from 0), so histories of
OpenSpiel's Nim replay here and back. Every other family numbers the moves of each state in
nimkit's move order (Position.moves()): action i is the i-th legal move of the state it is
applied to; num_distinct_actions() is the most moves of a state reachable from the start (found
by a search of at most 50,000 positions; past it, a state with more moves than found raises).
docs/python.md gives each family's encoding.

Play is normal (the last to move wins) unless is_misere=True; note that OpenSpiel's Nim defaults
to misère. A game of a family whose play can go on for ever (digraph, take-or-add: loopy) is cut
at max_game_length() moves, the positions reachable from its start, as OpenSpiel's games with a
move limit are: a state there is terminal and a draw (returns [0, 0]); play that has not come
back to a position by then ends sooner.
"""

from __future__ import annotations

import operator as _operator
import random as _random
import re as _re
from typing import Any, Dict, List, Optional

import nimkit

TERMINAL = -4  # pyspiel.PlayerId.TERMINAL
INVALID_ACTION = -1  # pyspiel.INVALID_ACTION

# Game names as OpenSpiel spells them (snake_case), for the registry's names where they differ
# from the name with '-' read as '_'.
_NAMES = {"grundy": "grundys_game"}


def _spiel_name(name: str) -> str:
    return _NAMES.get(name, name.replace("-", "_"))


def _registry() -> Dict[str, Dict[str, Any]]:
    return {_spiel_name(r["name"]): r for r in nimkit.rulesets()}


# A count as nimkit's notation writes one: ASCII digits only (int() would also take '٣', '1_0',
# ' 7' and '+7'), at most 19 of them (below 2**64).
_COUNT = _re.compile(r"[0-9]{1,19}")


def _parse_count(text: str, what: str) -> int:
    """`text` as a count (ASCII digits), or ValueError naming `what` and the text."""
    if not _COUNT.fullmatch(text):
        raise ValueError(f"{what} {text[:40]!r} is not a count (the digits 0-9, at most 19 of them)")
    return int(text)


def _parse_parameters(text: str) -> Dict[str, str]:
    params: Dict[str, str] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, sep, value = part.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"game parameter {part!r} is not key=value")
        if key.strip() in params:
            raise ValueError(f"game parameter {key.strip()!r} is given twice")
        params[key.strip()] = value.strip()
    return params


def _as_bool(key: str, value: str) -> bool:
    if value.lower() in ("true", "1"):
        return True
    if value.lower() in ("false", "0"):
        return False
    raise ValueError(f"game parameter {key}={value!r} is not True or False")


def load_game(name: str, params: Optional[Dict[str, Any]] = None) -> "Game":
    """A game by OpenSpiel's string: "nim(pile_sizes=1;3;5;7,is_misere=False)",
    "kayles(heaps=9;4)", "grundys_game(heaps=10)", "node_kayles(graph=1-2;2-3)",
    "subtraction(params=1;3;4,heaps=10)", "octal(params=0.16,heaps=20)". Lists use ';'.
    Parameters: is_misere; pile_sizes / heaps / graph / items (the position's items); params (what
    follows the ruleset's name and ':' in nimkit's notation, ';' for ','; without it, the
    registry's first example); position (a whole position in nimkit notation, ';' for ',').
    The items and the position are a sum: "kayles(heaps=9;4,position=kayles:3)" starts from
    "9 4 3" (Kayles heaps 9, 4 and 3). Without either, the registry's start position. A parameter given twice, or a
    value that does not read, is a ValueError naming the parameter and its value."""
    text = name.strip()
    values: Dict[str, str] = {}
    if "(" in text:
        if not text.endswith(")"):
            raise ValueError(f"game string {name!r} does not end with ')'")
        text, _, inner = text[:-1].partition("(")
        values = _parse_parameters(inner)
    for key, value in (params or {}).items():
        if key in values:
            raise ValueError(f"game parameter {key!r} is given twice (in the string and in params)")
        values[key] = str(value)
    families = _registry()
    entry = families.get(text.strip())
    if entry is None:
        raise ValueError(f"unknown game {text.strip()!r}: known games are {', '.join(sorted(families))}")
    return Game(entry, values)


def registered_names() -> List[str]:
    """The game names load_game accepts (pyspiel.registered_names)."""
    return sorted(_registry())


# Positions the search for the most moves of a state may visit (the registry's start positions
# have at most a few thousand).
_MAX_EXPLORED = 50_000


def _explore(start: nimkit.Position) -> "tuple[int, int, int]":
    """The most legal moves of any state reachable from `start`, how many positions are
    reachable and the largest heap among them (heaps may grow in a take-or-add game), by a search
    over the positions (bounded by _MAX_EXPLORED; past it, the most seen so far, and a state with
    more moves raises when it is reached)."""
    seen = {start}
    frontier = [start]
    most = 0
    largest = 0
    while frontier and len(seen) < _MAX_EXPLORED:
        position = frontier.pop()
        moves = position.moves()
        most = max(most, len(moves))
        for c in position.components:
            largest = max([largest, *(int(h) for h in c.fields.get("heaps", []))])
        for move in moves:
            if move.position not in seen:
                seen.add(move.position)
                frontier.append(move.position)
    return most, len(seen), largest


class GameType:
    """The parts of pyspiel.GameType a game reports."""

    def __init__(self, short_name: str, long_name: str) -> None:
        self.short_name = short_name
        self.long_name = long_name
        self.max_num_players = 2
        self.min_num_players = 2
        self.provides_observation_tensor = True
        self.provides_observation_string = True
        self.provides_information_state_string = True
        self.provides_information_state_tensor = False
        self.parameter_specification = ["is_misere", "heaps", "graph", "items", "params", "position", "pile_sizes"]


class Game:
    """A game: a ruleset, a start position and a convention (normal or misère play)."""

    def __init__(self, entry: Dict[str, Any], values: Dict[str, str]) -> None:
        self._entry = entry
        self._values = dict(values)
        known = {"is_misere", "heaps", "graph", "items", "params", "position", "pile_sizes"}
        unknown = set(values) - known
        if unknown:
            raise ValueError(f"unknown game parameter {sorted(unknown)[0]!r}: expected one of {', '.join(sorted(known))}")
        self.is_misere = _as_bool("is_misere", values["is_misere"]) if "is_misere" in values else False
        spec = entry["name"]
        if "params" in values:
            spec += ":" + values["params"].replace(";", ",")
        elif entry["notation"] != entry["name"] and entry["examples"]:
            spec = entry["examples"][0]  # a family with parameters: its first example
        self.rules = spec
        # Games whose heaps are worth their sizes (Nim) play with OpenSpiel's nim actions: pile and
        # count, (take - 1) * piles + (pile - 1).
        self.nim = entry["values_are_sizes"]
        self.name = _spiel_name(entry["name"])
        # Each parameter is read on its own, so that an error names the one at fault.
        parts = []
        for key in ("pile_sizes", "heaps", "graph", "items", "position"):
            if key in values:
                text = values[key].replace(";", ",") if key == "position" else " ".join(values[key].split(";"))
                part = self._read(key, values[key], text)
                if self.nim:
                    for c in part.components:
                        if c.rules != spec:
                            raise ValueError(
                                f"game parameter {key}={values[key]!r}: {c.rules}:{c.text} is not a Nim heap "
                                f"(the actions of nim are OpenSpiel's, on Nim heaps only)")
                parts.append(text)
        if parts:
            self.start = nimkit.Position(" ".join(parts), rules=spec)
        elif "params" in values:
            self.start = self._read("params", values["params"], entry["start"])
        else:
            self.start = nimkit.Position(entry["start"], rules=spec)
        # A loopy family's game is cut, a draw, after as many moves as it has positions.
        self.loopy = bool(entry.get("loopy", False))
        self._reachable = 0
        largest = 0
        if self.nim:
            self.piles = [_parse_count(c.text, "Nim heap") for c in self.start.components]
            self._num_actions = len(self.piles) * max(self.piles, default=0) + 1
        else:
            most, self._reachable, largest = _explore(self.start)
            self._num_actions = max(most, 1)
        self._heaps: List[int] = [int(h) for c in self.start.components for h in c.fields.get("heaps", [])]
        # The heap sizes an observation counts: up to the objects at the start, or a larger heap a
        # move that adds can make.
        self._largest_heap = max(sum(self._heaps), largest)
        self._heap_view = len(self._heaps) > 0 and all("heaps" in c.fields for c in self.start.components)

    def _read(self, key: str, value: str, text: str) -> nimkit.Position:
        """The position `text` (parameter `key`'s value) in this game's ruleset; ValueError naming
        the parameter and its value."""
        try:
            return nimkit.Position(text, rules=self.rules)
        except ValueError as error:
            raise ValueError(f"game parameter {key}={value!r}: {error}") from None

    def __str__(self) -> str:
        parts = [f"is_misere={self.is_misere}"] + [f"{k}={v}" for k, v in sorted(self._values.items()) if k != "is_misere"]
        return f"{self.name}({','.join(parts)})"

    __repr__ = __str__

    def get_type(self) -> GameType:
        return GameType(self.name, self._entry["title"])

    def num_players(self) -> int:
        return 2

    def num_distinct_actions(self) -> int:
        """Nim: num_piles * max_pile + 1 (OpenSpiel's); others: the most legal moves of a state
        reachable from the start."""
        return self._num_actions

    def max_game_length(self) -> int:
        """Nim: the objects (OpenSpiel's). Heap games: twice the objects plus the heaps (a move
        removes an object, splits a heap or spends a zero move); other games: the initial
        state's moves times its items; a game that can go on for ever (loopy): the positions
        reachable from its start, where it is cut as a draw. A bound the random simulations
        check."""
        if self.nim:
            return sum(self.piles)
        if self.loopy:
            return max(self._reachable, 1)
        if self._heap_view:
            return 2 * sum(self._heaps) + len(self._heaps)
        return self._num_actions * max(1, len(self.start.components)) + self._num_actions

    def min_utility(self) -> float:
        return -1.0

    def max_utility(self) -> float:
        return 1.0

    def utility_sum(self) -> float:
        return 0.0

    def observation_tensor_shape(self) -> List[int]:
        return [self.observation_tensor_size()]

    def observation_tensor_size(self) -> int:
        if self.nim:
            return 3 + len(self.piles) + len(self.piles) * (max(self.piles, default=0) + 1)
        if self._heap_view:
            return 3 + self._largest_heap
        return 3 + self._num_actions

    def new_initial_state(self) -> "State":
        return State(self)

    def deserialize_state(self, text: str) -> "State":
        """The state a State.serialize() string names: its actions (ASCII digits, one a line)
        replayed from the start. ValueError names a line that is not an action id, or an action
        that is not legal where it is played."""
        state = self.new_initial_state()
        for number, line in enumerate(text.splitlines(), 1):
            if line.strip():
                state.apply_action(_parse_count(line.strip(), f"line {number}: action"))
        return state


class State:
    """A state: a nimkit position, whose turn it is, and the actions that led to it."""

    def __init__(self, game: Game) -> None:
        self._game = game
        self._positions: List[nimkit.Position] = [game.start]
        self._history: List[int] = []
        self._moves: Optional[List[nimkit.Move]] = None

    # -- what the state is
    @property
    def position(self) -> nimkit.Position:
        return self._positions[-1]

    def get_game(self) -> Game:
        return self._game

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else len(self._history) % 2

    def is_terminal(self) -> bool:
        return self.position.is_terminal or self._cut()

    def _cut(self) -> bool:
        """Whether a game that can go on for ever stops here, a draw: max_game_length() moves."""
        return self._game.loopy and len(self._history) >= self._game.max_game_length()

    def is_chance_node(self) -> bool:
        return False

    def is_simultaneous_node(self) -> bool:
        return False

    def is_player_node(self) -> bool:
        return not self.is_terminal()

    def move_number(self) -> int:
        return len(self._history)

    def history(self) -> List[int]:
        return list(self._history)

    def history_str(self) -> str:
        return ", ".join(str(a) for a in self._history)

    def returns(self) -> List[float]:
        """[1, -1] when player 0 has won, [-1, 1] when player 1 has, [0, 0] before the end and
        for a game cut as a draw."""
        if not self.is_terminal() or not self.position.is_terminal:
            return [0.0, 0.0]
        last_mover = (len(self._history) - 1) % 2
        winner = 1 - last_mover if self._game.is_misere else last_mover
        if not self._history:  # no move at all: the player to move (0) cannot move
            winner = 0 if self._game.is_misere else 1
        return [1.0, -1.0] if winner == 0 else [-1.0, 1.0]

    def rewards(self) -> List[float]:
        return self.returns()

    def player_return(self, player: int) -> float:
        return self.returns()[player]

    # -- moves
    def _legal_moves(self) -> List[nimkit.Move]:
        if self._moves is None:
            self._moves = self.position.moves()
            if len(self._moves) > self._game.num_distinct_actions():
                raise RuntimeError(
                    f"{self.position} has {len(self._moves)} moves, more than the "
                    f"{self._game.num_distinct_actions()} distinct actions of {self._game}")
        return self._moves

    def _nim_action(self, move: nimkit.Move) -> int:
        pile, take = (_parse_count(w, "Nim move") for w in move.text.split())
        return (take - 1) * len(self._game.piles) + (pile - 1)

    def legal_actions(self, player: Optional[int] = None) -> List[int]:
        if self.is_terminal() or (player is not None and player != self.current_player()):
            return []
        moves = self._legal_moves()
        if self._game.nim:
            return sorted(self._nim_action(m) for m in moves)
        return list(range(len(moves)))

    def legal_actions_mask(self, player: Optional[int] = None) -> List[int]:
        mask = [0] * self._game.num_distinct_actions()
        for a in self.legal_actions(player):
            mask[a] = 1
        return mask

    def _move_of(self, action: int) -> nimkit.Move:
        if self.is_terminal():
            raise ValueError(f"action {action} applied to a terminal state")
        moves = self._legal_moves()
        if self._game.nim:
            for m in moves:
                if self._nim_action(m) == action:
                    return m
        elif 0 <= action < len(moves):
            return moves[action]
        raise ValueError(f"action {action} is not legal in {self.position}")

    def apply_action(self, action: int) -> None:
        move = self._move_of(action)
        self._positions.append(move.position)
        self._history.append(action)
        self._moves = None

    def undo_action(self, player: int, action: int) -> None:
        """Takes back the last action, which must be `action`, played by `player`."""
        if not self._history or self._history[-1] != action or (len(self._history) - 1) % 2 != player:
            raise ValueError(f"the last action is not {action} by player {player}")
        self._positions.pop()
        self._history.pop()
        self._moves = None

    def child(self, action: int) -> "State":
        state = self.clone()
        state.apply_action(action)
        return state

    def action_to_string(self, player_or_action: int, action: Optional[int] = None) -> str:
        """OpenSpiel's two forms: action_to_string(player, action) and action_to_string(action).
        Nim: "pile:2, take:3;" as OpenSpiel's Nim, for any id from 0 to num_distinct_actions() - 1;
        others: the move in nimkit's words, for a legal action. ValueError names any other id."""
        act = _operator.index(player_or_action if action is None else action)
        if not 0 <= act < self._game.num_distinct_actions():
            raise ValueError(
                f"action {act} is not an action id of {self._game}: expected 0 to "
                f"{self._game.num_distinct_actions() - 1}")
        if self._game.nim:
            piles = len(self._game.piles)
            return f"pile:{act % piles + 1}, take:{act // piles + 1};"
        return self._move_of(act).description

    def clone(self) -> "State":
        state = State(self._game)
        state._positions = list(self._positions)
        state._history = list(self._history)
        return state

    def serialize(self) -> str:
        """The actions, one a line (OpenSpiel's default State serialization)."""
        return "".join(f"{a}\n" for a in self._history)

    # -- observations
    def observation_tensor(self, player: Optional[int] = None) -> List[float]:
        """Nim: OpenSpiel's (the player one-hot, is_terminal, the number of piles one-hot, each
        pile one-hot). Heap games: the player one-hot, is_terminal, then the number of heaps of
        each size 1 ... the objects at the start (no heap holds more), or the largest heap a
        reachable position holds where moves may add. Others: the player one-hot, is_terminal, the
        legal actions mask."""
        g = self._game
        values = [0.0] * g.observation_tensor_size()
        if not self.is_terminal():
            values[self.current_player()] = 1.0
        else:
            values[len(self._history) % 2] = 1.0
        values[2] = 1.0 if self.is_terminal() else 0.0
        if g.nim:
            piles = [_parse_count(c.text, "Nim heap") for c in self.position.components]
            values[3 + len(piles) - 1] = 1.0
            offset = 3 + len(piles)
            for size in piles:
                values[offset + size] = 1.0
                offset += max(g.piles) + 1
        elif g._heap_view:
            for c in self.position.components:
                for h in c.fields.get("heaps", []):
                    if h > 0:
                        values[2 + h] += 1.0
        else:
            for a in self.legal_actions():
                values[3 + a] = 1.0
        return values

    def observation_string(self, player: Optional[int] = None) -> str:
        return str(self)

    def information_state_string(self, player: Optional[int] = None) -> str:
        return self.history_str()

    def __str__(self) -> str:
        player = self.current_player()
        who = "terminal" if player == TERMINAL else str(player)
        return f"({who}): {self.position}"

    __repr__ = __str__


class PerfectBot:
    """Exact play (nimkit's perfect player): a winning move when there is one, else the longest
    defence. OpenSpiel's Bot interface: step(state) -> action, restart(), inform_action(); as
    OpenSpiel's bots, step() of a state without legal actions (terminal) is INVALID_ACTION."""

    def __init__(self, game: Game, player_id: Optional[int] = None, seed: int = 0) -> None:
        self._game = game
        self._player = nimkit.perfect(seed=seed)
        self.player_id = player_id

    def restart(self) -> None:
        pass

    def restart_at(self, state: State) -> None:
        pass

    def inform_action(self, state: State, player_id: int, action: int) -> None:
        pass

    def provides_policy(self) -> bool:
        return False

    def step(self, state: State) -> int:
        if not state.legal_actions():
            return INVALID_ACTION
        move = self._player.choose(state.position, misere=self._game.is_misere)
        for action in state.legal_actions():
            if state._move_of(action).text == move.text:
                return action
        raise RuntimeError(f"the perfect move {move.text!r} has no action in {state}")


class UniformRandomBot:
    """A uniformly random legal action, seeded (pyspiel.make_uniform_random_bot); as OpenSpiel's,
    INVALID_ACTION at a state without legal actions (terminal)."""

    def __init__(self, player_id: Optional[int] = None, seed: int = 0) -> None:
        self._rng = _random.Random(seed)
        self.player_id = player_id

    def restart(self) -> None:
        pass

    def step(self, state: State) -> int:
        actions = state.legal_actions()
        if not actions:
            return INVALID_ACTION
        return self._rng.choice(actions)


def register_with_pyspiel(pyspiel: Any = None) -> List[str]:
    """Registers every game with `pyspiel` (imported when not given) through
    pyspiel.register_game(game_type, factory), so that pyspiel.load_game("kayles(heaps=9;4)")
    returns this module's Game. Returns the names registered; [] when pyspiel is missing."""
    if pyspiel is None:
        try:
            import pyspiel as module  # type: ignore[import]
        except ImportError:
            return []
        pyspiel = module
    names = []
    for name, entry in sorted(_registry().items()):
        game_type = GameType(name, entry["title"])

        def factory(params: Optional[Dict[str, Any]] = None, _entry: Dict[str, Any] = entry) -> Game:
            return Game(_entry, {k: str(v) for k, v in (params or {}).items()})

        pyspiel.register_game(game_type, factory)
        names.append(name)
    return names


__all__ = [
    "Game",
    "GameType",
    "INVALID_ACTION",
    "PerfectBot",
    "State",
    "TERMINAL",
    "UniformRandomBot",
    "load_game",
    "register_with_pyspiel",
    "registered_names",
]

