"""Bad input raises ValueError (nimkit.UnsupportedError is one) or nimkit.LimitError naming the bad
value, and never crashes: the rows of the project's bad-input catalogue that reach the library
through a Python call (analyze, grundy, nimber on the command line; saved games), plus calls only
Python has."""

import importlib.util
import math
import os
import shlex

import pytest

import nimkit

HERE = os.path.dirname(__file__)
CATALOGUE = os.path.join(HERE, "..", "catalogue", "bad_inputs.tsv")
# The catalogue's own reader of its escapes and {{TEXT*N}} repeats.
_spec = importlib.util.spec_from_file_location(
    "run_catalogue", os.path.join(HERE, "..", "catalogue", "run_catalogue.py"))
run_catalogue = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(run_catalogue)
# Rows whose fragment is the command line's own: its "error: " prefix, or its file reader's line
# limit, which refuses the line before the library sees it (Python hands the library the text).
CLI_FRAGMENTS = {"error"}
CLI_ROWS = {"replay-line-over-1MiB"}


def expand(text):
    return run_catalogue.decode(text).decode("utf-8", errors="surrogateescape")


def analyze_call(words):
    """nimkit.analyze arguments of `analyze [--rules R] [--misere] [--limit N] TOKENS`, or None
    for a row about the command line itself (unknown flags, flag syntax, files)."""
    rules, misere, limit, tokens = "nim", False, None, []
    i = 0
    while i < len(words):
        w = words[i]
        if w == "--rules" and i + 1 < len(words):
            rules, i = words[i + 1], i + 2
        elif w == "--misere":
            misere, i = True, i + 1
        elif w == "--limit" and i + 1 < len(words) and words[i + 1].isdigit():
            limit, i = int(words[i + 1]), i + 2
        elif w == "--":
            tokens += words[i + 1 :]
            break
        elif w.startswith("--"):
            return None
        else:
            tokens.append(w)
            i += 1
    if limit is not None and limit >= 2**64:
        return None
    # The command line asks for a position; the library reads none as the position with no
    # components (a played-out graph game), which Python analyzes like the server.
    if not " ".join(tokens).strip():
        return None
    return rules, " ".join(tokens), misere, limit


def catalogue_cases():
    cases = []
    with open(CATALOGUE, encoding="utf-8") as rows:
        for line in rows:
            cols = line.rstrip("\n").split("\t")
            if len(cols) < 8 or cols[0] != "normal" or cols[5] != "2":
                continue
            _, ident, kind, args, data, _, fragment, _ = cols
            if fragment == "-" or "--" in fragment or fragment in CLI_FRAGMENTS or ident in CLI_ROWS:
                fragment = None
            else:
                fragment = expand(fragment)
            if kind == "file" and args == "replay @FILE":
                cases.append(pytest.param("load", run_catalogue.decode(data), fragment, id=ident))
                continue
            if kind != "cli":
                continue
            words = shlex.split(run_catalogue.repeat(args))
            if not words:
                continue
            if words[0] == "analyze":
                call = analyze_call(words[1:])
                if call is not None:
                    cases.append(pytest.param("analyze", call, fragment, id=ident))
            elif words[0] == "grundy" and "--count" in words and "--rules" in words:
                extra = set(words[1:]) - {"--rules", "--count", "--period", "--no-progress", "--limit"}
                rules = words[words.index("--rules") + 1]
                count = words[words.index("--count") + 1]
                if not count.lstrip("-").isdigit() or int(count) < 0 or any(w.startswith("--") for w in extra):
                    continue
                limit = int(words[words.index("--limit") + 1]) if "--limit" in words else None
                cases.append(pytest.param("grundy", (rules, int(count), "--period" in words, limit), fragment, id=ident))
            elif words[0] == "nimber" and len(words) == 2:
                cases.append(pytest.param("nimber", words[1], fragment, id=ident))
    return cases


CASES = catalogue_cases()


def run(kind, call):
    if kind == "analyze":
        rules, text, misere, limit = call
        return nimkit.analyze(nimkit.Position(text, rules=rules), misere=misere, limit=limit)
    if kind == "grundy":
        rules, count, period, limit = call
        seq = nimkit.grundy_sequence(rules, count, threads=1, limit=limit)
        return seq.period(limit=limit) if period else seq
    if kind == "load":
        return nimkit.Match.load(call)  # bytes: the library reads them as they are
    return nimkit.nim_evaluate(call)


def test_the_catalogue_gives_at_least_50_cases():
    assert len(CASES) >= 50, len(CASES)


