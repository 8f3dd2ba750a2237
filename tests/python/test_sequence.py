"""Grundy sequences: known values and periods, numpy without a copy, the memory it takes."""

import numpy
import pytest

import nimkit

KAYLES = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2]


def rss_bytes():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


def test_kayles_values_and_period_12_after_71():
    seq = nimkit.grundy_sequence("kayles", 200)
    assert len(seq) == 200 and list(numpy.asarray(seq)[:20]) == KAYLES
    assert seq[3] == 3 and seq[-1] == seq[199]
    p = seq.period()
    assert (p.period, p.preperiod, p.saltus, p.proved) == (12, 71, 0, True)
    assert "n0" in p.proof or "k =" in p.proof


def test_octal_16_period_149459_proved():
    p = nimkit.grundy_sequence("octal:0.16", 1000).period()
    assert p.proved and p.period == 149459


def test_table_rulesets_and_grundys_game():
    seq = nimkit.grundy_sequence("subtraction:1,3,4", 14)
    assert seq.format == "Q" and list(numpy.asarray(seq)) == [0, 1, 0, 1, 2, 3, 2] * 2
    assert seq.period().period == 7
    g = nimkit.grundy_sequence("grundy", 12)
    assert list(numpy.asarray(g)) == [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2]
    none = g.period()
    assert none.period is None and not none.proved and "Grundy's game" in none.proof


def test_buffer_is_the_engine_table_read_only_and_kept_alive():
    seq = nimkit.grundy_sequence("kayles", 1000)
    a, b = numpy.asarray(seq), numpy.asarray(seq)
    assert a.dtype == numpy.uint8 and seq.format == "B" and seq.plain
    assert numpy.shares_memory(a, b) and a.ctypes.data == b.ctypes.data
    assert not a.flags.writeable
    with pytest.raises(ValueError):
        a[0] = 9
    del seq
    assert list(a[:20]) == KAYLES  # the array keeps the sequence alive
    assert list(numpy.asarray(nimkit.grundy_sequence("kayles", 30).decoded())[:20]) == KAYLES


def test_wider_values_are_exposed_as_stored():
    # Grundy's game passes 255 past heap 2**17 or so; its table widens to 16 bits.
    seq = nimkit.grundy_sequence("grundy", 1 << 19, threads=1)
    a = numpy.asarray(seq)
    assert seq.format in ("B", "H") and a.itemsize == (1 if seq.format == "B" else 2)
    assert int(a[-1]) == seq[len(seq) - 1]


def test_ten_million_values_shared_without_a_copy():
    seq = nimkit.grundy_sequence("kayles", 10**7, threads=1)
    before = rss_bytes()
    arrays = [numpy.asarray(seq) for _ in range(3)]
    grown = rss_bytes() - before
    assert grown < 5 * 1024 * 1024, grown
    assert numpy.shares_memory(arrays[0], arrays[2])
    assert int(arrays[0][10**7 - 1]) == seq[10**7 - 1]


def test_progress_line_without_tqdm(capsys, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "tqdm", None)
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)
    nimkit.grundy_sequence("grundy", 1 << 18, threads=1, progress=True)
    assert "values" in capsys.readouterr().err


def test_progress_bar_with_tqdm(capsys):
    pytest.importorskip("tqdm")
    nimkit.grundy_sequence("grundy", 1 << 18, threads=1, progress=True)
    err = capsys.readouterr().err
    assert "100%" in err and "values" in err


def test_a_closed_form_sequence_past_the_free_memory_is_refused_up_front():
    # 2**36 values of Nim at 8 bytes each (512 GiB) are refused before any is computed, in a child
    # whose address space is capped at 4 GiB: a module that began to fill the table would fail
    # there (MemoryError), or be killed by the watchdog, instead of raising LimitError at once.
    import subprocess
    import sys
    import time

    child = (
        "import resource, nimkit\n"
        "resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))\n"
        "for rules in ('nim', 'lasker', 'zero-move', 'subtraction:1,3,4'):\n"
        "    try:\n"
        "        nimkit.grundy_sequence(rules, 2**36)\n"
        "    except nimkit.LimitError as error:\n"
        "        print(rules, error)\n"
    )
    start = time.monotonic()
    out = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert [line.split()[0] for line in lines] == ["nim", "lasker", "zero-move", "subtraction:1,3,4"]
    assert "count 68719476736: a table of 68719476736 values needs 549755813888 bytes" in lines[0]
    assert "more than the memory budget" in lines[0]
    assert time.monotonic() - start < 30


def test_closed_form_values_in_stretches_match_the_closed_form():
    # Computed in stretches of 2**14 values: the joins hold the same values as one call.
    n = 3 * 2**14 + 5
    nim = nimkit.grundy_sequence("nim", n)
    assert nim.format == "Q" and nim[n - 1] == n - 1 and nim[2**14] == 2**14
    lasker = numpy.asarray(nimkit.grundy_sequence("lasker", n))
    k = numpy.arange(n, dtype=numpy.uint64)
    # Lasker's Nim: g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3.
    expected = numpy.where(k % 4 == 3, k + 1, numpy.where((k % 4 == 0) & (k > 0), k - 1, k))
    assert (lasker == expected).all()


def test_indexing_follows_python():
    seq = nimkit.grundy_sequence("kayles", 5000)
    values = numpy.asarray(seq)
    assert seq[-1] == values[-1] and seq[-5000] == values[0] == 0 and seq[4999] == values[4999]
    for index in (-5001, 5000, 2**70, -(2**70)):
        with pytest.raises(IndexError) as raised:
            seq[index]
        if abs(index) < 2**63:
            assert f"index {index} is out of range" in str(raised.value)
            assert "-5000 to -1" in str(raised.value) and "0 to 4999" in str(raised.value)
    assert seq[numpy.int64(-2)] == values[-2]
    with pytest.raises(TypeError):
        seq[1.0]
