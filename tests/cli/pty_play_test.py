#!/usr/bin/env python3
"""The terminal game as a user sees it: nimkit play on a pseudo-terminal, moves typed at the
prompt, the screen read back, Ctrl-C pressed. Usage: pty_play_test.py NIMKIT"""
import os
import pty
import re
import select
import signal
import subprocess
import sys
import tempfile
import time
import unittest

NIMKIT = os.path.abspath(sys.argv.pop(1)) if len(sys.argv) > 1 else os.environ["NIMKIT"]
ANSI = re.compile(r"\x1b\[[0-9;]*m")


class Terminal:
    """nimkit on a pseudo-terminal: type lines, read what it shows."""

    def __init__(self, args, cwd, colour=True):
        env = dict(os.environ, TERM="xterm")
        env.pop("NO_COLOR", None)
        if not colour:
            env["NO_COLOR"] = "1"
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.chdir(cwd)
            os.execve(NIMKIT, [NIMKIT] + args, env)
        self.raw = b""
        self.seen = 0  # how much of the screen (colour removed) earlier waits have consumed

    def read_until(self, text, timeout=10):
        """Reads until `text` (ANSI colour removed) is shown after what earlier waits found;
        returns the screen so far."""
        return self.read_until_any([text], timeout)[1]

    def read_until_any(self, texts, timeout=10):
        """read_until() for whichever of `texts` is shown first: returns it and the screen."""
        deadline = time.time() + timeout

        def found():
            after = ANSI.sub("", self.screen)[self.seen:]
            places = [(after.index(t), t) for t in texts if t in after]
            return min(places)[1] if places else None

        while (text := found()) is None:
            left = deadline - time.time()
            if left <= 0:
                raise AssertionError(f"timed out waiting for {texts!r}; screen:\n{self.screen}")
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.fd, 4096)
                except OSError:
                    chunk = b""
                if not chunk:
                    raise AssertionError(f"nimkit ended before {texts!r}; screen:\n{self.screen}")
                self.raw += chunk
        plain = ANSI.sub("", self.screen)
        self.seen = plain.index(text, self.seen) + len(text)
        return text, plain

    def type(self, line):
        os.write(self.fd, line.encode() + b"\r")

    def interrupt(self):
        os.write(self.fd, b"\x03")  # Ctrl-C: the terminal sends SIGINT to the game

    def wait(self):
        """Reads the rest of the screen; returns the exit status."""
        while True:
            ready, _, _ = select.select([self.fd], [], [], 10)
            if not ready:
                break
            try:
                chunk = os.read(self.fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            self.raw += chunk
        _, status = os.waitpid(self.pid, 0)
        return os.waitstatus_to_exitcode(status)


    @property
    def screen(self):
        # Decoded whole each time: a read may end inside a character such as "●".
        return self.raw.decode("utf-8", "replace")


class PlayOnATerminal(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.addCleanup(self.dir.cleanup)

    def play(self, *args, colour=True):
        return Terminal(list(args), self.dir.name, colour)

    def path(self, name):
        return os.path.join(self.dir.name, name)

    def test_board_numbers_the_heaps_and_draws_the_stones_in_colour(self):
        t = self.play("play", "--seed", "3", "3", "4", "5")
        screen = t.read_until("your move> ")
        self.assertIn("    1.    3  ● ● ●\r\n", screen)
        self.assertIn("    3.    5  ● ● ● ● ●\r\n", screen)
        self.assertIn("\x1b[", t.screen)  # coloured on a terminal
        t.type("quit")
        self.assertEqual(t.wait(), 0)

    def test_no_colour_when_no_color_is_set(self):
        t = self.play("play", "--seed", "3", "3", "4", "5", colour=False)
        t.read_until("your move> ")
        self.assertNotIn("\x1b[1", t.screen)
        t.type("quit")
        self.assertEqual(t.wait(), 0)

    def test_the_computers_move_is_marked_on_the_board(self):
        t = self.play("play", "--seed", "3", "3", "4", "5")
        t.read_until("your move> ")
        t.type("1 2")  # the winning move: the computer answers on heap 1, 2 or 3
        screen = t.read_until("◀ computer")
        self.assertRegex(screen, r"Computer takes \d+ from heap \d")
        changed = [line for line in screen.splitlines() if "◀ computer" in line]
        self.assertEqual(len(changed), 1)
        self.assertIn("·", changed[0])  # the stones it took, drawn as dots
        t.type("quit")
        t.wait()

    def test_a_thrown_away_win_is_said_at_once(self):
        t = self.play("play", "--seed", "3", "3", "4", "5")
        t.read_until("your move> ")
        t.type("1 1")  # 2 4 5 has nim-sum 3: the win is gone
        screen = t.read_until("Type undo to take it back.")
        self.assertIn(
            'That threw away a win: take 2 from heap 1 (type "1 2") would have won.', screen)
        t.type("quit")
        t.wait()

    def test_play_again_starts_a_new_game(self):
        t = self.play("play", "--seed", "1", "1")
        t.read_until("your move> ")
        t.type("1 1")
        t.read_until("play again? [y/N] ")
        t.type("y")
        t.read_until("your move> ")
        self.assertEqual(ANSI.sub("", t.screen).count("Game begins"), 2)
        t.type("1 1")
        t.read_until("play again? [y/N] ")
        t.type("n")
        self.assertEqual(t.wait(), 0)
        self.assertEqual(ANSI.sub("", t.screen).count("You win"), 2)
        # Each game prints a seed of its own, which --seed repeats.
        seeds = re.findall(r"seed (\d+)\. Type help", ANSI.sub("", t.screen))
        self.assertEqual(len(seeds), 2)
        self.assertEqual(seeds[0], "1")
        self.assertNotEqual(seeds[1], "1")

    def test_ctrl_c_offers_to_save_and_the_file_replays(self):
        t = self.play("play", "--seed", "3", "--save", "game.txt", "kayles:2,3", "dawson:12",
                      "nim:3")
        t.read_until("your move> ")
        t.type("4 1")
        t.read_until("◀ computer")
        t.read_until("your move> ")
        t.interrupt()
        t.read_until("save this game to game.txt? [y/N] ")
        t.type("y")
        self.assertEqual(t.wait(), 130)
        self.assertIn("Game saved to game.txt", t.screen)
        with open(self.path("game.txt")) as f:
            saved = f.read()
        self.assertIn("rules sum\n", saved)
        self.assertIn("start kayles:2,3 dawson:12 nim:3\n", saved)
        self.assertEqual(saved.count("\nmove "), 2)
        replay = subprocess.run([NIMKIT, "replay", self.path("game.txt")], capture_output=True,
                                text=True)
        self.assertEqual(replay.returncode, 0, replay.stderr)
        self.assertIn("All 2 moves checked", replay.stdout)
        self.assertEqual([n for n in os.listdir(self.dir.name) if n != "game.txt"], [])

    def decline_to_save(self, t, answer):
        """Ctrl-C, then `answer` to the question: nothing is written."""
        t.interrupt()
        t.read_until("save this game to nimkit-game.txt? [y/N] ")
        t.type(answer)
        self.assertEqual(t.wait(), 130)
        self.assertIn("Not saved.", t.screen)
        self.assertEqual(os.listdir(self.dir.name), [])

    def test_ctrl_c_then_no_saves_nothing(self):
        t = self.play("play", "--seed", "3", "3", "4", "5")
        t.read_until("your move> ")
        self.decline_to_save(t, "")

    def test_a_second_ctrl_c_leaves_without_saving(self):
        t = self.play("play", "--seed", "3", "3", "4", "5")
        t.read_until("your move> ")
        t.interrupt()
        t.read_until("[y/N] ")
        t.interrupt()
        self.assertEqual(t.wait(), 130)
        self.assertEqual(os.listdir(self.dir.name), [])

    def test_ctrl_c_while_the_computer_plays_both_sides_offers_to_save(self):
        # 100,000 moves: far more output than the terminal holds, so the game is still going
        # when Ctrl-C arrives.
        t = self.play("play", "--auto", "--seed", "3", "--save", "auto.txt",
                      "subtraction:1:100000")
        t.read_until("Opponent takes 1 from heap 1")
        t.interrupt()
        t.read_until("save this game to auto.txt? [y/N] ")
        t.type("y")
        self.assertEqual(t.wait(), 130)
        self.assertIn("Interrupted.", t.screen)
        self.assertIn("Game saved to auto.txt", t.screen)
        with open(self.path("auto.txt")) as f:
            saved = f.read()
        moves = saved.count("\nmove ")
        self.assertGreater(moves, 1)
        self.assertLess(moves, 100000)
        replay = subprocess.run([NIMKIT, "replay", self.path("auto.txt")], capture_output=True,
                                text=True)
        self.assertEqual(replay.returncode, 0, replay.stderr)
        self.assertIn(f"All {moves} moves checked", replay.stdout)

    def test_ctrl_c_while_the_computer_plays_both_sides_then_no_saves_nothing(self):
        t = self.play("play", "--auto", "--seed", "3", "subtraction:1:100000")
        t.read_until("Computer takes 1 from heap 1")
        self.decline_to_save(t, "n")

    def test_a_cram_board_is_drawn_whole_after_every_move_to_the_end(self):
        # A 4 × 3 board played out against the computer: after each move, the board drawn must
        # be all 3 rows of 4 cells, filled exactly where the moves so far (ours, and the
        # computer's as it says them) put dominoes, down to the finished board.
        columns, rows = "abcd", "123"
        filled = set()
        t = self.play("play", "--rules", "cram", "--seed", "4", "..../..../....", colour=False)

        def boards(text):
            """Each board drawn in `text` as its filled cells, with the move said before it."""
            out, said, lines = [], None, text.splitlines()
            for i, line in enumerate(lines):
                move = re.search(r"(?:You fill|Computer fills) ([a-d][1-3]) and ([a-d][1-3])", line)
                if move:
                    said = set(move.groups())
                if re.fullmatch(r" +a b c d( .*)?", line):
                    grid = [re.fullmatch(r" +(\d+)  (.*)", row) for row in lines[i + 1:i + 4]]
                    self.assertTrue(all(grid), f"a board of 3 rows:\n{text}")
                    self.assertEqual([g.group(1) for g in grid], list(rows), text)
                    cells = [g.group(2).split(" ") for g in grid]
                    self.assertEqual([len(r) for r in cells], [4, 4, 4], text)
                    self.assertTrue(all(c in ("·", "#") for r in cells for c in r), text)
                    out.append((said, {columns[c] + rows[r] for r in range(3) for c in range(4)
                                       if cells[r][c] == "#"}))
                    said = None
            return out

        def free_domino():
            empty = [c + r for r in rows for c in columns if c + r not in filled]
            for cell in empty:
                col, row = columns.index(cell[0]), rows.index(cell[1])
                for other in ((columns[col + 1] + cell[1]) if col + 1 < 4 else None,
                              (cell[0] + rows[row + 1]) if row + 1 < 3 else None):
                    if other is not None and other not in filled:
                        return cell, other
            return None

        start = t.seen
        screen = t.read_until("your move> ")
        self.assertEqual([cells for _, cells in boards(screen[start:])], [set()])
        drawn = 0
        while True:
            domino = free_domino()
            self.assertIsNotNone(domino, "the game goes on with no domino left")
            start = t.seen
            t.type(f"{domino[0]}-{domino[1]}")
            end, screen = t.read_until_any(["your move> ", "Transcript ("])
            screen = screen[start:]
            seen = boards(screen)
            self.assertGreaterEqual(len(seen), 1, screen)
            for said, cells in seen:
                self.assertIsNotNone(said, screen)
                self.assertFalse(said & filled, f"{said} filled twice:\n{screen}")
                filled |= said
                self.assertEqual(cells, filled, screen)
                drawn += 1
            if end == "Transcript (":
                break
        self.assertIsNone(free_domino())  # the game ended when no domino was left
        boards_shown = ANSI.sub("", t.screen).split("Transcript (")[0]
        self.assertNotIn("(nothing left)", boards_shown)  # the finished board is drawn
        self.assertGreaterEqual(drawn, 5)
        t.read_until("play again? [y/N] ")
        t.type("n")
        self.assertEqual(t.wait(), 0)

    def test_no_position_starts_the_rulesets_own_game(self):
        t = self.play("play", "--rules", "kayles", "--seed", "1")
        screen = t.read_until("your move> ")
        self.assertIn("Kayles, normal play", screen)
        self.assertIn("Rules: knock down one pin, or two adjacent pins", screen)
        self.assertIn("| | |", screen)  # pins, not stones
        t.type("quit")
        self.assertEqual(t.wait(), 0)

    def test_redo_plays_the_turn_undone_again(self):
        t = self.play("play", "--seed", "3", "3", "4", "5", colour=False)
        t.read_until("your move> ")
        t.type("1 2")  # 1 4 5; the computer answers
        screen = t.read_until("your move> ")
        taken, heap = map(int, re.search(r"Computer takes (\d+) from heap (\d)", screen).groups())
        heaps = [1, 4, 5]
        heaps[heap - 1] -= taken
        t.type("Undo")
        t.read_until("Undone. 3 4 5")
        t.type("redo")
        t.read_until("Redone. " + " ".join(map(str, heaps)))
        t.type("redo")
        t.read_until("Nothing to redo.")
        t.type("quit")
        self.assertEqual(t.wait(), 0)

    def test_a_move_typed_in_the_games_own_words(self):
        t = self.play("play", "--rules", "Grundy", "--seed", "1", "7", "5", colour=False)
        t.read_until("your move> ")
        t.type("Split heap 1 into 3 and 4")
        t.read_until("You split heap 1 into 3 and 4")
        t.type("quit")
        self.assertEqual(t.wait(), 0)

    def test_load_goes_on_with_a_saved_game(self):
        # Written by hand: 3 4 5, you take 2 from heap 1 (1 4 5), the computer 1 from heap 2.
        with open(self.path("game.txt"), "w") as f:
            f.write("nimkit-game 3\nrules nim\nconvention normal\nplayers you computer\n"
                    "start 3 4 5\nmove 1 2\nmove 2 1\n")
        t = self.play("play", "--load", "game.txt", "--seed", "2", colour=False)
        screen = t.read_until("your move> ")
        self.assertIn("Resumed game.txt after 2 moves.", screen)
        self.assertIn("Nim, normal play (last to move wins): 1 3 5", screen)
        t.type("3 3")  # 1 3 2: nim-sum 0, the computer moves next
        t.read_until("Computer takes")
        t.read_until("your move> ")
        t.type("quit")
        self.assertEqual(t.wait(), 0)
        transcript = t.screen[t.screen.index("Transcript"):]
        self.assertRegex(transcript, r"1\. you +take 2 from heap 1 +-> 1 4 5")
        self.assertRegex(transcript, r"2\. computer +take 1 from heap 2 +-> 1 3 5")
        self.assertRegex(transcript, r"3\. you +take 3 from heap 3 +-> 1 3 2")

    def test_load_refuses_a_bad_file_in_one_line(self):
        with open(self.path("bad.txt"), "w") as f:
            f.write("nimkit-game 3\nrules nim\nconvention normal\nstart 3 4 5\nmove 1 2\n"
                    "move 1 9\n")
        for name, fragment in (("bad.txt", "bad.txt: line 6: "), ("none.txt", "none.txt")):
            run = subprocess.run([NIMKIT, "play", "--load", self.path(name)],
                                 capture_output=True, text=True, stdin=subprocess.DEVNULL)
            self.assertEqual(run.returncode, 2, run.stderr)
            self.assertEqual(run.stderr.count("\n"), 1, run.stderr)
            self.assertTrue(run.stderr.startswith("error: "), run.stderr)
            self.assertIn(fragment, run.stderr)


if __name__ == "__main__":
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    unittest.main(verbosity=2)
