"""The Spark recipes of Tools/spark/recipes.py, run in pyspark local mode
over 100,000 rows: every route gives one output row per input row, in
input order, with bad rows answered (ok false, a contract error code), and
the same answers as the Python package and as phonenumbers; rows per
second of each route, phonenumbers beside them, are printed."""

import os
import sys
import time

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "Tools", "python", "corpus"))
sys.path.insert(0, os.path.join(HERE, "..", "..", "Tools", "spark"))

import payphone  # noqa: E402
import recipes  # noqa: E402
from corpus import phone_corpus  # noqa: E402

ROWS = int(os.environ.get("PAYPHONE_SPARK_ROWS", "100000"))
BAD = ["", "n/a", "call me", "+999 1234", "+44 1", "011 1", "x" * 300, "{\"number\": 1}", "line\nbreak",
       "tab\there", "\"quoted\"", "١٢٣"]


@pytest.fixture(scope="module")
def spark():
    from pyspark.sql import SparkSession

    # Workers run this interpreter (the one with pyarrow, pandas, payphone).
    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    session = (SparkSession.builder.master("local[2]").appName("payphone-recipes")
               .config("spark.sql.shuffle.partitions", "4")
               .config("spark.sql.execution.arrow.pyspark.enabled", "true")
               .config("spark.ui.enabled", "false")
               .config("spark.driver.memory", "1g")
               .getOrCreate())
    session.sparkContext.setLogLevel("ERROR")
    # The recipes' functions run on the workers: ship their module.
    session.sparkContext.addPyFile(recipes.__file__)
    yield session
    session.stop()


@pytest.fixture(scope="module")
def rows():
    corpus = phone_corpus(ROWS - 2000, seed=100)
    # Bad rows spread through the data, and null phones and regions.
    for index in range(2000):
        corpus.insert((index * 977) % len(corpus), (BAD[index % len(BAD)], "GB" if index % 2 else None))
    phones = [text for text, _ in corpus]
    regions = [region for _, region in corpus]
    for index in range(0, ROWS, 5000):
        phones[index] = None
    return phones, regions


@pytest.fixture(scope="module")
def frame(spark, rows):
    import pandas as pd

    phones, regions = rows
    data = pd.DataFrame({"id": range(len(phones)), "phone": phones, "region": regions})
    # Four partitions, cached, so that each route's time is its own work.
    df = spark.createDataFrame(data, "id long, phone string, region string").repartition(4).cache()
    df.count()
    return df


@pytest.fixture(scope="module")
def expected(rows):
    phones, regions = rows
    return payphone.normalize([p if p is not None else "" for p in phones], regions)


TIMES = {}


def run(name, result):
    start = time.perf_counter()
    output = result.toPandas()
    TIMES[name] = time.perf_counter() - start
    return output


def check(output, expected, frame_ids):
    assert len(output) == len(expected), "one output row per input row"
    # Order kept: the output's ids are the input's, in the input's order.
    assert output["id"].tolist() == frame_ids
    mismatches = 0
    for row_id, record in zip(output["id"], output.to_dict("records")):
        want = expected[row_id]
        for key, value in want.items():
            got = record[key]
            if got != value and not (value is None and got != got):  # NaN/None for nulls
                mismatches += 1
                if mismatches <= 10:
                    print(f"MISMATCH id={row_id} {key}: {got!r} != {value!r}")
    assert mismatches == 0
    assert (~output["ok"]).sum() >= 2000, "bad rows are answered, not dropped"


@pytest.fixture(scope="module")
def frame_ids(frame):
    return [row["id"] for row in frame.select("id").collect()]


def test_rdd_pipe_on_the_cli(frame, expected, frame_ids, cli):
    check(run("rdd.pipe (CLI)", recipes.via_rdd_pipe(frame, cli)), expected, frame_ids)


def test_one_cli_process_per_partition(frame, expected, frame_ids, cli):
    check(run("mapInPandas + CLI process", recipes.via_cli_per_partition(frame, cli)), expected, frame_ids)


def test_python_package_in_map_in_pandas(frame, expected, frame_ids):
    check(run("mapInPandas + payphone package", recipes.via_python_package(frame)), expected, frame_ids)


@pytest.mark.parametrize("large", [False, True], ids=["string", "large_string"])
def test_arrow_in_map_in_arrow(spark, frame, expected, frame_ids, large):
    # Batches of large_string with useLargeVarTypes, of string without.
    spark.conf.set("spark.sql.execution.arrow.useLargeVarTypes", str(large).lower())
    try:
        name = "mapInArrow + payphone.arrow" + (" (large_string)" if large else "")
        check(run(name, recipes.via_arrow(frame)), expected, frame_ids)
    finally:
        spark.conf.unset("spark.sql.execution.arrow.useLargeVarTypes")


def test_phonenumbers_in_the_same_job(frame, expected, frame_ids):
    output = run("mapInPandas + phonenumbers", recipes.via_phonenumbers(frame))
    assert output["id"].tolist() == frame_ids
    # libphonenumber's answers, field for field (messages aside), on input
    # without other scripts' digits (phonenumbers does not fold them all).
    mismatches = 0
    for row_id, record in zip(output["id"], output.to_dict("records")):
        want = expected[row_id]
        if any(ord(c) > 127 for c in want["input"]):
            continue
        for key, value in want.items():
            got = record[key]
            if key != "message" and got != value and not (value is None and got != got):
                mismatches += 1
                if mismatches <= 10:
                    print(f"DIFFERENT id={row_id} {key}: phonenumbers {got!r}, payphone {value!r}")
    assert mismatches == 0


def test_report_rows_per_second():
    assert TIMES, "the routes ran first"
    print(f"\nSpark local[2], {ROWS} rows, 4 partitions (wall time of toPandas()):")
    for name, seconds in TIMES.items():
        print(f"  {name:34s} {ROWS / seconds:10,.0f} rows/s  ({seconds:.2f} s)")
