"""The mapInArrow route (payphone.arrow) against the phonenumbers route in
the same Spark job, local mode, over the peers' corpus.

    python3 -P Tools/spark/bench.py CORPUS [ROWS [ROUNDS]]

CORPUS: ``Tools/peers/corpus.py --count 1000000 --seed 1 > corpus.tsv``
(``REGION<TAB>RAW`` lines; the first ROWS, default all). Needs pyspark,
pyarrow, pandas, phonenumbers and ``payphone[arrow]`` in this interpreter,
which the workers run too. After a warm-up run of each route over 20,000
rows, each route's whole output is computed and
dropped (the ``noop`` sink), ROUNDS times (default 1), the fastest run
kept; rows per second of wall time.
"""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import recipes  # noqa: E402


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    import pandas as pd
    from pyspark.sql import SparkSession

    regions, phones = [], []
    with open(sys.argv[1], encoding="utf-8") as handle:
        for line in handle:
            region, _, raw = line.rstrip("\n").partition("\t")
            regions.append(region)
            phones.append(raw)
    rows = int(sys.argv[2]) if len(sys.argv) > 2 else len(phones)
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    spark = (SparkSession.builder.master("local[2]").appName("payphone-bench")
             .config("spark.sql.execution.arrow.pyspark.enabled", "true")
             .config("spark.ui.enabled", "false").config("spark.driver.memory", "2g").getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    spark.sparkContext.addPyFile(recipes.__file__)
    data = pd.DataFrame({"id": range(rows), "phone": phones[:rows], "region": regions[:rows]})
    frame = spark.createDataFrame(data, "id long, phone string, region string").repartition(4).cache()
    frame.count()
    routes = [("mapInArrow + payphone.arrow", recipes.via_arrow),
              ("mapInPandas + phonenumbers", recipes.via_phonenumbers)]
    # Each route once over a few rows first: the JVM's code compiled, the workers started.
    warmup = frame.limit(20000).cache()
    for _, route in routes:
        route(warmup).write.format("noop").mode("overwrite").save()
    times = {}
    for name, route in routes:
        best = None
        for _ in range(rounds):
            start = time.perf_counter()
            route(frame).write.format("noop").mode("overwrite").save()
            seconds = time.perf_counter() - start
            best = seconds if best is None else min(best, seconds)
        times[name] = best
        print(f"{name:30s} {rows / best:12,.0f} rows/s  ({best:.2f} s)", flush=True)
    ratio = times["mapInPandas + phonenumbers"] / times["mapInArrow + payphone.arrow"]
    print(f"Spark local[2], {rows:,} rows: mapInArrow + payphone.arrow is {ratio:.1f}x the phonenumbers route")
    spark.stop()


if __name__ == "__main__":
    main()
