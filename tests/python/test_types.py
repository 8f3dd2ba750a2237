"""The examples type-check with mypy --strict against the package's stubs, and the stubs name
every public name the compiled module has."""

import os
import subprocess
import sys

import nimkit
import nimkit._core

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(HERE, "..", "..", "examples")


def test_examples_pass_mypy_strict(tmp_path):
    package = os.path.dirname(nimkit.__file__)
    env = dict(os.environ, MYPYPATH=os.path.dirname(package))
    files = [os.path.join(EXAMPLES, f) for f in sorted(os.listdir(EXAMPLES)) if f.endswith(".py")]
    assert files
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path), "--no-error-summary",
         *files, os.path.join(package, "spiel.py")],
        env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_stubs_cover_the_module():
    with open(os.path.join(os.path.dirname(nimkit.__file__), "__init__.pyi")) as stubs:
        text = stubs.read()
    public = [n for n in dir(nimkit._core) if not n.startswith("_")]
    missing = [n for n in public if f"def {n}(" not in text and f"class {n}(" not in text
               and f"class {n}:" not in text]
    assert not missing, missing
    for name in public:
        assert getattr(nimkit._core, name).__doc__, name
