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


def _documented():
    """(name, text) of every public callable and class of the module and of every member of a
    class: its __doc__ (pybind11's signature lines and the description), properties by their
    getter's."""
    for name in [n for n in dir(nimkit._core) if not n.startswith("_")]:
        obj = getattr(nimkit._core, name)
        yield name, obj.__doc__ or ""
        if isinstance(obj, type):
            for member, value in vars(obj).items():
                if member.startswith("__") and member not in ("__init__", "__pow__", "__getitem__"):
                    continue
                if isinstance(value, property):
                    value = value.fget
                yield f"{name}.{member}", getattr(value, "__doc__", None) or ""


def test_help_and_stubs_show_python_names_only():
    import pydoc

    texts = list(_documented())
    assert len(texts) > 80
    texts.append(("help(nimkit)", pydoc.render_doc(nimkit._core, renderer=pydoc.plaintext)))
    with open(os.path.join(os.path.dirname(nimkit.__file__), "__init__.pyi")) as stubs:
        texts.append(("__init__.pyi", stubs.read()))
    leaked = [f"{name}: {line.strip()}" for name, text in texts for line in text.splitlines()
              if "::" in line or "nimkit::" in line]
    assert not leaked, "\n".join(leaked)
