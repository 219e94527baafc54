"""polars: phone numbers normalised as an expression, batch by batch.

    >>> import polars as pl, payphone.polars
    >>> frame = pl.DataFrame({"phone": ["020 7946 0958", None]})
    >>> frame.select(payphone.polars.normalize(pl.col("phone"), region="GB").struct.field("e164")).to_series().to_list()
    ['+442079460958', None]

Needs polars and pyarrow (``pip install 'payphone[arrow]' polars``).
"""

from __future__ import annotations

import importlib
from typing import Any, Optional

from . import arrow

__all__ = ["normalize", "normalize_series"]


def normalize_series(series: Any, *, region: Optional[str] = None) -> Any:
    """The phone records of a polars Series of strings, as a Series of
    structs (the fields of ``payphone phone --jsonl``'s record, then
    ``error`` and ``message``; null for a null number)."""
    pl = importlib.import_module("polars")
    return pl.Series(series.name, arrow.normalize(series, region=region))


def normalize(expression: Any, *, region: Optional[str] = None) -> Any:
    """An expression: the phone records of ``expression``'s strings, each
    batch answered in one call (``map_batches``), as structs."""
    pl = importlib.import_module("polars")
    pa = arrow.pyarrow()
    dtype = pl.Series(arrow.normalize(pa.array([], pa.string()))).dtype
    return expression.map_batches(lambda series: normalize_series(series, region=region), return_dtype=dtype)
