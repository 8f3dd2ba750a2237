"""Positions, analysis, players, matches, nimbers and the registry through the Python module,
against the library's known answers."""

import pytest

import nimkit

# Kayles g(7) = 2, Dawson's Kayles g(12) = 2, Node Kayles on a path of three vertices 2, Nim 3.
SUM_VALUES = [2, 2, 2, 3]
TRANSCRIPT = ["1. ann: take 2 from heap 1 -> 1 4 5", "2. bob: take 5 from heap 3 -> 1 4 0"]


def test_rulesets_list_the_registry():
    names = [r["name"] for r in nimkit.rulesets()]
    assert {"nim", "kayles", "dawson", "grundy", "node-kayles", "octal"} <= set(names)
    kayles = next(r for r in nimkit.rulesets() if r["name"] == "kayles")
    assert kayles["title"] == "Kayles" and kayles["view"] == "pins" and "pin" in kayles["rules"]
    for r in nimkit.rulesets():
        assert set(r) == {"name", "title", "rules", "notation", "view", "values_are_sizes", "loopy", "examples",
                          "start"}
    # Only Nim's heaps are worth their sizes (the fact OpenSpiel's nim actions rest on).
    assert [r["name"] for r in nimkit.rulesets() if r["values_are_sizes"]] == ["nim"]


def test_position_text_components_and_identity():
    p = nimkit.Position("kayles:7 dawson:12 node-kayles:1-2,2-3")
    assert str(p) == "kayles:7 dawson:12 node-kayles:1-2,2-3"
    assert [(c.rules, c.text) for c in p.components] == [
        ("kayles", "7"), ("dawson", "12"), ("node-kayles", "1-2,2-3")]
    assert p.components[0].fields["heaps"] == [7]
    q = nimkit.Position("kayles:7 dawson:12 node-kayles:1-2,2-3")
    assert p == q and hash(p) == hash(q) and len({p, q}) == 1
    assert nimkit.Position("3 4 5") != nimkit.Position("3 4 6")
    assert nimkit.Position("3 4 5") != "3 4 5"
    assert str(nimkit.Position("7 4", rules="kayles")) == "7 4"
    assert repr(nimkit.Position("7 4", rules="kayles")) == "Position('7 4', rules='kayles')"
    with pytest.raises(AttributeError):
        p.components = []  # immutable
    assert "&#9679;" in nimkit.Position("3 4 5")._repr_html_()


def test_moves_and_play():
    p = nimkit.Position("1 2")
    moves = p.moves()
    assert [m.text for m in moves] == ["1 1", "2 1", "2 2"]
    assert moves[0].description == "take 1 from heap 1"
    assert str(p.play("2 2")) == "1 0"
    assert nimkit.Position("0 0").is_terminal


def test_the_empty_position_is_where_a_graph_game_ends():
    # Removing the last vertex leaves no component: written "", read back, terminal.
    end = nimkit.Position("1", rules="node-kayles").play("1")
    assert str(end) == "" and end.components == [] and end.is_terminal
    assert nimkit.Position("", rules="node-kayles") == end
    assert nimkit.analyze(end).winner == "second"
    assert nimkit.analyze(end, misere=True).winner == "first"


def test_analyze_3_4_5():
    a = nimkit.analyze(nimkit.Position("3 4 5"))
    assert a.winner == "first" and a.grundy == 2 and a.values == [3, 4, 5]
    assert a.method == "nim-sum" and a.remoteness is None and not a.misere
    assert nimkit.analyze("3 4 5", remoteness=True).remoteness == 11
    assert [(m.text, m.description, str(m.position)) for m in a.winning_moves] == [
        ("1 2", "take 2 from heap 1", "1 4 5")]
    assert a.winning_move_count == 1
    assert "X = 2 is not 0" in a.explain()
    assert a.value == a.grundy and "grundy=2" in repr(a)  # value: the former name, kept
    html = a._repr_html_()
    assert "011" in html and "010" in html
    assert nimkit.analyze("1 4 5").winner == "second"


