"""Spark recipes for PayPhone: normalise a DataFrame's phone column on
the cluster, one output row per input row, in order, bad rows answered
(``ok`` false, ``error`` a contract code) rather than dropped.

Copy the function you need; each takes a DataFrame with columns ``id``
(any sortable key), ``phone`` (string) and ``region`` (string, may be
null) and returns one with ``id`` plus the fields of ``payphone phone
--jsonl`` (``PHONE_SCHEMA``).

1. ``via_rdd_pipe``: ``rdd.pipe`` through the ``payphone`` CLI. Spark runs
   the command with an *empty environment*, so give the CLI by absolute
   path; ``checkCode=True`` turns a failing CLI into a failed task instead
   of silently short output.
2. ``via_cli_per_partition``: ``mapInPandas`` keeping one long-lived
   ``payphone phone --jsonl`` process per partition, talking to it batch
   by batch (the CLI's streaming promise: it flushes its answers whenever
   its input goes idle, so reading N answers after writing N lines never
   waits for end of input).
3. ``via_python_package``: ``mapInPandas`` calling the ``payphone``
   Python package (``pip install payphone-*.whl`` on the workers), one
   ``normalize`` call per Arrow batch.
4. ``via_arrow``: ``mapInArrow`` handing each Arrow batch's columns to
   ``payphone.arrow.normalize`` as they are (``string``, or
   ``large_string`` with ``spark.sql.execution.arrow.useLargeVarTypes``):
   no Python object per row (``pip install 'payphone[arrow]'`` on the
   workers).

The CLI for workers: build it once with the Swift runtime linked in, in a
scratch path of its own (``swift build -c release --product payphone
-Xswiftc -static-stdlib --scratch-path .build/static``; check it with
``bash Tools/check-self-contained.sh .build/static/release/payphone``), and
put ``.build/static/release/payphone`` at the same absolute path on every worker
(an image, a bootstrap action, or ``spark.files`` plus
``SparkFiles.get``); it needs only libc, libstdc++ and the system ICU
(``libicu72`` on Debian 12) there.
"""

from __future__ import annotations

import json
import subprocess
import threading
from typing import Iterator

PHONE_FIELDS = [
    ("input", "string"), ("ok", "boolean"), ("e164", "string"), ("countryCode", "int"),
    ("nationalNumber", "string"), ("extension", "string"), ("region", "string"), ("valid", "boolean"),
    ("possible", "boolean"), ("type", "string"), ("international", "string"), ("national", "string"),
    ("rfc3966", "string"), ("error", "string"), ("message", "string"),
]
#: The output schema: the row's id and every field a phone record can have
#: (an answered number has no error/message; a failed one only those).
PHONE_SCHEMA = "id long, " + ", ".join(f"{name} {kind}" for name, kind in PHONE_FIELDS)
_NAMES = [name for name, _ in PHONE_FIELDS]


def via_rdd_pipe(df, payphone: str):
    """Recipe 1: ``rdd.pipe`` through ``payphone phone --jsonl``.

    ``payphone`` must be an absolute path (pipe's environment is empty, so
    there is no PATH). Each row goes out as one JSON line and comes back as
    one; zipping the answers with the rows of the same partition keeps ids
    and order.
    """
    from pyspark.sql import Row

    rows = df.select("id", "phone", "region").rdd

    def to_line(row) -> str:
        request = {"number": row["phone"] if row["phone"] is not None else ""}
        if row["region"]:
            request["region"] = row["region"]
        return json.dumps(request, ensure_ascii=False)

    answers = rows.map(to_line).pipe(f"{payphone} phone --jsonl", checkCode=True)

    def to_row(pair) -> Row:
        row, line = pair
        record = json.loads(line)
        return Row(id=row["id"], **{name: record.get(name) for name in _NAMES})

    # zip pairs the i-th answer with the i-th row: pipe keeps partitions
    # and their order, and the CLI writes exactly one line per line.
    return rows.zip(answers).map(to_row).toDF(PHONE_SCHEMA)


def via_cli_per_partition(df, payphone: str):
    """Recipe 2: ``mapInPandas`` with one long-lived ``payphone`` process
    per partition, fed one Arrow batch at a time."""

    def normalize(batches: Iterator) -> Iterator:
        import pandas as pd

        process = subprocess.Popen([payphone, "phone", "--jsonl"], stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE, bufsize=1 << 16)
        try:
            for batch in batches:
                lines = []
                for phone, region in zip(batch["phone"], batch["region"]):
                    request = {"number": phone if isinstance(phone, str) else ""}
                    if isinstance(region, str) and region:
                        request["region"] = region
                    lines.append(json.dumps(request, ensure_ascii=False) + "\n")
                payload = "".join(lines).encode("utf-8")
                # Write from a thread while reading here: a batch larger than
                # the pipe buffers would otherwise deadlock.
                writer = threading.Thread(target=_write, args=(process.stdin, payload))
                writer.start()
                records = [json.loads(process.stdout.readline()) for _ in lines]
                writer.join()
                frame = _typed(pd.DataFrame.from_records(records, columns=_NAMES))
                frame.insert(0, "id", batch["id"].to_numpy())
                yield frame
        finally:
            process.stdin.close()
            code = process.wait()
            if code != 0:
                raise RuntimeError(f"payphone exited with status {code}")

    return df.select("id", "phone", "region").mapInPandas(normalize, PHONE_SCHEMA)


