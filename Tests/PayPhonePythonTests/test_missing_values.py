"""The per-row normalize takes what a DataFrame column holds: None, NaN and
pd.NA are missing values answered by None, a missing region is none, and
anything else names its row. The README's pandas line on the bundled
sample (which has an empty phone cell) gives the CLI's records."""

import json
import math
import os
import subprocess

import pytest

import payphone

SAMPLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Data", "samples", "contacts.csv")


def cli_phone(cli, number, region):
    request = {"number": number, **({"region": region} if region else {})}
    answer = subprocess.run([cli, "phone", "--jsonl"], input=json.dumps(request).encode(), capture_output=True,
                            check=True)
    return json.loads(answer.stdout)


def test_none_and_nan_are_answered_as_missing(cli):
    records = payphone.normalize(["020 7946 0958", None, math.nan, "07911 123456"], ["GB", "GB", None, math.nan])
    assert records[1] is None and records[2] is None
    assert records[0] == cli_phone(cli, "020 7946 0958", "GB")
    assert records[3] == cli_phone(cli, "07911 123456", None)


def test_anything_else_names_its_row():
    with pytest.raises(TypeError, match=r"numbers\[2\] must be str or a missing value"):
        payphone.normalize(["020 7946 0958", None, 7946])
    with pytest.raises(TypeError, match=r"regions\[1\] must be str or a missing value"):
        payphone.normalize(["020 7946 0958", None], ["GB", 44])


def test_readme_pandas_line_on_the_bundled_sample(cli):
    pd = pytest.importorskip("pandas")
    df = pd.read_csv(SAMPLE)
    assert df["phone"].isna().any(), "the sample keeps an empty phone cell"
    records = payphone.normalize(df["phone"].tolist(), df["country"].tolist())
    assert len(records) == len(df)
    for record, phone, country in zip(records, df["phone"], df["country"]):
        if isinstance(phone, str):
            assert record == cli_phone(cli, phone, country if isinstance(country, str) else None)
        else:
            assert record is None
    assert payphone.normalize(df["phone"].astype("string"), "GB")[list(df["phone"].isna()).index(True)] is None