def test_zero_move_18_47_34():
    a = nimkit.analyze(nimkit.Position("18 47 34", rules="zero-move"))
    assert a.winner == "second" and a.grundy == 0 and a.values == [17, 48, 33]


def test_misere_and_sums():
    a = nimkit.analyze("1 1 2", misere=True)
    assert a.misere and a.grundy is None and a.winner == "first"
    assert [m.text for m in a.winning_moves] == ["3 1"]
    q = nimkit.analyze(nimkit.Position("kayles:20 kayles:77 kayles:1000000000"), misere=True)
    assert q.method == "misere-quotient" and q.winning_move_count == 9
    s = nimkit.analyze(nimkit.Position("kayles:7 dawson:12 node-kayles:1-2,2-3 nim:3"))
    assert s.values == SUM_VALUES and s.grundy == SUM_VALUES[0] ^ SUM_VALUES[1] ^ SUM_VALUES[2] ^ 3


def test_a_game_that_can_go_on_for_ever():
    # u can move to z (no move: value 0) or into the cycle c, d: ∞{0}, won; beside a heap, a draw.
    won = nimkit.analyze(nimkit.Position("digraph:u>z,u>c,c>d,d>c@u"))
    assert won.winner == "first" and won.grundy == "∞{0}" and won.drawing_moves == []
    assert [m.text for m in won.winning_moves] == ["z"]
    drawn = nimkit.analyze(nimkit.Position("digraph:u>z,u>c,c>d,d>c@u nim:1"))
    assert drawn.winner == "draw" and drawn.grundy == "∞{1}" and drawn.values == ["∞{0}", 1]
    assert drawn.winning_moves == [] and [m.text for m in drawn.drawing_moves] == ["c"]
    assert nimkit.analyze(nimkit.Position("digraph:a>b,b>a,a>z@a")).grundy == 1
    with pytest.raises(nimkit.UnsupportedError, match="can go on for ever"):
        nimkit.analyze(nimkit.Position("digraph:a>b,b>a@a"), misere=True)
    # The perfect player keeps a drawn game drawn: the opponent is never left a won position.
    game = nimkit.Match(nimkit.Position("digraph:u>z,u>c,c>d,d>c@u nim:1"))
    perfect, opponent = nimkit.perfect(), nimkit.random(seed=3)
    for _ in range(20):
        game.play(perfect if game.to_move == 0 else opponent)
        if game.over:
            break
        if game.to_move == 1:
            assert nimkit.analyze(game.position).winner != "first"
    assert not game.over or game.winner == 0


def test_a_match_reports_draws_repetitions_and_a_draw_agreed():
    # take-or-add:2,3/1/12: heap 4 is ∞{0} (won by taking 3), heap 5 and up are draws.
    game = nimkit.Match(nimkit.Position("4", "take-or-add:2,3/1/12"), first="you", second="computer")
    won = nimkit.analyze(game.position)
    assert won.winner == "first" and won.grundy == "∞{0}" and won.finite_win_move.text == "1 3"
    game.play("1 +1")  # 5: a win thrown into a draw
    assert nimkit.analyze(game.position).winner == "draw"
    game.play("1 2")  # 3: a draw thrown away (3 is ∞{0}, the opponent's win)
    assert game.transcript() == (
        "1. you: add 1 to heap 1 -> 5 (threw away a win)\n"
        "2. computer: take 2 from heap 1 -> 3 (threw away a draw)\n"
    )
    # The perfect player wins it, in finitely many moves, against any defence.
    perfect, opponent = nimkit.perfect(), nimkit.random(seed=5)
    for _ in range(40):
        game.play(perfect if game.to_move == 0 else opponent)
        if game.over:
            break
    assert game.over and game.winner == 0 and not game.draw_agreed
    # Round 6 → 7 → 5 → 6: the position stands again every three moves; the third time with the
    # same player to move, a draw is offered and may be agreed.
    drawn = nimkit.Match(nimkit.Position("6", "take-or-add:2,3/1/12"))
    for _ in range(4):
        for move in ("1 +1", "1 2", "1 +1"):
            drawn.play(move)
    assert drawn.repetitions == 3 and drawn.draw_offered and not drawn.over
    drawn.agree_draw()
    assert drawn.over and drawn.draw_agreed and drawn.winner is None and not drawn.draw_offered
    assert drawn.transcript().endswith("Ended as a draw by agreement after 12 moves.\n")
    assert drawn.save().endswith("draw agreed\n")
    assert nimkit.Match.load(drawn.save()).draw_agreed
    with pytest.raises(ValueError, match="the game is over: there is no draw to agree"):
        drawn.agree_draw()
    assert drawn.undo() and not drawn.over and drawn.repetitions == 2
    loopy = {r["name"] for r in nimkit.rulesets() if r["loopy"]}
    assert loopy == {"digraph", "take-or-add"}