@pytest.mark.parametrize("kind,call,fragment", CASES)
def test_catalogue_row_raises_naming_the_value(kind, call, fragment):
    with pytest.raises((ValueError, nimkit.LimitError)) as raised:
        run(kind, call)
    message = str(raised.value)
    assert "\n" not in message and len(message) <= 600
    if fragment is not None:
        assert any(f in message for f in fragment.split("||")), message


PYTHON_ONLY = [
    (lambda: nimkit.Position("3 4", rules="chess"), ValueError),
    (lambda: nimkit.Position("3\x00 4"), ValueError),
    (lambda: nimkit.Position("3 4").play("9 1"), ValueError),
    (lambda: nimkit.Position("3 4").play(""), ValueError),
    (lambda: nimkit.analyze(42), TypeError),
    (lambda: nimkit.analyze("3 -4"), ValueError),
    (lambda: nimkit.analyze("3", limit=-1), ValueError),
    (lambda: nimkit.grundy_sequence("kayles", 0), ValueError),
    (lambda: nimkit.grundy_sequence("kayles", -1), ValueError),
    (lambda: nimkit.grundy_sequence("kayles", 2**36 + 1), nimkit.LimitError),
    (lambda: nimkit.grundy_sequence("kayles", 2**64), ValueError),
    (lambda: nimkit.grundy_sequence("kayles", 10, threads=0), ValueError),
    # The CLI's bound of 256 threads, for every ruleset (a closed form runs on none of them).
    (lambda: nimkit.grundy_sequence("grundy", 2**20, threads=100000), ValueError),
    (lambda: nimkit.grundy_sequence("kayles", 10, threads=257), ValueError),
    (lambda: nimkit.grundy_sequence("nim", 10, threads=2**40), ValueError),
    (lambda: nimkit.grundy_sequence("nim", 10, threads=-1), ValueError),
    (lambda: nimkit.grundy_sequence("nim", 0), ValueError),
    (lambda: nimkit.grundy_sequence("nim", 2**36 + 1), nimkit.LimitError),
    (lambda: nimkit.grundy_sequence("wythoff", 10), nimkit.UnsupportedError),
    (lambda: nimkit.grundy_sequence("node-kayles", 10), nimkit.UnsupportedError),
    (lambda: nimkit.grundy_sequence("kayles:3", 10), ValueError),
    (lambda: nimkit.grundy_sequence("kayles", 10)[10], IndexError),
    (lambda: nimkit.grundy_sequence("kayles", 10)[-11], IndexError),
    (lambda: nimkit.grundy_sequence("kayles", 10)[2**64], IndexError),
    (lambda: nimkit.Match("3 4").play("3 1"), ValueError),
    (lambda: nimkit.Match("0").play(nimkit.perfect()), ValueError),
    (lambda: nimkit.Match.load(""), ValueError),
    (lambda: nimkit.Nimber(-1), ValueError),
    (lambda: nimkit.Nimber(5) / nimkit.Nimber(0), ValueError),
    (lambda: nimkit.skilled(math.nan), ValueError),
    (lambda: nimkit.perfect().choose(nimkit.Position("0 0")), ValueError),
]


@pytest.mark.parametrize("call,error", PYTHON_ONLY)
def test_python_calls_raise(call, error):
    with pytest.raises(error):
        call()


def test_unsupported_is_a_value_error_and_limit_is_not():
    assert issubclass(nimkit.UnsupportedError, ValueError)
    assert not issubclass(nimkit.LimitError, ValueError)


def test_sequence_checks_name_the_value():
    with pytest.raises(ValueError, match="threads 100000 is not a thread count from 1 to 256"):
        nimkit.grundy_sequence("grundy", 2**20, threads=100000)
    with pytest.raises(ValueError, match="threads 257 is not a thread count from 1 to 256"):
        nimkit.grundy_sequence("nim", 10, threads=257)
    with pytest.raises(ValueError, match="count 0 asks for no values"):
        nimkit.grundy_sequence("nim", 0)
    with pytest.raises(nimkit.LimitError, match="count 68719476737 is more than the 2\\^36 values"):
        nimkit.grundy_sequence("lasker", 2**36 + 1)
    assert len(nimkit.grundy_sequence("kayles", 10, threads=256)) == 10


def test_spiel_input_errors_are_value_errors():
    from nimkit import spiel

    state = spiel.load_game("nim(pile_sizes=3)").new_initial_state()
    with pytest.raises(ValueError, match="action -5 "):
        state.action_to_string(0, -5)
    with pytest.raises(ValueError, match="position='kayles:5'"):
        spiel.load_game("nim", {"position": "kayles:5"})
    with pytest.raises(ValueError, match="heaps='9;x'"):
        spiel.load_game("kayles", {"heaps": "9;x", "position": "kayles:3"})
    with pytest.raises(ValueError, match="'heaps' is given twice"):
        spiel.load_game("nim(heaps=3,heaps=4)")
    with pytest.raises(ValueError, match="not a count"):
        spiel.load_game("nim(pile_sizes=20)").deserialize_state("\u0663")


