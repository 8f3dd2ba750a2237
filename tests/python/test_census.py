"""nimkit.census: octal codes classified as `nimkit census` classifies them, each line a dict with
the keys and values of the CLI's JSON line; nimkit.misere_census the same for
`nimkit census --misere`; bad digits, codes or bounds raise ValueError."""

import json
import os
import subprocess

import pytest

import nimkit


def cli_lines(*args):
    """The JSON lines of `nimkit census ARGS` as dicts (the binary CTest names in NIMKIT)."""
    binary = os.environ.get("NIMKIT")
    if not binary:
        pytest.skip("NIMKIT names no nimkit binary")
    out = subprocess.run(
        [binary, "census", "--no-progress", *args], check=True, capture_output=True, text=True
    ).stdout
    return [json.loads(line) for line in out.splitlines()]


def test_a_one_digit_census_is_the_cli_census_line_for_line():
    lines = nimkit.census(1)
    assert [line["code"] for line in lines] == [
        "4.0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7",
        "4.1", "4.2", "4.3", "4.4", "4.5", "4.6", "4.7",
    ]
    assert lines == cli_lines("--digits", "1")


def test_a_list_of_codes_keeps_its_order_and_groups_equal_sequences(tmp_path):
    codes = ["0.137", "0.26", "4.12", "0.27", "0.6", "0.61"]
    lines = nimkit.census(codes=codes, max_heap=4096)
    assert [line["code"] for line in lines] == codes
    assert "equivalent_to" not in lines[0]
    assert lines[3]["equivalent_to"] == "0.26" and lines[3]["equivalence"] == "proved"
    assert lines[3]["class"] == "trivial"
    # Unsolved codes equal up to the heaps computed: an equality computed, not proved.
    assert lines[5]["equivalent_to"] == "0.6" and lines[5]["equivalence"] == "computed"
    listed = tmp_path / "codes"
    listed.write_text("\n".join(codes) + "\n")
    assert lines == cli_lines("--codes", str(listed), "--max-heap", "4096")


def test_an_unsolved_code_says_what_stopped_it():
    (line,) = nimkit.census(codes=["0.16"], max_heap=5000)
    assert line["class"] == "unsolved" and line["proved"] is False
    assert line["stopped_by"] == "heaps" and line["computed_to"] >= 4999
    assert "period" not in line and "proof" not in line
    (line,) = nimkit.census(codes=["0.16"], max_work=1)
    assert line["stopped_by"] == "work"


def test_kayles_is_solved_with_period_12_after_71():
    (kayles,) = nimkit.census(codes=["0.77"])
    assert kayles["class"] == "trivial" and kayles["proved"] is True
    assert (kayles["preperiod"], kayles["period"]) == (71, 12)
    assert kayles["needed"] <= 1000 and "periodicity theorem" in kayles["proof"]


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({}, "either digits"),
        ({"digits": 1, "codes": ["0.7"]}, "either digits"),
        ({"digits": 0}, "0"),
        ({"digits": 7}, "7"),
        ({"codes": []}, "no code"),
        ({"codes": ["0.9x"]}, "0.9x"),
        ({"codes": ["0.0"]}, "allows no move"),
        ({"codes": ["0.07", "0.070"]}, "listed twice"),
        ({"codes": ["0.7"], "cache_mib": 2**63}, "cache_mib"),
    ],
)
def test_bad_input_raises_value_error_naming_it(kwargs, message):
    with pytest.raises(ValueError, match=message.replace(".", r"\.")):
        nimkit.census(**kwargs)


def test_negative_limits_are_refused_naming_them():
    with pytest.raises(ValueError, match='max_heap "-1" is negative'):
        nimkit.census(codes=["0.7"], max_heap=-1)


def test_a_misere_census_is_the_cli_misere_census_line_for_line(tmp_path):
    lines = nimkit.misere_census(2, max_steps=200000)
    assert len(lines) == 127
    assert lines == cli_lines("--misere", "--digits", "2", "--max-steps", "200000")
    by = {line["code"]: line for line in lines}
    kayles = by["0.77"]
    assert kayles["class"] == "finite" and kayles["tame"] is False
    assert (kayles["order"], kayles["p_size"], kayles["preperiod"], kayles["period"]) == (40, 9, 71, 12)
    assert by["0.3"]["class"] == "tame"
    codes = ["0.07", "0.75"]
    listed = tmp_path / "codes"
    listed.write_text("\n".join(codes) + "\n")
    lines = nimkit.misere_census(codes=codes, max_heap=24)
    assert lines == cli_lines("--misere", "--codes", str(listed), "--max-heap", "24")
    assert lines[0]["class"] == "partial" and lines[0]["stopped_by"] == "heaps"
    assert lines[0]["order"] == 24 and "period" not in lines[0]


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({}, "either digits"),
        ({"codes": ["0.0"]}, "allows no move"),
        ({"codes": ["0.77"], "max_steps": 0}, "at least 1"),
        ({"codes": ["0.77"], "max_order": 0}, "at least 1"),
    ],
)
def test_bad_misere_input_raises_value_error_naming_it(kwargs, message):
    with pytest.raises(ValueError, match=message.replace(".", r"\.")):
        nimkit.misere_census(**kwargs)