def test_players_are_seeded_and_perfect_wins():
    for seed in range(5):
        game = nimkit.Match("3 4 5")
        perfect, opponent = nimkit.perfect(), nimkit.random(seed=seed)
        while not game.over:
            game.play(perfect if game.to_move == 0 else opponent)
        assert game.winner == 0
    a = [nimkit.random(seed=7).choose(nimkit.Position("10 20 30")).text for _ in range(3)]
    assert len(set(a)) == 1
    r = nimkit.random(seed=7)
    assert len({r.choose(nimkit.Position("10 20 30")).text for _ in range(6)}) > 1
    assert nimkit.skilled(0.5).level == "skilled:0.5"
    with pytest.raises(ValueError):
        nimkit.skilled(1.5)


def test_match_play_undo_redo_save_load():
    m = nimkit.Match("3 4 5", first="ann", second="bob")
    m.play("1 2")
    m.play("2 4")
    assert str(m.position) == "1 0 5" and m.to_move == 0
    assert m.undo() and str(m.position) == "1 4 5"
    assert m.redo() and str(m.position) == "1 0 5"
    assert not m.redo()
    m.undo()
    m.play("3 5")
    assert not m.redo()
    assert m.transcript().splitlines() == TRANSCRIPT
    # Back to a player's turn, the other's reply taken back too, and forward again.
    t = nimkit.Match("3 4 5")
    for move in ("1 1", "2 1", "3 1"):
        t.play(move)
    assert t.undo_turn(1) and str(t.position) == "2 4 5" and t.to_move == 1
    assert t.redo_turn(1) and str(t.position) == "2 3 4" and t.to_move == 1
    assert t.undo_turn(0) and str(t.position) == "2 3 5" and t.to_move == 0
    assert t.undo_turn(0) and str(t.position) == "3 4 5"
    assert not t.undo_turn(0) and not t.undo_turn(1)
    with pytest.raises(ValueError, match="seat 2"):
        t.undo_turn(2)
    with pytest.raises(ValueError, match="seat"):
        t.redo_turn(-1)
    saved = m.save()
    assert saved.startswith("nimkit-game 3\n") and "players ann bob" in saved
    again = nimkit.Match.load(saved)
    assert again.save() == saved and str(again.position) == str(m.position)
    with pytest.raises(ValueError, match="cannot take 9"):
        m.play("2 9")
    assert len(m.moves) == 2  # an illegal move changes nothing
    with pytest.raises(ValueError, match="line 5"):
        nimkit.Match.load("nimkit-game 3\nrules nim\nconvention normal\nstart 3 4 5\nmove one two\n")


def test_nimbers():
    assert nimkit.Nimber(5) * nimkit.Nimber(3) == nimkit.Nimber(15)
    assert int(nimkit.Nimber(2) * nimkit.Nimber(2)) == 3
    assert int(nimkit.Nimber(5) + nimkit.Nimber(3)) == 6
    x = nimkit.Nimber(7)
    assert x * x.inverse() == nimkit.Nimber(1) and (nimkit.Nimber(6) / x) * x == nimkit.Nimber(6)
    assert nimkit.Nimber(2) ** 3 == nimkit.Nimber(2) * nimkit.Nimber(2) * nimkit.Nimber(2)
    assert nimkit.nim_evaluate("2 * 2") == 3 and str(nimkit.Nimber(3)) == "*3"
    with pytest.raises(ValueError):
        nimkit.Nimber(0).inverse()
    with pytest.raises(ValueError):
        nimkit.nim_evaluate("(" * 300 + "1" + ")" * 300)


