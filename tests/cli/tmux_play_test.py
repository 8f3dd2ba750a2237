#!/usr/bin/env python3
"""Every registry family's game in `nimkit play` as a user sees it in tmux: the board drawn
within 80 columns (grids with their coordinates for Chomp and Cram), `help` giving the family's
own move syntax with an example from the position, that example typed and played, and a refused
move answered in one line. The screens are written to tests/cli/artifacts/ to be looked at.
Usage: tmux_play_test.py NIMKIT"""
import os
import re
import shlex
import subprocess
import sys
import time
import unittest

NIMKIT = os.path.abspath(sys.argv.pop(1)) if len(sys.argv) > 1 else os.environ["NIMKIT"]
ARTIFACTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "artifacts")
# A private tmux server per run: no other tmux session is touched.
SOCKET = f"nimkit-test-{os.getpid()}"


def tmux(*args):
    done = subprocess.run(["tmux", "-L", SOCKET, *args], capture_output=True, text=True)
    if done.returncode != 0:
        raise AssertionError(f"tmux {' '.join(args)}: {done.stderr.strip()}")
    return done.stdout


def registry_games():
    """(ruleset, start) of every registry entry, as `nimkit rules` lists them to play."""
    listing = subprocess.run([NIMKIT, "rules"], check=True, capture_output=True, text=True).stdout
    games = re.findall(r"^  play: nimkit play --rules (\S+) (.+)$", listing, re.M)
    assert len(games) >= 25, listing
    return games


class Session:
    """nimkit play in a tmux window wider than the board may be, so that an overlong line shows
    as one rather than being wrapped by the terminal."""

    def __init__(self, name, args):
        self.name = name
        command = " ".join(shlex.quote(a) for a in [NIMKIT, "play", "--seed", "1", *args])
        tmux("new-session", "-d", "-s", name, "-x", "160", "-y", "50",
             f"env TERM=xterm-256color {command}; sleep 30")
        self.seen = 0
        self.found = None  # which text the last wait found

    def screen(self):
        return tmux("capture-pane", "-p", "-J", "-t", f"={self.name}:", "-S", "-").rstrip("\n")

    def wait_for(self, text, timeout=20, *others):
        """Waits until `text` (or one of `others`) shows after what earlier waits found; returns
        the screen."""
        deadline = time.time() + timeout
        while True:
            shown = self.screen()
            for wanted in (text, *others):
                at = shown.find(wanted, self.seen)
                if at >= 0:
                    self.seen = at + len(wanted)
                    self.found = wanted
                    return shown
            if time.time() > deadline:
                raise AssertionError(f"{self.name}: timed out waiting for {text!r}:\n{shown}")
            time.sleep(0.05)

    def type(self, line):
        tmux("send-keys", "-t", f"={self.name}:", "-l", line)
        tmux("send-keys", "-t", f"={self.name}:", "Enter")

    def close(self, path):
        with open(path, "w", encoding="utf-8") as out:
            out.write(self.screen() + "\n")
        tmux("kill-session", "-t", f"={self.name}")


class EveryFamily(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        os.makedirs(ARTIFACTS, exist_ok=True)
        # A session that outlives the games, so that the server does not exit between them.
        tmux("new-session", "-d", "-s", "keeper", "sleep 600")

    @classmethod
    def tearDownClass(cls):
        subprocess.run(["tmux", "-L", SOCKET, "kill-server"], capture_output=True)

    def play_one(self, number, rules, start):
        name = f"game{number}"
        s = Session(name, ["--rules", rules, *start.split()])
        try:
            opening = s.wait_for("your move> ")
            board = opening[opening.index("Game begins"):]
            for line in board.splitlines():
                self.assertLessEqual(len(line), 80, f"{rules}: a board line is too wide:\n{board}")
            if rules == "chomp":
                self.assertRegex(board, r"\n +1 2 3 4 5\n +1  X ■ ■ ■ ■\n")
            if rules == "cram":
                self.assertRegex(board, r"\n +a b c d\n +1  · · · ·\n +2  · # · ·\n")
            s.type("help")
            helped = s.wait_for("Commands:")
            asked = helped[helped.rindex("your move> help"):]
            example = re.findall(r'^  e\.g\. "([^"]+)", or in words "(.+)"$', asked, re.M)
            self.assertTrue(example, f"{rules}: help gives no example move:\n{helped}")
            _, words = example[-1]
            s.wait_for("your move> ")
            # The move typed in the words the game tells it in: every family reads them back.
            s.type(words)
            s.wait_for(f"You {'make a ' if words.startswith('zero move') else ''}{words}")
            s.wait_for("your move> ", 20, "play again?")
            if s.found == "play again?":
                return  # the example move ended the game
            # A move no family reads: refused in one line, and the game goes on.
            s.type("99999 99999 99999")
            refused = s.wait_for("your move> ")
            self.assertRegex(refused[refused.rindex("your move> 99999 99999 99999"):],
                             r"^[^\n]+\nerror: [^\n]+\nyour move> $")
            s.type("quit")
            s.wait_for("Transcript")
        finally:
            s.close(os.path.join(ARTIFACTS, f"tmux-{re.sub(r'[^a-z0-9]+', '-', rules)}.txt"))

    def test_every_registry_family_draws_helps_plays_and_refuses(self):
        for number, (rules, start) in enumerate(registry_games()):
            with self.subTest(rules=rules):
                self.play_one(number, rules, start)

    def refused_then_played(self, name, args, bad, error, good, told):
        """Types `bad` (refused with `error` shown) and then `good` (played, told as `told`)."""
        s = Session(name, args)
        try:
            s.wait_for("your move> ")
            s.type(bad)
            self.assertIn(f"error: {error}", s.wait_for("your move> "))
            s.type(good)
            s.wait_for(f"You {told}")
            s.type("quit")
            s.wait_for("Transcript")
        finally:
            s.close(os.path.join(ARTIFACTS, f"tmux-{name}.txt"))

    def test_a_refused_kayles_move_lists_what_the_row_allows(self):
        self.refused_then_played(
            "kayles-refused", ["--rules", "kayles", "8", "3"], "2 1-3",
            'kayles does not allow knocking pins "1-3" of row 2; row 2 allows 3 moves: "2 2", '
            '"2 1", "2 1-2"', "1 2", "knock pin 2 of row 1")

    def test_grundy_splits_as_said(self):
        self.refused_then_played("grundy-split", ["--rules", "grundy", "7", "5"], "1 1 2",
                                 "cannot split heap 1 (7 objects) into 1 and 2", "1 3 4",
                                 "split heap 1 into 3 and 4")

if __name__ == "__main__":
    unittest.main(verbosity=2)
