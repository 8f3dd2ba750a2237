"""nimkit.spiel against OpenSpiel's conventions: Nim's action encoding, the random-simulation test
of OpenSpiel's own game tests (random playouts with undo, clone and serialize round trips) on
every registry example, PerfectBot, and register_with_pyspiel against a stand-in module."""

import random

import pytest

import nimkit
from nimkit import spiel


def test_nim_matches_openspiel():
    game = spiel.load_game("nim(pile_sizes=1;3;5;7,is_misere=False)")
    assert game.num_distinct_actions() == 4 * 7 + 1 and game.max_game_length() == 16
    state = game.new_initial_state()
    assert str(state) == "(0): 1 3 5 7"
    assert state.legal_actions()[:6] == [0, 1, 2, 3, 5, 6]
    # take 3 from pile 4 (index 3): (3 - 1) * 4 + 3
    assert state.action_to_string(0, 11) == "pile:4, take:3;"
    state.apply_action(11)
    assert str(state) == "(1): 1 3 5 4" and state.history() == [11]
    assert len(state.observation_tensor()) == game.observation_tensor_size() == 3 + 4 + 4 * 8
    state.undo_action(0, 11)
    assert str(state) == "(0): 1 3 5 7"


def test_nim_returns_normal_and_misere():
    for misere, expected in ((False, [1.0, -1.0]), (True, [-1.0, 1.0])):
        game = spiel.load_game(f"nim(pile_sizes=2,is_misere={misere})")
        state = game.new_initial_state()
        state.apply_action(1)  # player 0 takes both
        assert state.is_terminal() and state.current_player() == spiel.TERMINAL
        assert state.returns() == expected


def registry_games():
    games = []
    for r in nimkit.rulesets():
        name = "grundys_game" if r["name"] == "grundy" else r["name"].replace("-", "_")
        games.append(name)
    return games


@pytest.mark.parametrize("name", registry_games())
@pytest.mark.parametrize("misere", [False, True])
def test_random_simulation(name, misere):
    game = spiel.load_game(f"{name}(is_misere={misere})")
    rng = random.Random(hash(name) & 0xFFFF)
    for _ in range(3):
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            actions = state.legal_actions()
            assert actions and all(0 <= a < game.num_distinct_actions() for a in actions)
            assert sum(state.legal_actions_mask()) == len(actions)
            assert len(state.observation_tensor()) == game.observation_tensor_size()
            assert state.legal_actions(1 - state.current_player()) == []
            action = rng.choice(actions)
            before = str(state)
            player = state.current_player()
            state.action_to_string(player, action)
            state.apply_action(action)
            clone = state.clone()
            assert str(clone) == str(state) and clone.history() == state.history()
            again = game.deserialize_state(state.serialize())
            assert str(again) == str(state) and again.history() == state.history()
            state.undo_action(player, action)
            assert str(state) == before
            state.apply_action(action)
            steps += 1
            assert steps <= game.max_game_length()
        # A game that can go on for ever is cut at max_game_length(), a draw.
        cut = not state.position.is_terminal
        assert not cut or (game.loopy and steps == game.max_game_length())
        assert sum(state.returns()) == 0
        assert sorted(state.returns()) == ([0.0, 0.0] if cut else [-1.0, 1.0])
        assert state.legal_actions() == []


def test_a_game_that_can_go_on_for_ever_is_cut_as_a_draw():
    # take-or-add:2,3/1/12 from 6 2: a draw; adding to heap 1 up to 12 and taking back goes round.
    game = spiel.load_game("take_or_add(position=6 2)")
    assert game.loopy and game.max_game_length() == 13 * 13  # every pair of heaps 0 to 12
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(0)  # the first move: an add while it can, then take 2
    assert not state.position.is_terminal and state.move_number() == game.max_game_length()
    assert state.returns() == [0.0, 0.0] and state.legal_actions() == []
    # A game of it that ends by the rules has a winner.
    won = spiel.load_game("take_or_add(heaps=2)")
    state = won.new_initial_state()
    state.apply_action(won.new_initial_state().legal_actions()[-1])  # take 2
    assert state.is_terminal() and state.returns() == [1.0, -1.0]


def test_perfect_bot_never_loses_a_won_position():
    game = spiel.load_game("kayles(heaps=9;4)")
    assert nimkit.analyze(nimkit.Position("9 4", rules="kayles")).winner == "first"
    for seed in range(4):
        state = game.new_initial_state()
        bots = [spiel.PerfectBot(game, 0), spiel.UniformRandomBot(1, seed)]
        while not state.is_terminal():
            state.apply_action(bots[state.current_player()].step(state))
        assert state.returns() == [1.0, -1.0]


