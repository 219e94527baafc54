"""pandas: a column of phone numbers normalised in one call, as a DataFrame.

    >>> import pandas as pd, payphone.pandas
    >>> frame = payphone.pandas.normalize(pd.Series(["020 7946 0958", None]), region="GB")
    >>> frame["e164"].tolist()
    ['+442079460958', <NA>]

Needs pandas and pyarrow (``pip install 'payphone[arrow]' pandas``).
"""

from __future__ import annotations

import importlib
from typing import Any, Optional

from . import arrow

__all__ = ["normalize"]


def normalize(series: Any, regions: Any = None, *, region: Optional[str] = None) -> Any:
    """The phone records of ``series`` (strings; ``None``, ``NaN`` and
    ``pd.NA`` are missing values, answered by an all-null row) as a
    DataFrame with the series' index: a column per field of ``payphone
    phone --jsonl``'s record (then ``error`` and ``message``), typed as
    Arrow types (``pd.ArrowDtype``), so booleans and integers keep their
    nulls. ``regions``: a region per row (a Series or list as long), or
    ``region`` for all."""
    pd = importlib.import_module("pandas")
    pa = arrow.pyarrow()
    numbers = _strings(pa, series, "series")
    region_column = None if regions is None else _strings(pa, regions, "regions")
    records = arrow.normalize(numbers, region_column, region=region)
    table = pa.Table.from_struct_array(records) if isinstance(records, pa.Array) else pa.table(
        records.combine_chunks().flatten(), names=[field.name for field in records.type]
    )
    frame = table.to_pandas(types_mapper=pd.ArrowDtype)
    if hasattr(series, "index"):
        frame.index = series.index
    return frame


def _strings(pa: Any, values: Any, what: str) -> Any:
    """A column of strings from what a DataFrame column holds, its missing
    values (None, NaN, pd.NA) as nulls; TypeError naming the first row that
    holds something else."""
    try:
        return pa.array(values, type=pa.large_string(), from_pandas=True)
    except (pa.ArrowInvalid, pa.ArrowTypeError):
        pass
    for row, value in enumerate(values):
        if not (value is None or isinstance(value, str) or _is_missing(value)):
            raise TypeError(f"{what}[{row}] must be str or a missing value, not {type(value).__name__}")
    raise TypeError(f"{what} must hold strings")


def _is_missing(value: Any) -> bool:
    pd = importlib.import_module("pandas")
    try:
        return bool(pd.isna(value))
    except (TypeError, ValueError):
        return False
