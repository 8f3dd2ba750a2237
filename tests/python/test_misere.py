"""nimkit.misere_quotient: the library's misère quotients with the names of `nimkit
misere-quotient --json`, checked against known figures and against that command's output, and
the quotient file format both ways."""

import json
import os
import platform
import subprocess
import sys

import pytest

import nimkit


def cli_quotient(rules, *args):
    cli = os.environ.get("NIMKIT")
    if not cli:
        pytest.skip("NIMKIT (the CLI binary) is not set")
    out = subprocess.run([cli, "misere-quotient", "--rules", rules, "--json", *args],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def as_json(q):
    """The quotient in the CLI's JSON vocabulary, read attribute by attribute."""
    period = q.period
    return {
        "rules": q.rules, "game": q.game, "title": q.title, "order": q.order, "p_size": q.p_size,
        "tame": q.tame, "generators": q.generators, "relations": q.relations,
        "elements": q.elements, "p_portion": q.p_portion, "max_heap": q.max_heap, "phi": q.phi,
        "grew_at": q.grew_at, "generators_at": q.generators_at, "stopped": q.stopped,
        "period": None if period is None else {
            "preperiod": period.preperiod, "period": period.period, "checked_to": period.checked_to},
        "index_proof": q.index_proof, "rounds": q.rounds, "proved_outcomes": q.proved_outcomes,
    }


def test_misere_kayles_has_order_40_and_9_p_positions():
    q = nimkit.misere_quotient("kayles")
    assert q.order == 40 and q.p_size == 9 and len(q.p_portion) == 9 and len(q.elements) == 40
    assert q.game == "octal:0.77" and not q.tame
    assert (q.period.period, q.period.preperiod) == (12, 71)
    # Φ past the table, by the proved period.
    assert q.phi_of(10**18) == q.phi[q.period.preperiod + (10**18 - q.period.preperiod) % 12]
    assert "order=40" in repr(q) and "p_size=9" in repr(q) and "a = Φ(1)" in repr(q)
    assert "P-portion" in q._repr_html_()


@pytest.mark.parametrize("rules,max_heap", [("dawson", 6), ("dawson", 12), ("octal:0.07", 20),
                                             ("kayles", 300), ("grundy", 10)])
def test_the_quotient_is_the_clis(rules, max_heap):
    q = nimkit.misere_quotient(rules, max_heap)
    assert as_json(q) == {k: v for k, v in cli_quotient(rules, "--max-heap", str(max_heap)).items()
                          if k in as_json(q)}


def test_the_index_bound_stops_with_the_clis_proof():
    # At heap 10 of 0.35 two sums prove heap 3's index at least 3: stopped there, with the proof.
    q = nimkit.misere_quotient("octal:0.35", 20, max_index=2)
    assert q.max_heap == 9 and "the index bound 2 is passed" in q.stopped
    proof = q.index_proof
    assert (proof["next_heap"], proof["heap"], proof["at_least"]) == (10, 3, 3)
    assert sorted(proof["lower"] + [3, 3]) == proof["upper"]
    assert {proof["lower_outcome"], proof["upper_outcome"]} == {"P", "N"}
    assert proof["text"] in q.stopped
    assert as_json(q) == cli_quotient("octal:0.35", "--max-heap", "20", "--max-index", "2")
    # A proof rests on candidates the file does not hold: a loaded quotient has none.
    assert nimkit.MisereQuotient.load(q.save(), "octal:0.35").index_proof is None
    assert nimkit.misere_quotient("octal:0.35", 9).index_proof is None
    with pytest.raises(ValueError, match="max_index 1 must be at least 2"):
        nimkit.misere_quotient("kayles", max_index=1)


def test_period_four_finds_what_period_two_cannot():
    # 4.726's heap 7 repeats with period 4: period-2 candidates stop at heap 7, period 4 goes on.
    assert nimkit.misere_quotient("octal:4.726", 8).max_heap == 6
    q = nimkit.misere_quotient("octal:4.726", 8, period=4)
    assert (q.max_heap, q.order, q.p_size) == (8, 110, 20)
    assert as_json(q) == cli_quotient("octal:4.726", "--max-heap", "8", "--period", "4")
    with pytest.raises(ValueError, match="period 0 must be from 1 to 64"):
        nimkit.misere_quotient("kayles", period=0)


def test_a_tame_game_is_misere_nims():
    q = nimkit.misere_quotient("nim", 10)
    assert q.tame and q.p_portion == ["a", "b²"] and "a² = 1" in q.relations
    assert not nimkit.misere_quotient("dawson", 12).tame


def test_save_and_load_in_the_library_format(tmp_path):
    q = nimkit.misere_quotient("dawson", 12)
    data = q.save()
    assert isinstance(data, bytes) and data.startswith(b"NIMKITMQ")
    assert nimkit.MisereQuotient.load(data, "dawson") == q
    # The same game under another name reads the same file.
    assert nimkit.MisereQuotient.load(data, "octal:0.07").order == q.order
    # The CLI's file reads here, and this one there.
    cli_file = tmp_path / "cli.mq"
    cli_quotient("dawson", "--max-heap", "12", "--save-quotient", str(cli_file))
    assert nimkit.MisereQuotient.load(cli_file.read_bytes(), "dawson") == q
    py_file = tmp_path / "py.mq"
    py_file.write_bytes(data)
    assert cli_quotient("dawson", "--max-heap", "12", "--quotient", str(py_file)) == \
        cli_quotient("dawson", "--max-heap", "12")
    # Extended from a saved quotient: the quotient computed from nothing.
    longer = nimkit.misere_quotient("dawson", 20, start=nimkit.MisereQuotient.load(data, "dawson"))
    assert as_json(longer) == as_json(nimkit.misere_quotient("dawson", 20))


def test_a_bad_file_is_refused():
    data = nimkit.misere_quotient("dawson", 12).save()
    for bad in [b"", b"not a quotient", data[:-1], data[:40] + bytes([data[40] ^ 1]) + data[41:]]:
        with pytest.raises(ValueError):
            nimkit.MisereQuotient.load(bad, "dawson")
    with pytest.raises(ValueError, match="kayles|0.77"):
        nimkit.MisereQuotient.load(data, "kayles")


def test_bad_input_and_limits():
    with pytest.raises(ValueError, match="chess"):
        nimkit.misere_quotient("chess")
    with pytest.raises(nimkit.UnsupportedError, match="wythoff"):
        nimkit.misere_quotient("wythoff")
    with pytest.raises(nimkit.UnsupportedError, match="node-kayles"):
        nimkit.misere_quotient("node-kayles")
    with pytest.raises(ValueError, match="max_heap \"-1\" is negative"):
        nimkit.misere_quotient("kayles", -1)
    with pytest.raises(ValueError, match="heap 13 is past"):
        nimkit.misere_quotient("dawson", 12).phi_of(13)
    with pytest.raises(ValueError):
        nimkit.misere_quotient("dawson", 20, start=nimkit.misere_quotient("kayles", 5))
    # A bound the caller set that not even heap 1 fits is a limit reached, as the CLI says too.
    with pytest.raises(nimkit.LimitError, match="bound of 1 elements"):
        nimkit.misere_quotient("kayles", max_order=1)
    # Grundy's game's quotient grows past the default work limit: LimitError naming it, or
    # with partial=True the quotient of the heaps reached, exact for their sums.
    with pytest.raises(nimkit.LimitError, match="work .* at heap .*partial=True"):
        nimkit.misere_quotient("grundy", 200)
    part = nimkit.misere_quotient("grundy", 200, partial=True)
    assert part.period is None and 0 < part.max_heap < 200 and "work" in part.stopped
    cli = cli_quotient("grundy", "--max-heap", str(part.max_heap))
    # The same quotient; what stopped each, and what the partial one proved and tried of the heap
    # after (index_proof, rounds, proved_outcomes), differ.
    about_next = ("stopped", "index_proof", "rounds", "proved_outcomes")
    assert {k: v for k, v in as_json(part).items() if k not in about_next} == \
        {k: v for k, v in cli.items() if k in as_json(part) and k not in about_next}


def test_threads_and_the_memory_budget():
    one = nimkit.misere_quotient("dawson", 33, limit=10**12, threads=1)
    assert (one.order, one.p_size) == (638, 109)
    assert nimkit.misere_quotient("dawson", 33, limit=10**12, threads=2) == one
    # Past the budget it stops, naming it, with the exact quotient of the heaps before (the CLI's
    # with the same budget).
    small = nimkit.misere_quotient("dawson", 33, limit=10**12, memory=1 << 20)
    assert small.max_heap < 33 and "memory budget of 1048576 bytes" in small.stopped
    cli = cli_quotient("dawson", "--max-heap", "33", "--memory", str(1 << 20))
    assert as_json(small) == {k: v for k, v in cli.items() if k in as_json(small)}
    for bad, named in [({"threads": 0}, "threads 0"), ({"threads": 3}, "threads 3"),
                       ({"memory": 0}, "memory 0"), ({"memory": -1}, "memory \"-1\""),
                       ({"checkpoint_every": 0}, "checkpoint_every 0.0"),
                       ({"checkpoint_every": float("nan")}, "checkpoint_every nan"),
                       ({"checkpoint_every": float("inf")}, "checkpoint_every inf"),
                       ({"checkpoint_every": 1e300}, "checkpoint_every 1e[+]300"),
                       ({"checkpoint": b"q.msq"}, "checkpoint b'q.msq'")]:
        with pytest.raises(ValueError, match=named):
            nimkit.misere_quotient("dawson", 20, **bad)


# Frees 64 blocks of 2 MiB, kept apart by small ones, after an 8 MiB block has been freed (which
# raises glibc's own threshold past 2 MiB); prints the resident MiB held and left after.
_FREED_BLOCKS = """
import ctypes, os, sys
import nimkit
if sys.argv[1] == "call":
    assert nimkit.return_freed_memory_promptly() is None
libc = ctypes.CDLL(None)
libc.malloc.restype, libc.malloc.argtypes = ctypes.c_void_p, [ctypes.c_size_t]
libc.free.argtypes = [ctypes.c_void_p]
def resident_mib():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") >> 20
first = libc.malloc(8 << 20)
ctypes.memset(first, 1, 8 << 20)
libc.free(first)
blocks, pins = [], []
for _ in range(64):
    blocks.append(libc.malloc(2 << 20))
    ctypes.memset(blocks[-1], 1, 2 << 20)
    pins.append(libc.malloc(64))
held = resident_mib()
for block in blocks:
    libc.free(block)
print(held, resident_mib())
"""


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="the setting is glibc's")
def test_freed_memory_returned_promptly_once_asked():
    def held_and_left(argument):
        out = subprocess.run([sys.executable, "-c", _FREED_BLOCKS, argument], capture_output=True,
                             text=True, check=True)
        return [int(field) for field in out.stdout.split()]

    # Left alone, glibc keeps the freed blocks (what let a memory= run's RSS pass its budget)...
    held, left = held_and_left("leave")
    assert held >= 128 and left >= held - 8
    # ... and once asked, gives them back.
    held, left = held_and_left("call")
    assert held >= 128 and left <= held - 120


