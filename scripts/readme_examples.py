#!/usr/bin/env python3
"""Reruns the console examples of the README and of docs/tour.md and compares their output with
what the documents show.

    scripts/readme_examples.py NIMKIT [--update]

Each ```console block holds commands ("$ ...") each followed by its output. Every command runs
in bash in a scratch folder holding the CLI fixtures (race.txt, illegal_move.txt, ...), with
NIMKIT's folder first on PATH, stdout and stderr together. Commands that need a person at the
terminal (`nimkit play` without piped input, `nimkit serve`) are skipped. Exits 1 naming the
first examples that differ; --update writes the real output into the documents instead.
"""
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", ROOT / "docs" / "tour.md"]
FIXTURES = ROOT / "tests" / "cli" / "fixtures"


def interactive(command):
    if command.startswith("nimkit serve"):
        return True
    return command.startswith("nimkit play") and "--auto" not in command


TIMING = re.compile(r"heaps/s|ETA|\d+(\.\d+)? ?(s|ms)\b")


def same_line(shown, real):
    """Lines with timings (rates, seconds) compare with their numbers masked."""
    if shown == real:
        return True
    if TIMING.search(shown) and TIMING.search(real):
        return re.sub(r"[\d.]+", "#", shown) == re.sub(r"[\d.]+", "#", real)
    return False


def matches(shown, real):
    """The README may cut output with a line "...": the lines before it must start the real
    output and the lines after it end it. A progress line is drawn only on a terminal, so output
    that is nothing but progress lines matches no output."""
    if not real and shown and all("heaps/s" in line for line in shown):
        return True
    if "..." in shown:
        cut = shown.index("...")
        head, tail = shown[:cut], shown[cut + 1:]
        if len(head) + len(tail) > len(real):
            return False
        return (all(same_line(a, b) for a, b in zip(head, real)) and
                all(same_line(a, b) for a, b in zip(tail, real[len(real) - len(tail):])))
    return len(shown) == len(real) and all(same_line(a, b) for a, b in zip(shown, real))


def run(command, scratch, env):
    done = subprocess.run(["bash", "-c", command], cwd=scratch, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, timeout=300)
    return done.stdout.decode("utf-8", "replace")


def check(document, scratch, env, update):
    """Reruns the examples of one document; returns (examples run, [(line, command) differing])."""
    lines = document.read_text(encoding="utf-8").split("\n")
    out, differ, checked = [], [], 0
    i, in_block = 0, False
    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            in_block = line.strip() == "```console"
            out.append(line)
            i += 1
            continue
        if not (in_block and line.startswith("$ ")):
            out.append(line)
            i += 1
            continue
        command = line[2:]
        j = i + 1
        while j < len(lines) and not lines[j].startswith("$ ") and not lines[j].startswith("```"):
            j += 1
        shown = lines[i + 1:j]
        # Blank lines after the output separate it from the next command.
        gap = 0
        while gap < len(shown) and shown[len(shown) - 1 - gap] == "":
            gap += 1
        shown, blanks = shown[:len(shown) - gap], shown[len(shown) - gap:]
        out.append(line)
        if interactive(command):
            out.extend(shown)
        else:
            real = run(command, scratch, env).rstrip("\n").split("\n")
            real = [] if real == [""] else real
            checked += 1
            if not matches(shown, real):
                differ.append((i + 1, command))
                out.extend(real if update else shown)
            else:
                out.extend(shown)
        out.extend(blanks)
        i = j
    if update and differ:
        document.write_text("\n".join(out), encoding="utf-8")
    return checked, differ


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    nimkit = pathlib.Path(sys.argv[1]).resolve()
    update = "--update" in sys.argv[2:]
    env = dict(os.environ, PATH=f"{nimkit.parent}:{os.environ['PATH']}", NO_COLOR="1")
    checked, differ = 0, []
    scratch = tempfile.mkdtemp(prefix="nimkit-readme-")
    try:
        for f in FIXTURES.iterdir():
            if f.is_file():
                shutil.copy(f, scratch)
        for document in DOCUMENTS:
            count, found = check(document, scratch, env, update)
            checked += count
            name = document.relative_to(ROOT)
            differ.extend((name, number, command) for number, command in found)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if update:
        print(f"readme: {checked} examples run, {len(differ)} rewritten")
        return 0
    for name, number, command in differ:
        print(f"{name}:{number}: the output of `{command}` differs (rerun with --update)")
    print(f"readme: {checked} examples run, {len(differ)} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
