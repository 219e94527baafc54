"""polars: phone numbers normalised as an expression, batch by batch, in
one region or each in its row's region.

    >>> import polars as pl, payphone.polars
    >>> frame = pl.DataFrame({"phone": ["020 7946 0958", "650 253 0000", None], "country": ["GB", "US", "GB"]})
    >>> frame.select(payphone.polars.normalize(pl.col("phone"), pl.col("country")).struct.field("e164")).to_series().to_list()
    ['+442079460958', '+16502530000', None]
    >>> frame.select(payphone.polars.normalize(pl.col("phone"), region="GB").struct.field("e164")).to_series().to_list()
    ['+442079460958', '+446502530000', None]

Needs polars and pyarrow (``pip install 'payphone[arrow]' polars``).
"""

from __future__ import annotations

import importlib
from typing import Any, Optional

from . import arrow

__all__ = ["normalize", "normalize_series"]


def normalize_series(series: Any, regions: Any = None, *, region: Optional[str] = None) -> Any:
    """The phone records of a polars Series of strings, as a Series of
    structs (the fields of ``payphone phone --jsonl``'s record, then
    ``error`` and ``message``; null for a null number). ``regions``: a
    Series as long, each row's region (null or "" for none); else
    ``region`` for all."""
    pl = importlib.import_module("polars")
    return pl.Series(series.name, arrow.normalize(series, regions, region=region))


def normalize(expression: Any, regions: Any = None, *, region: Optional[str] = None) -> Any:
    """An expression: the phone records of ``expression``'s strings, each
    batch answered in one call (``map_batches``), as structs. ``regions``:
    an expression (or a column's name) giving each row's region (null or
    "" for none); else ``region`` for all."""
    pl = importlib.import_module("polars")
    pa = arrow.pyarrow()
    dtype = pl.Series(arrow.normalize(pa.array([], pa.string()))).dtype
    if regions is None:
        return expression.map_batches(lambda series: normalize_series(series, region=region), return_dtype=dtype)
    return pl.map_batches([expression, regions], lambda columns: normalize_series(*columns), return_dtype=dtype)