def test_named_families_and_parameters():
    assert str(spiel.load_game("grundys_game(heaps=10)").new_initial_state()) == "(0): 10"
    nk = spiel.load_game("node_kayles(graph=1-2;2-3)")
    assert nk.new_initial_state().legal_actions() == [0, 1, 2]
    sub = spiel.load_game("subtraction(params=1;3;4,heaps=10)")
    assert sub.new_initial_state().position.components[0].rules == "subtraction:1,3,4"
    assert "kayles" in spiel.registered_names() and "grundys_game" in spiel.registered_names()
    for bad in ("chess", "nim(pile_sizes=x)", "nim(colour=red)", "nim(is_misere=maybe)", "nim(pile_sizes=1"):
        with pytest.raises(ValueError):
            spiel.load_game(bad)
    state = spiel.load_game("nim(pile_sizes=3)").new_initial_state()
    with pytest.raises(ValueError):
        state.apply_action(7)
    with pytest.raises(ValueError):
        state.undo_action(0, 0)


class StandInPyspiel:
    """What register_with_pyspiel uses of pyspiel: register_game and load_game."""

    def __init__(self):
        self.factories = {}

    def register_game(self, game_type, factory):
        self.factories[game_type.short_name] = factory

    def load_game(self, name, params=None):
        return self.factories[name](params)


def test_register_with_pyspiel_on_a_stand_in():
    stand_in = StandInPyspiel()
    names = spiel.register_with_pyspiel(stand_in)
    assert set(names) == set(spiel.registered_names())
    game = stand_in.load_game("kayles", {"heaps": "9;4"})
    assert str(game.new_initial_state()) == "(0): 9 4"
    assert spiel.register_with_pyspiel() == []  # pyspiel is not installed


def test_action_to_string_refuses_ids_out_of_range():
    state = spiel.load_game("nim(pile_sizes=1;3;5;7)").new_initial_state()
    top = state.get_game().num_distinct_actions() - 1
    assert state.action_to_string(0, top) == "pile:1, take:8;"  # OpenSpiel's formula, in range
    for bad in (-5, -1, top + 1):
        with pytest.raises(ValueError, match=rf"action {bad} is not an action id of nim\(.*expected 0 to {top}"):
            state.action_to_string(0, bad)
        with pytest.raises(ValueError, match=rf"action {bad} "):
            state.action_to_string(bad)
    kayles = spiel.load_game("kayles(heaps=3)").new_initial_state()
    with pytest.raises(ValueError, match="action -1 "):
        kayles.action_to_string(0, -1)


def test_parameters_are_named_in_errors_and_read_as_a_sum():
    game = spiel.load_game("kayles(heaps=9;4,position=kayles:3)")
    assert str(game.new_initial_state()) == "(0): 9 4 3"
    mixed = spiel.load_game("kayles", {"heaps": "9;4", "position": "kayles:3 dawson:5"}).start
    assert [(c.rules, c.text) for c in mixed.components] == [
        ("kayles", "9"), ("kayles", "4"), ("kayles", "3"), ("dawson", "5")]
    with pytest.raises(ValueError, match=r"game parameter heaps='9;x': ") as raised:
        spiel.load_game("kayles", {"heaps": "9;x", "position": "kayles:3"})
    assert '"x"' in str(raised.value)
    with pytest.raises(ValueError, match=r"game parameter position='kayles:x'"):
        spiel.load_game("kayles(heaps=9,position=kayles:x)")


def test_nim_refuses_a_position_of_other_components():
    for params in ({"position": "kayles:5"}, {"heaps": "3;kayles:5"}):
        key = next(iter(params))
        with pytest.raises(ValueError, match=rf"game parameter {key}='{params[key]}': kayles:5 is not a Nim heap"):
            spiel.load_game("nim", params)
    assert spiel.load_game("nim", {"position": "3 4"}).piles == [3, 4]


@pytest.mark.parametrize(
    "text,params",
    [("nim(heaps=3,heaps=4)", None), ("kayles(is_misere=true,heaps=2,is_misere=false)", None),
     ("nim(heaps=3)", {"heaps": 4})])
def test_a_parameter_given_twice_is_refused(text, params):
    with pytest.raises(ValueError, match="given twice"):
        spiel.load_game(text, params)


def test_bots_follow_openspiel_at_a_terminal_state():
    game = spiel.load_game("nim(pile_sizes=1)")
    state = game.new_initial_state().child(0)
    assert state.is_terminal()
    assert spiel.UniformRandomBot(1, 0).step(state) == spiel.INVALID_ACTION
    assert spiel.PerfectBot(game, 1).step(state) == spiel.INVALID_ACTION


@pytest.mark.parametrize("line", ["\u0663", "1_0", "+3", " 3x", "\uff13", "9" * 30, "-1"])
def test_deserialize_state_reads_ascii_digits_only(line):
    game = spiel.load_game("nim(pile_sizes=20)")  # actions 0 ... 19 are legal
    with pytest.raises(ValueError, match="is not a count"):
        game.deserialize_state(f"0\n{line}\n")
    assert game.deserialize_state("3\n\n 4 \n").history() == [3, 4]