def _write(pipe, payload: bytes) -> None:
    pipe.write(payload)
    pipe.flush()


def via_python_package(df):
    """Recipe 3: ``mapInPandas`` calling the ``payphone`` Python package,
    one batch call per Arrow batch."""

    def normalize(batches: Iterator) -> Iterator:
        import pandas as pd

        import payphone

        for batch in batches:
            phones = [p if isinstance(p, str) else "" for p in batch["phone"]]
            regions = [r if isinstance(r, str) and r else None for r in batch["region"]]
            frame = _typed(pd.DataFrame.from_records(payphone.normalize(phones, regions), columns=_NAMES))
            frame.insert(0, "id", batch["id"].to_numpy())
            yield frame

    return df.select("id", "phone", "region").mapInPandas(normalize, PHONE_SCHEMA)


def via_arrow(df):
    """Recipe 4: ``mapInArrow`` with ``payphone.arrow``: each batch's
    columns in, the records' columns out, next to the batch's ids."""

    def normalize(batches: Iterator) -> Iterator:
        import pyarrow as pa
        import pyarrow.compute as pc

        import payphone.arrow

        for batch in batches:
            # A null phone is answered as "" is (not_a_number), as the other recipes do.
            records = payphone.arrow.normalize(pc.fill_null(batch.column("phone"), ""), batch.column("region"))
            # Spark takes no dictionary-encoded column: the type and the error as plain strings.
            fields = [field.dictionary_decode() if pa.types.is_dictionary(field.type) else field
                      for field in records.flatten()]
            columns = [batch.column("id"), *fields]
            yield pa.RecordBatch.from_arrays(columns, names=["id", *_NAMES])

    return df.select("id", "phone", "region").mapInArrow(normalize, PHONE_SCHEMA)


def _typed(frame):
    """A batch's frame in the schema's types, so that a column with only
    nulls in a batch is not sent as float (which pyarrow then refuses)."""
    kinds = {"string": "object", "boolean": "boolean", "int": "Int32"}
    return frame.astype({name: kinds[kind] for name, kind in PHONE_FIELDS})


def via_phonenumbers(df):
    """The same job with the ``phonenumbers`` package (pattern cache on),
    for comparison: the fields computed as libphonenumber's Python port
    computes them."""

    def normalize(batches: Iterator) -> Iterator:
        import pandas as pd
        import phonenumbers
        from phonenumbers import PhoneNumberFormat as F

        phonenumbers.enable_pattern_cache()
        types = {value: name.lower() for name, value in vars(phonenumbers.PhoneNumberType).items()
                 if name.isupper()}
        codes = ["invalid_country_code", "not_a_number", "too_short_after_idd", "too_short_nsn", "too_long"]
        for batch in batches:
            records = []
            for phone, region in zip(batch["phone"], batch["region"]):
                text = phone if isinstance(phone, str) else ""
                try:
                    n = phonenumbers.parse(text, region if isinstance(region, str) and region else None)
                except phonenumbers.NumberParseException as error:
                    records.append({"input": text, "ok": False, "error": codes[error.error_type],
                                    "message": str(error)})
                    continue
                records.append({
                    "input": text, "ok": True, "e164": phonenumbers.format_number(n, F.E164),
                    "countryCode": n.country_code,
                    "nationalNumber": phonenumbers.national_significant_number(n),
                    "extension": n.extension or None, "region": phonenumbers.region_code_for_number(n),
                    "valid": phonenumbers.is_valid_number(n), "possible": phonenumbers.is_possible_number(n),
                    "type": types.get(phonenumbers.number_type(n), "unknown"),
                    "international": phonenumbers.format_number(n, F.INTERNATIONAL),
                    "national": phonenumbers.format_number(n, F.NATIONAL),
                    "rfc3966": phonenumbers.format_number(n, F.RFC3966),
                })
            frame = _typed(pd.DataFrame.from_records(records, columns=_NAMES))
            frame.insert(0, "id", batch["id"].to_numpy())
            yield frame

    return df.select("id", "phone", "region").mapInPandas(normalize, PHONE_SCHEMA)