def test_limits_raise_limit_error_naming_the_limit():
    with pytest.raises(nimkit.LimitError, match="node limit of 1000"):
        nimkit.analyze(nimkit.Position("chomp:" + ",".join(["20"] * 20)), limit=1000)
    with pytest.raises(nimkit.LimitError, match="work limit"):
        nimkit.analyze(nimkit.Position("moore:3:5,6,7,8,9,10,11,12,13,14 nim:1"), misere=True)


def cli_analysis(text):
    """The CLI's answer to `nimkit analyze --json --all-moves TEXT` (NIMKIT names the binary; CTest sets it)."""
    import json
    import os
    import subprocess

    cli = os.environ.get("NIMKIT")
    if not cli:
        pytest.skip("NIMKIT (the CLI binary) is not set")
    out = subprocess.run([cli, "analyze", "--json", "--all-moves", text], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


@pytest.mark.parametrize("text", ["kayles:100000,3", "ruler:" + "h" * 3000], ids=["kayles", "ruler"])
def test_metered_analysis_keeps_every_move_found_as_the_cli(text):
    # The first, quick try runs out of its budget while listing the moves of a large component:
    # the answer still knows the winner and value, but not the moves. The module asks again with
    # the full budget, so the list and its count come from the same answer, the CLI's.
    a = nimkit.analyze(text)
    cli = cli_analysis(text)
    count = int(cli["winning_move_count"])
    assert a.winner == cli["winner"] == "first" and a.grundy == cli["grundy"]
    assert a.winning_move_count == count > 900
    assert [m.text for m in a.winning_moves] == [m["move"] for m in cli["winning_moves"][:1000]]
    if count > 1000:
        assert f"1000 of the {count} winning moves are listed" in a.winning_moves_unlisted
    else:
        assert a.winning_moves_unlisted is None
    assert a.winning_moves[0].description in a.explain()


def test_a_whole_list_has_nothing_unlisted():
    a = nimkit.analyze("3 4 5")
    assert a.winning_move_count == len(a.winning_moves) == 1 and a.winning_moves_unlisted is None


def test_moves_on_a_heap_of_2_to_64_minus_1_and_counts_on_a_billion():
    # A move naming one option is checked by the family's rule, not by listing the heap's options.
    p = nimkit.Position("kayles:18446744073709551615")
    assert str(p.play("1 2-3")) == "kayles:1,18446744073709551612"
    assert str(nimkit.Position("grundy:18446744073709551615").play("1 3")) == \
        "grundy:3,18446744073709551612"
    with pytest.raises(ValueError, match="cannot split heap 1 .* into 3 and 4"):
        nimkit.Position("grundy:18446744073709551615").play("1 3 4")
    # The exact count, by residue classes, beside the first moves listed.
    a = nimkit.analyze(nimkit.Position("kayles:1000000000 kayles:77 kayles:5"))
    assert a.winning_move_count > 83_000_000
    assert len(a.winning_moves) == 1000
    assert "1000 of the" in a.winning_moves_unlisted
    # A count out of reach is None, never the moves found.
    u = nimkit.analyze(nimkit.Position("lasker:1000000000 nim:1000000000"))
    assert u.winning_move_count is None and len(u.winning_moves) == 1
    assert "scan limit" in u.winning_moves_unlisted


def test_match_reads_a_move_in_the_words_it_describes_it_with():
    # The description Match writes for a move reads back as that move, in any case; so do the
    # short forms a person types.
    m = nimkit.Match(nimkit.Position("7 5", rules="grundy"))
    played = m.play("Split heap 1 into 3 and 4")
    assert played.description == "split heap 1 into 3 and 4"
    assert str(m.position) == "3 4 5"
    m.play("3 into 1 and 4")
    assert str(m.position) == "3 4 1 4"
    k = nimkit.Match(nimkit.Position("8 5", rules="kayles"))
    first = k.play("knock pin 5 of row 1")
    assert str(k.position) == "3 4 5"
    k.undo()
    assert k.play(first.description).text == first.text