def test_checkpoints_resume_where_they_stopped(tmp_path):
    path = tmp_path / "dawson.msq"
    # Written at the end too: the file holds the quotient returned.
    q = nimkit.misere_quotient("dawson", 30, limit=10**12, checkpoint=path)
    assert nimkit.MisereQuotient.load(path.read_bytes(), "dawson") == q
    assert [p.name for p in tmp_path.iterdir()] == ["dawson.msq"]  # no temporary left
    longer = nimkit.misere_quotient("dawson", 33, limit=10**12, checkpoint=str(path),
                                    checkpoint_every=0.001,
                                    start=nimkit.MisereQuotient.load(path.read_bytes(), "dawson"))
    assert (longer.order, longer.p_size) == (638, 109)
    assert nimkit.MisereQuotient.load(path.read_bytes(), "dawson") == longer
    # A checkpoint that cannot be written stops the computation with Python's own error.
    missing = tmp_path / "no such folder" / "dawson.msq"
    with pytest.raises(FileNotFoundError, match="no such folder"):
        nimkit.misere_quotient("dawson", 20, checkpoint=missing)


def test_progress_names_the_heaps(capsys, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "tqdm", None)
    nimkit.misere_quotient("dawson", 33, limit=10**12, progress=True)
    assert "nimkit: 33 / 33 heaps" in capsys.readouterr().err
    nimkit.misere_quotient("grundy", 200, progress=True, partial=True)
    err = capsys.readouterr().err
    assert "/ 200 heaps; stopped" in err


