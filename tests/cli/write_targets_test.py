#!/usr/bin/env python3
"""Every command that writes a file it is given writes THROUGH the path, never over it.

A regular file (or a new path) is replaced atomically; a symbolic link keeps pointing where it
pointed and its target gets the bytes; a character device (/dev/null, /dev/full) or a FIFO is
written in place and stays what it was; a directory is refused with one line naming the path.
A full device is one line "error: cannot write NAME: No space left on device" and exit status 1.
Checkpoints must be read back, so a checkpoint into a device or a FIFO is refused (exit 2).

As root the device nodes are private copies (mknod in a temporary directory), so that a command
that replaced what it writes to could never break the system's /dev/null.
Usage: write_targets_test.py NIMKIT"""
import os
import stat
import subprocess
import sys
import tempfile
import threading
import unittest

NIMKIT = os.path.abspath(sys.argv.pop(1)) if len(sys.argv) > 1 else os.environ["NIMKIT"]
TIMEOUT = 60


def run(args):
    return subprocess.run([NIMKIT] + args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, timeout=TIMEOUT, check=False)


# (name, the option naming the file in messages, arguments with {} for the path, whether the file
# must be readable back: a checkpoint)
WRITERS = [
    ("play --save", "--save",
     ["play", "--auto", "--seed", "4", "--save", "{}", "3", "4", "5"], False),
    ("misere-quotient --save-quotient", "--save-quotient",
     ["misere-quotient", "--rules", "dawson", "--max-heap", "20", "--save-quotient", "{}"], False),
    ("grundy --out", "--out", ["grundy", "--rules", "kayles", "--count", "500", "--out", "{}"],
     False),
    ("grundy --out (sparse engine)", "--out",
     ["grundy", "--rules", "octal:0.07", "--count", "3000", "--algorithm", "sparse",
      "--no-progress", "--out", "{}"], False),
    ("census --output", "--out",
     ["census", "--digits", "1", "--max-heap", "4096", "--no-progress", "--output", "{}"], False),
    ("grundy --checkpoint", "--checkpoint",
     ["grundy", "--rules", "octal:0.07", "--count", "3000", "--no-progress", "--checkpoint",
      "{}"], True),
]


def with_path(args, path):
    return [path if a == "{}" else a for a in args]


class WriteTargets(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.dir = cls.tmp.name
        cls.null, cls.full = "/dev/null", "/dev/full"
        if os.geteuid() == 0:
            try:
                cls.null = os.path.join(cls.dir, "null")
                cls.full = os.path.join(cls.dir, "full")
                os.mknod(cls.null, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
                os.mknod(cls.full, 0o666 | stat.S_IFCHR, os.makedev(1, 7))
            except OSError:
                cls.null, cls.full = "/dev/null", "/dev/full"
        # What each command writes to a regular file: the bytes every other target must get.
        cls.expected = {}
        for name, _, args, _ in WRITERS:
            path = os.path.join(cls.dir, "reference")
            result = run(with_path(args, path))
            assert result.returncode == 0, (name, result.stderr)
            with open(path, "rb") as f:
                cls.expected[name] = f.read()
            os.unlink(path)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def assert_device(self, path):
        self.assertTrue(stat.S_ISCHR(os.lstat(path).st_mode), f"{path} is no longer a device")

    def assert_refused(self, name, result, path):
        lines = result.stderr.decode().splitlines()
        self.assertEqual(result.returncode, 2, f"{name}: {result.stderr!r}")
        self.assertEqual(len(lines), 1, name)
        self.assertTrue(lines[0].startswith("error: cannot write "), lines[0])
        self.assertIn(path, lines[0])

    def test_null_device(self):
        for name, _, args, readback in WRITERS:
            with self.subTest(name):
                result = run(with_path(args, self.null))
                if readback:
                    self.assert_refused(name, result, self.null)
                else:
                    self.assertEqual(result.returncode, 0, f"{name}: {result.stderr!r}")
                self.assert_device(self.null)
        self.assert_device("/dev/null")

    def test_full_device(self):
        for name, option, args, readback in WRITERS:
            with self.subTest(name):
                result = run(with_path(args, self.full))
                if readback:
                    self.assert_refused(name, result, self.full)
                else:
                    self.assertEqual(result.returncode, 1, f"{name}: {result.stderr!r}")
                    self.assertEqual(
                        result.stderr.decode(),
                        f'error: cannot write {option} "{self.full}": No space left on device\n')
                self.assert_device(self.full)

    def test_fifo_with_a_reader(self):
        for name, _, args, readback in WRITERS:
            with self.subTest(name):
                fifo = os.path.join(self.dir, "fifo")
                os.mkfifo(fifo)
                received = []
                reader = None
                if not readback:
                    # Opening blocks until the writer opens it too: the reader runs beside.
                    def read_all():
                        with open(fifo, "rb") as f:
                            received.append(f.read())
                    reader = threading.Thread(target=read_all, daemon=True)
                    reader.start()
                result = run(with_path(args, fifo))
                if readback:
                    self.assert_refused(name, result, fifo)
                else:
                    reader.join(TIMEOUT)
                    self.assertEqual(result.returncode, 0, f"{name}: {result.stderr!r}")
                    self.assertEqual(received, [self.expected[name]], name)
                self.assertTrue(stat.S_ISFIFO(os.lstat(fifo).st_mode), name)
                os.unlink(fifo)

    def test_symlink_to_a_regular_file(self):
        for name, _, args, _ in WRITERS:
            with self.subTest(name):
                target = os.path.join(self.dir, "target")
                link = os.path.join(self.dir, "link")
                # census appends to its file (and resumes from it): start it empty.
                with open(target, "wb") as f:
                    f.write(b"" if name.startswith("census") else b"old contents\n")
                os.chmod(target, 0o640)
                os.symlink(target, link)
                result = run(with_path(args, link))
                self.assertEqual(result.returncode, 0, f"{name}: {result.stderr!r}")
                self.assertTrue(os.path.islink(link), f"{name} replaced the link")
                self.assertEqual(os.readlink(link), target)
                with open(target, "rb") as f:
                    self.assertEqual(f.read(), self.expected[name], name)
                self.assertEqual(stat.S_IMODE(os.stat(target).st_mode), 0o640, name)
                # No temporary file is left beside it.
                self.assertEqual(sorted(os.listdir(self.dir)),
                                 sorted(["link", "target"] +
                                        [n for n in ("null", "full") if
                                         os.path.exists(os.path.join(self.dir, n))]), name)
                os.unlink(link)
                os.unlink(target)

    def test_directory_refused(self):
        for name, _, args, _ in WRITERS:
            with self.subTest(name):
                directory = os.path.join(self.dir, "a directory")
                os.mkdir(directory)
                result = run(with_path(args, directory))
                self.assert_refused(name, result, directory)
                self.assertTrue(os.path.isdir(directory))
                os.rmdir(directory)


if __name__ == "__main__":
    unittest.main()
