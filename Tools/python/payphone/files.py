"""``python -m payphone normalize IN OUT --column phone [--region-column
country | --region GB]``: a file's phone column normalised, batch by batch.

Reads and writes Parquet (``.parquet``, ``.pq``), CSV (``.csv``) and JSON
lines (``.jsonl``, ``.ndjson``) through pyarrow, one record batch at a
time, so memory stays bounded whatever the file's size. Every input column
is kept, and the columns ``payphone phone --csv`` appends are appended,
named as it names them (``e164``, ``phoneValid``, ``phoneType``,
``phoneRegion``, ``phoneError``) with its answers: an empty or missing
number is ``not_a_number``. CSV columns are read as text, as they are.
On a terminal, a progress bar; at the end, a summary on stderr: rows,
valid, invalid by kind, the top regions. A usage mistake exits with 2.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import importlib
import json
import os
import sys
import time
from typing import Any, Counter, Iterator, List, Optional, Tuple

from . import _payphone, arrow

#: Rows a batch.
BATCH_ROWS = 65536

FORMATS = {".parquet": "parquet", ".pq": "parquet", ".csv": "csv", ".jsonl": "jsonl", ".ndjson": "jsonl"}


class UsageError(Exception):
    """A mistake in the command line or its files: exit status 2."""


def file_format(path: str) -> str:
    extension = os.path.splitext(path)[1].lower()
    if extension not in FORMATS:
        known = ", ".join(sorted(FORMATS))
        raise UsageError(f"{path}: unknown file type {extension or '(none)'!r}; use one of {known}")
    return FORMATS[extension]


class Progress:
    """A progress bar on stderr when it is a terminal, from the share of
    the input read; nothing otherwise."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.started = time.monotonic()
        self.shown = 0.0

    def update(self, fraction: float, rows: int) -> None:
        now = time.monotonic()
        if not self.enabled or now - self.shown < 0.1:
            return
        self.shown = now
        fraction = min(max(fraction, 0.0), 1.0)
        filled = int(fraction * 30)
        rate = rows / max(now - self.started, 1e-9)
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {fraction:4.0%} {rows:,} rows, {rate:,.0f} rows/s")
        sys.stderr.flush()

    def finish(self) -> None:
        if self.enabled:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()


def read_batches(pa: Any, path: str, kind: str) -> Iterator[Tuple[Any, float]]:
    """The record batches of the input, each with the share of it read."""
    if kind == "parquet":
        parquet = importlib.import_module("pyarrow.parquet")
        source = parquet.ParquetFile(path)
        total = max(source.metadata.num_rows, 1)
        done = 0
        for batch in source.iter_batches(batch_size=BATCH_ROWS):
            done += batch.num_rows
            yield batch, done / total
        return
    size = max(os.path.getsize(path), 1)
    with open(path, "rb") as handle:
        if kind == "csv":
            csv = importlib.import_module("pyarrow.csv")
            names = _csv_header(path)
            reader = csv.open_csv(
                handle, read_options=csv.ReadOptions(block_size=1 << 22),
                convert_options=csv.ConvertOptions(column_types={name: pa.string() for name in names}))
        else:
            json_module = importlib.import_module("pyarrow.json")
            if not hasattr(json_module, "open_json"):
                raise UsageError("reading JSON lines a batch at a time needs pyarrow 19 or later")
            reader = json_module.open_json(handle, read_options=json_module.ReadOptions(block_size=1 << 22))
        for batch in reader:
            yield batch, handle.tell() / size


def _csv_header(path: str) -> List[str]:
    import csv

    with open(path, newline="", encoding="utf-8") as handle:
        return next(csv.reader(handle), [])


class Writer:
    """The output file, written a batch at a time."""

    def __init__(self, pa: Any, path: str, kind: str) -> None:
        self.pa, self.path, self.kind = pa, path, kind
        self.writer: Any = None
        self.handle: Any = None

    def write(self, batch: Any) -> None:
        if self.kind == "jsonl":
            if self.handle is None:
                self.handle = open(self.path, "w", encoding="utf-8")
            for row in batch.to_pylist():
                self.handle.write(json.dumps(row, ensure_ascii=False, default=str) + "\n")
            return
        if self.writer is None:
            if self.kind == "parquet":
                self.writer = importlib.import_module("pyarrow.parquet").ParquetWriter(self.path, batch.schema)
            else:
                csv = importlib.import_module("pyarrow.csv")
                self.writer = csv.CSVWriter(self.path, batch.schema,
                                            write_options=csv.WriteOptions(quoting_style="needed"))
        self.writer.write_batch(batch)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        elif self.handle is not None:
            self.handle.close()
        else:
            # No rows were read: an empty file.
            open(self.path, "wb").close()


