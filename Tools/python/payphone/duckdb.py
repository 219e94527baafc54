"""DuckDB: phone numbers normalised in SQL, a vector at a time.

    >>> import duckdb, payphone.duckdb
    >>> connection = duckdb.connect()
    >>> payphone.duckdb.register(connection)
    >>> connection.sql("select payphone_e164('020 7946 0958', 'GB')").fetchall()
    [('+442079460958',)]

Needs duckdb and pyarrow (``pip install 'payphone[arrow]' duckdb``).
"""

from __future__ import annotations

import importlib
from typing import Any

from . import arrow

__all__ = ["register"]


def register(connection: Any) -> None:
    """Adds two SQL functions to ``connection``, both vectorised (Arrow)
    UDFs, null for a null number, a null or empty region being none:

    - ``payphone_phone(number, region)``: the phone record, a STRUCT of
      ``payphone phone --jsonl``'s fields (then ``error`` and ``message``);
    - ``payphone_e164(number, region)``: the number in E.164, null when it
      does not parse."""
    duckdb = importlib.import_module("duckdb")
    pa = arrow.pyarrow()
    kinds = {pa.string(): "VARCHAR", pa.int32(): "INTEGER", pa.bool_(): "BOOLEAN"}
    record_type = arrow.normalize(pa.array([], pa.string())).type
    # The type and the error are dictionary-encoded strings: VARCHAR to SQL.
    struct = duckdb.struct_type({field.name: duckdb.sqltype(kinds[getattr(field.type, "value_type", field.type)])
                                 for field in record_type})
    varchar = duckdb.sqltype("VARCHAR")

    def phone(numbers: Any, regions: Any) -> Any:
        return arrow.normalize(numbers, regions)

    def e164(numbers: Any, regions: Any) -> Any:
        records = arrow.normalize(numbers, regions)
        return records.field("e164") if isinstance(records, pa.Array) else pa.chunked_array(
            [chunk.field("e164") for chunk in records.chunks], pa.string()
        )

    connection.create_function("payphone_phone", phone, [varchar, varchar], struct, type="arrow",
                               null_handling="special")
    connection.create_function("payphone_e164", e164, [varchar, varchar], varchar, type="arrow",
                               null_handling="special")