def test_a_stop_within_a_heap_resumes_from_its_rounds():
    stopped = nimkit.misere_quotient("octal:4.726", 8, max_index=3)
    assert stopped.max_heap == 6 and stopped.rounds["heap"] == 7 and stopped.rounds["period"] == 2
    assert stopped.rounds["count"] > 0
    start = nimkit.MisereQuotient.load(stopped.save(), "octal:4.726")
    assert start.rounds == stopped.rounds
    resumed = nimkit.misere_quotient("octal:4.726", 8, max_index=6, start=start)
    direct = nimkit.misere_quotient("octal:4.726", 8, max_index=6)
    assert resumed.rounds["count"] > stopped.rounds["count"]
    # The same quotient and rounds; the resumed run proves the outcomes of its own rounds only,
    # the direct run's after those the file gave.
    assert {k: v for k, v in as_json(resumed).items() if k != "proved_outcomes"} == \
        {k: v for k, v in as_json(direct).items() if k != "proved_outcomes"}
    assert resumed.proved_outcomes == direct.proved_outcomes[stopped.rounds["count"]:]
    assert len(direct.proved_outcomes) == direct.rounds["count"]
    assert as_json(direct) == {k: v for k, v in cli_quotient(
        "octal:4.726", "--max-heap", "8", "--max-index", "6").items() if k in as_json(direct)}