class Summary:
    """What the rows were: valid, invalid by kind, regions."""

    def __init__(self) -> None:
        self.rows = 0
        self.valid = 0
        self.invalid: Counter[str] = collections.Counter()
        self.regions: Counter[str] = collections.Counter()

    def add(self, pc: Any, records: Any) -> None:
        self.rows += len(records)
        valid = records.field("valid")
        self.valid += pc.sum(valid).as_py() or 0
        errors = records.field("error")
        for entry in pc.value_counts(errors.drop_null()).to_pylist():
            self.invalid[entry["values"]] += entry["counts"]
        not_valid = pc.sum(pc.invert(valid)).as_py() or 0
        if not_valid:
            self.invalid["parsed, not valid"] += not_valid
        for entry in pc.value_counts(records.field("region").drop_null()).to_pylist():
            self.regions[entry["values"]] += entry["counts"]

    def report(self, seconds: float) -> str:
        invalid = sum(self.invalid.values())
        lines = [f"{self.rows:,} rows in {seconds:.1f} s: {self.valid:,} valid, {invalid:,} invalid"]
        for kind, count in self.invalid.most_common():
            lines.append(f"  {kind}: {count:,}")
        if self.regions:
            top = ", ".join(f"{region} {count:,}" for region, count in self.regions.most_common(10))
            lines.append(f"top regions: {top}")
        return "\n".join(lines)


def normalize_file(path: str, out: str, column: str, region_column: Optional[str], region: Optional[str],
                   progress: Progress) -> Summary:
    pa = arrow.pyarrow()
    pc = importlib.import_module("pyarrow.compute")
    if not os.path.isfile(path):
        raise UsageError(f"{path}: no such file")
    kinds = file_format(path), file_format(out)
    if os.path.abspath(path) == os.path.abspath(out):
        raise UsageError("IN and OUT are the same file")
    appended = _payphone.phone_columns()
    summary = Summary()
    writer = Writer(pa, out, kinds[1])
    try:
        for batch, fraction in read_batches(pa, path, kinds[0]):
            names = batch.schema.names
            for wanted in filter(None, (column, region_column)):
                if wanted not in names:
                    raise UsageError(f"{path}: no column {wanted!r} (columns: {', '.join(names)})")
            for _, name, _ in appended:
                if name in names:
                    raise UsageError(f"{path}: already has a column {name!r}, which normalize appends")
            numbers = pc.fill_null(batch.column(column).cast(pa.string()), "")
            regions = batch.column(region_column).cast(pa.string()) if region_column else None
            records = arrow.normalize(numbers, regions, region=region)
            summary.add(pc, records)
            columns = list(batch.columns)
            for key, name, missing in appended:
                values = records.field(key)
                if missing:
                    # The cell phone --csv writes when the record lacks the field.
                    fill = pa.scalar(missing == "true") if pa.types.is_boolean(values.type) else missing
                    values = pc.fill_null(values, fill)
                columns.append(values)
            writer.write(pa.RecordBatch.from_arrays(columns, names=names + [name for _, name, _ in appended]))
            progress.update(fraction, summary.rows)
    except BaseException:
        # No half-written output is left to be taken for a whole one.
        progress.finish()
        with contextlib.suppress(OSError):
            writer.close()
            os.remove(out)
        raise
    writer.close()
    progress.finish()
    return summary


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m payphone",
        description="Normalise a file's phone column (Parquet, CSV, JSON lines) as payphone phone --csv does.")
    commands = parser.add_subparsers(dest="command", required=True)
    command = commands.add_parser("normalize", help="append the phone columns to every row of a file")
    command.add_argument("input", metavar="IN", help="a .parquet, .csv or .jsonl file")
    command.add_argument("output", metavar="OUT", help="a .parquet, .csv or .jsonl file (its type may differ)")
    command.add_argument("--column", required=True, help="the column of phone numbers")
    regions = command.add_mutually_exclusive_group()
    regions.add_argument("--region-column", help="the column of each row's default region")
    regions.add_argument("--region", help="the default region of every row (ISO 3166-1 alpha-2)")
    arguments = parser.parse_args(argv)
    started = time.monotonic()
    try:
        summary = normalize_file(arguments.input, arguments.output, arguments.column, arguments.region_column,
                                 arguments.region, Progress(sys.stderr.isatty()))
    except UsageError as error:
        parser.error(str(error))
    print(summary.report(time.monotonic() - started), file=sys.stderr)
    return 0
