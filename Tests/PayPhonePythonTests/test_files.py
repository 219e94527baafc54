"""python -m payphone normalize: every input column kept, the phone
columns appended as `payphone phone --csv` appends them, cell for cell,
whatever the formats in and out (CSV, Parquet, JSON lines); a summary on
stderr; usage mistakes exit 2 naming what is wrong. Needs pyarrow."""

import csv
import io
import json
import os
import subprocess
import sys

import pytest

pa = pytest.importorskip("pyarrow")
import pyarrow.csv  # noqa: E402
import pyarrow.parquet as pq  # noqa: E402

SAMPLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Data", "samples", "contacts.csv")


def run(*arguments):
    return subprocess.run([sys.executable, "-m", "payphone", *arguments], capture_output=True, text=True)


@pytest.fixture(scope="module")
def cli_rows(cli):
    with open(SAMPLE, "rb") as handle:
        answer = subprocess.run([cli, "phone", "--csv", "--column", "phone", "--region-column", "country"],
                                stdin=handle, capture_output=True, check=True)
    return list(csv.DictReader(io.StringIO(answer.stdout.decode("utf-8"), newline="")))


def cell(value):
    """A value as phone --csv writes it."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def same_rows(rows, cli_rows):
    assert len(rows) == len(cli_rows)
    for row, want in zip(rows, cli_rows):
        assert list(row) == list(want), "every input column, then the appended ones, in the CLI's order"
        assert {key: cell(value) for key, value in row.items()} == dict(want)


def test_csv_to_csv_is_the_cli_s(tmp_path, cli_rows):
    out = tmp_path / "out.csv"
    answer = run("normalize", SAMPLE, str(out), "--column", "phone", "--region-column", "country")
    assert answer.returncode == 0, answer.stderr
    with open(out, newline="", encoding="utf-8") as handle:
        same_rows(list(csv.DictReader(handle)), cli_rows)
    assert f"{len(cli_rows)} rows" in answer.stderr and "valid" in answer.stderr and "top regions" in answer.stderr
    assert "not_a_number" in answer.stderr


@pytest.mark.parametrize("output", ["parquet", "jsonl"])
def test_parquet_in_and_other_formats_out(tmp_path, cli_rows, output):
    source = tmp_path / "contacts.parquet"
    table = pyarrow.csv.read_csv(SAMPLE, convert_options=pyarrow.csv.ConvertOptions(
        column_types={name: pa.string() for name in cli_rows[0]}))
    pq.write_table(table, source, row_group_size=5)
    out = tmp_path / f"out.{output}"
    answer = run("normalize", str(source), str(out), "--column", "phone", "--region-column", "country")
    assert answer.returncode == 0, answer.stderr
    if output == "parquet":
        rows = pq.read_table(out).to_pylist()
        assert pq.read_schema(out).field("phoneValid").type == pa.bool_()
    else:
        rows = [json.loads(line) for line in open(out, encoding="utf-8")]
    # Parquet keeps an empty cell as null where the CSV has "".
    same_rows([{k: ("" if v is None else v) for k, v in row.items()} for row in rows], cli_rows)


def test_one_region_for_all(tmp_path, cli):
    out = tmp_path / "out.csv"
    assert run("normalize", SAMPLE, str(out), "--column", "phone", "--region", "US").returncode == 0
    with open(SAMPLE, "rb") as handle:
        want = subprocess.run([cli, "phone", "--csv", "--column", "phone", "--region", "US"], stdin=handle,
                              capture_output=True, check=True).stdout.decode("utf-8")
    with open(out, newline="", encoding="utf-8") as handle:
        same_rows(list(csv.DictReader(handle)), list(csv.DictReader(io.StringIO(want, newline=""))))


@pytest.mark.parametrize("arguments, message", [
    (["normalize", SAMPLE, "out.csv"], "--column"),
    (["normalize", SAMPLE, "out.xlsx", "--column", "phone"], "unknown file type '.xlsx'"),
    (["normalize", SAMPLE, "out.csv", "--column", "telephone"], "no column 'telephone'"),
    (["normalize", SAMPLE, "out.csv", "--column", "phone", "--region", "GB", "--region-column", "country"],
     "not allowed with"),
    (["normalize", "missing.csv", "out.csv", "--column", "phone"], "missing.csv: no such file"),
])
def test_usage_mistakes_exit_2(tmp_path, arguments, message):
    arguments = [str(tmp_path / a) if a.startswith("out.") or a == "missing.csv" else a for a in arguments]
    answer = run(*arguments)
    assert answer.returncode == 2
    assert message in answer.stderr
    assert not os.path.exists(tmp_path / "out.csv"), "no output left behind"


def test_readme_example(tmp_path):
    readme = open(os.path.join(os.path.dirname(SAMPLE), "..", "..", "README.md"), encoding="utf-8").read()
    block = readme.split("$ python -m payphone normalize ", 1)[1].split("```", 1)[0].splitlines()
    arguments = block[0].split()
    arguments[0] = SAMPLE
    arguments[1] = str(tmp_path / arguments[1])
    answer = run("normalize", *arguments)
    assert answer.returncode == 0, answer.stderr
    timeless = [line.split(" in ")[0] if " rows in " in line else line for line in answer.stderr.splitlines()]
    assert timeless == [line.split(" in ")[0] if " rows in " in line else line for line in block[1:]]
