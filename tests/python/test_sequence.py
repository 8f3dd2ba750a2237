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