# Every unsigned argument of the module (sizes, counts, seeds, limits), each given a negative int,
# 2**64 and a float: a ValueError naming the argument and the value, from the one conversion they
# all go through; a string stays a TypeError (not a number at all).
UNSIGNED_ARGUMENTS = [
    ("value", lambda v: nimkit.Nimber(v)),
    ("exponent", lambda v: nimkit.Nimber(3) ** v),
    ("limit", lambda v: nimkit.analyze("3 4", limit=v)),
    ("limit", lambda v: nimkit.Position("3 4").moves(limit=v)),
    ("seed", lambda v: nimkit.perfect(v)),
    ("seed", lambda v: nimkit.random(seed=v)),
    ("seed", lambda v: nimkit.skilled(0.5, seed=v)),
    ("limit", lambda v: nimkit.perfect().choose(nimkit.Position("3 4"), limit=v)),
    ("limit", lambda v: nimkit.Match("3 4").play("1 1", limit=v)),
    ("limit", lambda v: nimkit.Match.load("", limit=v)),
    ("count", lambda v: nimkit.grundy_sequence("kayles", v)),
    ("threads", lambda v: nimkit.grundy_sequence("kayles", 10, threads=v)),
    ("limit", lambda v: nimkit.grundy_sequence("kayles", 10, limit=v)),
    ("search", lambda v: nimkit.grundy_sequence("kayles", 10).period(search=v)),
    ("limit", lambda v: nimkit.grundy_sequence("kayles", 10).period(limit=v)),
    ("digits", lambda v: nimkit.census(digits=v)),
    ("max_heap", lambda v: nimkit.census(codes=["0.07"], max_heap=v)),
    ("max_plain_heap", lambda v: nimkit.census(codes=["0.07"], max_plain_heap=v)),
    ("max_work", lambda v: nimkit.census(codes=["0.07"], max_work=v)),
    ("cache_mib", lambda v: nimkit.census(codes=["0.07"], cache_mib=v)),
    ("digits", lambda v: nimkit.misere_census(digits=v)),
    ("max_heap", lambda v: nimkit.misere_census(codes=["0.07"], max_heap=v)),
    ("max_order", lambda v: nimkit.misere_census(codes=["0.07"], max_order=v)),
    ("max_steps", lambda v: nimkit.misere_census(codes=["0.07"], max_steps=v)),
    ("max_bytes", lambda v: nimkit.misere_census(codes=["0.07"], max_bytes=v)),
    ("max_heap", lambda v: nimkit.misere_quotient("kayles", v)),
    ("max_order", lambda v: nimkit.misere_quotient("kayles", max_order=v)),
    ("max_index", lambda v: nimkit.misere_quotient("kayles", max_index=v)),
    ("period", lambda v: nimkit.misere_quotient("kayles", period=v)),
    ("limit", lambda v: nimkit.misere_quotient("kayles", limit=v)),
    ("max_order", lambda v: nimkit.MisereQuotient.load(b"", "kayles", max_order=v)),
    ("limit", lambda v: nimkit.MisereQuotient.load(b"", "kayles", limit=v)),
    ("heap", lambda v: nimkit.misere_quotient("kayles", 5).phi_of(v)),
]
BAD_NUMBERS = [
    (-5, 'is negative: expected 0 to 18446744073709551615', '"-5"'),
    (2**64, "is larger than 18446744073709551615", '"18446744073709551616"'),
    (1.5, "is not a non-negative integer", '"1.5"'),
    (-(10**5000), "is minus a 16610-bit integer", ""),
]


@pytest.mark.parametrize("name,call", UNSIGNED_ARGUMENTS, ids=[f"{i}-{a[0]}" for i, a in enumerate(UNSIGNED_ARGUMENTS)])
@pytest.mark.parametrize("bad,words,text", BAD_NUMBERS, ids=["negative", "2**64", "float", "huge"])
def test_a_bad_unsigned_argument_is_a_value_error_naming_it(name, call, bad, words, text):
    with pytest.raises(ValueError) as raised:
        call(bad)
    message = str(raised.value)
    assert message.startswith(f"{name} {text}".rstrip()) and words in message, message
    assert "\n" not in message


@pytest.mark.parametrize("name,call", UNSIGNED_ARGUMENTS, ids=[a[0] for a in UNSIGNED_ARGUMENTS])
def test_a_string_for_a_number_stays_a_type_error(name, call):
    with pytest.raises(TypeError):
        call("5")
