"""Work without a bound in the game record and the notation: positions of many heaps parse in
linear time, Match.load stops at its meter and at Ctrl-C, a move list past the memory limit is
refused before it is made, and every player name a game is saved with loads back."""

import time

import pytest

import nimkit
from conftest import TIME_FACTOR, load_factor
from test_interrupt import interrupt

MOORE = (
    "nimkit-game 3\\nrules sum\\nconvention misere\\nstart moore:3:3,4,5999 nim:1\\n"
    "move 1:3 2:4 3:4\\nmove 3 1\\n"
)


def test_many_heaps_parse_in_linear_time():
    # Inserting each heap at the front took 15 s for 150,000 heaps.
    start = time.monotonic()
    position = nimkit.Position("3 " * 150_000)
    elapsed = time.monotonic() - start
    assert len(position.components) == 150_000
    assert elapsed < 2 * TIME_FACTOR * load_factor()


def test_load_stops_at_its_limit_leaving_marks_unchecked():
    # A misère sum of Moore's Nim and a Nim heap has no rule: the marks are searches, beyond the
    # default meter here.
    text = MOORE.replace("\\n", "\n").replace("move 3 1\n", "move 3 1 !\n")
    start = time.monotonic()
    match = nimkit.Match.load(text)
    assert time.monotonic() - start < 30 * TIME_FACTOR * load_factor()
    assert len(match.moves) == 2
    assert "move 3 1 !" in match.save()  # the file's mark is kept, unchecked


def test_sigint_stops_a_long_load():
    elapsed = interrupt(f'nimkit.Match.load("{MOORE}", limit=10**9)')
    assert elapsed is not None, "Match.load ignored Ctrl-C"


def test_a_move_list_past_the_memory_limit_is_refused():
    start = time.monotonic()
    with pytest.raises(nimkit.LimitError, match="memory limit"):
        nimkit.Position("3000000").moves()
    assert time.monotonic() - start < 2 * TIME_FACTOR * load_factor()
    assert len(nimkit.Position("3 4").moves()) == 7


@pytest.mark.parametrize("name", ["a b", "", " ", "\t", "\n", "\x00", 'say "hi"', "back\\slash", "é"])
def test_every_player_name_saves_and_loads_back(name):
    match = nimkit.Match("3 4", first=name, second="other")
    match.play("1 1")
    saved = match.save()
    again = nimkit.Match.load(saved)
    assert again.save() == saved
    assert again.transcript() == match.transcript()
