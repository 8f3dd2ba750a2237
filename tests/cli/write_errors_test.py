#!/usr/bin/env python3
"""Every command's output on a full disk (/dev/full) and into a pipe whose reader is gone: one
line "error: cannot write ..." on stderr and exit status 1 — never status 0 with the output lost,
never an abort, never death by SIGPIPE — and soon, however much output was still to come.
Usage: write_errors_test.py NIMKIT"""
import os
import subprocess
import sys
import tempfile
import time
import unittest

NIMKIT = os.path.abspath(sys.argv.pop(1)) if len(sys.argv) > 1 else os.environ["NIMKIT"]
# A command that stops at its first failed write finishes well within this, even on a loaded
# machine; one that ignored the failure would run on (the long grundy below runs for minutes).
TIMEOUT = 60


def closed_pipe():
    """The write end of a pipe whose read end is already closed."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    return write_end


class Fixtures:
    """Input files the commands read, made once."""

    def __init__(self, directory):
        self.directory = directory
        self.saved = self.path("game.txt")
        run([NIMKIT, "play", "--auto", "--seed", "4", "--save", self.saved, "3", "4", "5"])
        # A path of 100,000 vertices with a token at its start: its analysis names large
        # positions.
        self.path_game = self.path("path100k.txt")
        with open(self.path_game, "w") as f:
            f.write("".join(f"{i}>{i + 1}\n" for i in range(1, 100_000)))
            f.write("@1\n")
        self.checkpoint = self.path("grundy.checkpoint")

    def path(self, name):
        return os.path.join(self.directory, name)


def run(args, stdin=b"", stdout=subprocess.DEVNULL, timeout=TIMEOUT):
    return subprocess.run(args, input=stdin, stdout=stdout, stderr=subprocess.PIPE,
                          timeout=timeout, check=False)


def commands(fx):
    """(name, arguments, standard input) of every subcommand, and the ways they write."""
    moves = b"".join(b"%d %d\n" % (i % 3 + 1, 1) for i in range(3)) + b"quit\n"
    return [
        ("bare", [], b""),
        ("help", ["--help"], b""),
        ("version", ["--version"], b""),
        ("command help", ["analyze", "--help"], b""),
        ("rules", ["rules"], b""),
        ("analyze", ["analyze", "3", "4", "5"], b""),
        ("analyze json", ["analyze", "--json", "--explain", "kayles:7", "nim:3"], b""),
        ("analyze game file", ["analyze", "--game-file", fx.path_game], b""),
        ("nimber", ["nimber", "2*3"], b""),
        ("nimber explain", ["nimber", "--explain", "(3+5)*7^2"], b""),
        ("nimber json", ["nimber", "--json", "2*3"], b""),
        ("play auto", ["play", "--auto", "--seed", "1", "3", "4", "5"], b""),
        ("play human", ["play", "--seed", "1", "3", "4", "5"], moves),
        ("replay", ["replay", fx.saved], b""),
        ("grundy", ["grundy", "--rules", "kayles", "--count", "20"], b""),
        ("grundy long", ["grundy", "--rules", "kayles", "--count", "1000000000"], b""),
        ("grundy json period", ["grundy", "--rules", "dawson", "--count", "50", "--period",
                                "--json"], b""),
        ("grundy checkpoint", ["grundy", "--rules", "octal:0.07", "--count", "3000",
                               "--checkpoint", fx.checkpoint, "--no-progress", "--stats"], b""),
        ("batch", ["batch"], b"3 4 5\n" * 20_000),
        ("batch json", ["batch", "--json", "--rules", "kayles"], b"7\n3 4\n"),
        ("census", ["census", "--digits", "1", "--max-heap", "4096", "--no-progress"], b""),
        ("bench", ["bench"], b""),
        ("serve", ["serve", "--port", "0"], b""),
    ]


class WriteErrors(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.fx = Fixtures(cls.tmp.name)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def check_failed_write(self, name, args, stdin, stdout, reason, what="standard output"):
        start = time.monotonic()
        result = run([NIMKIT] + args, stdin, stdout)
        seconds = time.monotonic() - start
        errors = [line for line in result.stderr.decode().splitlines()
                  if line.startswith("error:")]
        self.assertEqual(result.returncode, 1, f"{name}: {result.stderr!r}")
        self.assertEqual(errors, [f"error: cannot write {what}: {reason}"], name)
        self.assertLess(seconds, TIMEOUT / 2, name)

    def test_full_disk(self):
        for name, args, stdin in commands(self.fx):
            with self.subTest(name), open("/dev/full", "wb") as full:
                self.check_failed_write(name, args, stdin, full, "No space left on device")

    def test_reader_gone(self):
        for name, args, stdin in commands(self.fx):
            with self.subTest(name):
                pipe = closed_pipe()
                try:
                    self.check_failed_write(name, args, stdin, pipe, "Broken pipe")
                finally:
                    os.close(pipe)

    def test_out_file_on_a_full_disk(self):
        self.check_failed_write("grundy --out", ["grundy", "--rules", "kayles", "--count", "10",
                                                 "--out", "/dev/full"], b"",
                                subprocess.DEVNULL, "No space left on device",
                                what='--out "/dev/full"')

    def test_closed_standard_output(self):
        result = subprocess.run([NIMKIT, "rules"], stdout=None, stderr=subprocess.PIPE,
                                close_fds=True, preexec_fn=lambda: os.close(1), check=False,
                                timeout=TIMEOUT)
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stderr.decode(),
                         "error: cannot write standard output: Bad file descriptor\n")

    def test_failed_messages_keep_the_status(self):
        # A message that cannot be written has nowhere to go: the command's status stands, and
        # nothing aborts.
        with open("/dev/full", "wb") as full:
            bad = subprocess.run([NIMKIT, "analyze", "3x"], stdout=subprocess.DEVNULL,
                                 stderr=full, timeout=TIMEOUT, check=False)
            good = subprocess.run([NIMKIT, "analyze", "3", "4", "5"], stdout=subprocess.DEVNULL,
                                  stderr=full, timeout=TIMEOUT, check=False)
        self.assertEqual(bad.returncode, 2)
        self.assertEqual(good.returncode, 0)

    def test_output_written_whole_when_it_can_be(self):
        # The same commands into a pipe someone reads: everything arrives, status 0.
        result = run([NIMKIT, "grundy", "--rules", "kayles", "--count", "200000"],
                     stdout=subprocess.PIPE)
        self.assertEqual(result.returncode, 0)
        self.assertEqual(len(result.stdout.splitlines()), 200_000)
        self.assertEqual(result.stderr, b"")


if __name__ == "__main__":
    unittest.main()
