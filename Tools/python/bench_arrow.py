"""payphone.arrow against the library's own per-number cost, and in DuckDB
and polars against a phonenumbers UDF in the same engine, side by side in
one run.

    python3 -P Tools/python/bench_arrow.py CORPUS PAYPHONE_BENCH [ENGINE_ROWS [ROUNDS]]

CORPUS is the peers' corpus (``Tools/peers/corpus.py --count 1000000
--seed 1 > corpus.tsv``: ``REGION<TAB>RAW`` lines), PAYPHONE_BENCH the
release ``payphone-bench`` (``swift build -c release --product
payphone-bench``). Needs payphone (the wheel), pyarrow, duckdb, polars and
phonenumbers; ``-P`` keeps this folder's package sources (without the
extension module) from hiding the installed package.

1. ``payphone.arrow.normalize(numbers, regions)`` over the whole corpus
   (the full phone record of each row, as Arrow columns) against
   ``payphone-bench phone CORPUS`` (the library's loop: parse, validity,
   type, three formats), rounds interleaved; CPU time per number, best
   round, and the ratio.
2. DuckDB: ``payphone_e164(phone, region)`` (vectorised Arrow UDF) against
   a per-row Python UDF calling phonenumbers, the same query over the
   first ENGINE_ROWS rows; polars: ``payphone.polars.normalize`` (a
   ``map_batches`` expression over the phone and region columns) against
   ``map_elements`` calling phonenumbers on each row's phone and region.
   Wall time, rows per second.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time

import phonenumbers
import pyarrow as pa

import payphone.arrow


def read_corpus(path):
    regions, numbers = [], []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            region, _, raw = line.rstrip("\n").partition("\t")
            regions.append(region)
            numbers.append(raw)
    return pa.array(numbers, pa.string()), pa.array(regions, pa.string())


def library_ns(bench, corpus):
    answer = subprocess.run([bench, "phone", corpus], capture_output=True, text=True, check=True)
    return float(re.search(r"cpu_ns_per_number=([0-9.]+)", answer.stderr).group(1))


def arrow_ns(numbers, regions):
    start = time.process_time()
    records = payphone.arrow.normalize(numbers, regions)
    seconds = time.process_time() - start
    assert len(records) == len(numbers)
    return seconds * 1e9 / len(numbers)


def phonenumbers_e164(number, region):
    try:
        parsed = phonenumbers.parse(number, region or None)
    except phonenumbers.NumberParseException:
        return None
    return phonenumbers.format_number(parsed, phonenumbers.PhoneNumberFormat.E164)


def timed(function):
    start = time.perf_counter()
    result = function()
    return time.perf_counter() - start, result


def engines(numbers, regions, rows):
    import duckdb
    import polars as pl

    import payphone.duckdb
    import payphone.polars

    phonenumbers.enable_pattern_cache()
    table = pa.table({"phone": numbers.slice(0, rows), "region": regions.slice(0, rows)})
    connection = duckdb.connect()
    connection.execute("set threads = 1")
    payphone.duckdb.register(connection)
    connection.create_function("phonenumbers_e164", phonenumbers_e164, ["VARCHAR", "VARCHAR"], "VARCHAR",
                               null_handling="special")
    connection.register("contacts", table)
    query = "select count({0}(phone, region)) from contacts"
    seconds, ours = timed(lambda: connection.sql(query.format("payphone_e164")).fetchall())
    print(f"duckdb  payphone_e164 (Arrow UDF)         {rows / seconds:12,.0f} rows/s  ({seconds:.2f} s)")
    theirs_seconds, theirs = timed(lambda: connection.sql(query.format("phonenumbers_e164")).fetchall())
    print(f"duckdb  phonenumbers_e164 (Python UDF)    {rows / theirs_seconds:12,.0f} rows/s  ({theirs_seconds:.2f} s)"
          f"   payphone {theirs_seconds / seconds:.1f}x")
    print(f"        non-null E.164: payphone {ours[0][0]:,}, phonenumbers {theirs[0][0]:,}")

    frame = pl.from_arrow(table)
    seconds, _ = timed(lambda: frame.select(payphone.polars.normalize(pl.col("phone"), pl.col("region"))))
    print(f"polars  payphone.polars.normalize         {rows / seconds:12,.0f} rows/s  ({seconds:.2f} s)")
    theirs_seconds, _ = timed(lambda: frame.select(pl.struct("phone", "region").map_elements(
        lambda row: phonenumbers_e164(row["phone"], row["region"]), return_dtype=pl.String)))
    print(f"polars  map_elements(phonenumbers)        {rows / theirs_seconds:12,.0f} rows/s  ({theirs_seconds:.2f} s)"
          f"   payphone {theirs_seconds / seconds:.1f}x")


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    corpus, bench = sys.argv[1], sys.argv[2]
    rows = int(sys.argv[3]) if len(sys.argv) > 3 else 200000
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 3
    numbers, regions = read_corpus(corpus)
    payphone.arrow.normalize(numbers.slice(0, 2000), regions.slice(0, 2000))  # the tables loaded
    library, ours = [], []
    for round in range(rounds):
        library.append(library_ns(bench, corpus))
        ours.append(arrow_ns(numbers, regions))
        print(f"round {round + 1}: library {library[-1]:.0f} ns/number, payphone.arrow.normalize "
              f"{ours[-1]:.0f} ns/number ({ours[-1] / library[-1]:.2f}x)")
    best_library, best_ours = min(library), min(ours)
    print(f"{len(numbers):,} numbers, CPU time, best of {rounds}: library {best_library:.0f} ns, "
          f"payphone.arrow.normalize {best_ours:.0f} ns ({best_ours / best_library:.2f}x the library, "
          f"{1e9 / best_ours:,.0f} rows/s on one core)")
    engines(numbers, regions, min(rows, len(numbers)))


if __name__ == "__main__":
    main()
