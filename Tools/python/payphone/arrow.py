"""Columns in, columns out: the records of a whole Arrow column in one call
per chunk, with no Python object made per row.

Each function takes a column of strings: anything that offers the Arrow
PyCapsule interface (``__arrow_c_array__`` or ``__arrow_c_stream__``:
pyarrow arrays and chunked arrays, polars Series, DuckDB relations of one
column, pandas Series backed by Arrow) in ``utf8``, ``large_utf8`` or
``utf8_view``, nulls answered as nulls. It answers a pyarrow struct array
(a chunked array for a chunked input) of the records ``payphone <command>
--jsonl`` writes: a field per column, in the contract's order, then
``error`` and ``message``; a field a record does not have is null. The
``type`` and ``error`` fields are dictionary-encoded strings.
Needs pyarrow (``pip install 'payphone[arrow]'``).

    >>> import pyarrow as pa, payphone.arrow
    >>> records = payphone.arrow.normalize(pa.array(["020 7946 0958", None]), region="GB")
    >>> records.field("e164").to_pylist()
    ['+442079460958', None]
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, List, Optional, Tuple

from . import _payphone

#: Rows answered per call into the engine: Ctrl-C is looked at between calls.
CHUNK_ROWS = 1 << 20

__all__ = ["normalize", "cards", "find"]


def pyarrow() -> Any:
    """The pyarrow module, or ImportError saying how to get it."""
    try:
        return importlib.import_module("pyarrow")
    except ImportError:
        raise ImportError("payphone.arrow needs pyarrow: pip install 'payphone[arrow]'") from None


class _Capsules:
    """An array's two capsules, offered to pyarrow as the interface asks."""

    def __init__(self, schema: object, array: object) -> None:
        self._capsules = (schema, array)

    def __arrow_c_array__(self, requested_schema: object = None) -> Tuple[object, object]:
        return self._capsules


def _strings(pa: Any, array: Any) -> Any:
    """`array` as strings: a dictionary decoded, an all-null column typed."""
    if pa.types.is_dictionary(array.type):
        array = array.dictionary_decode()
    if pa.types.is_null(array.type):
        array = array.cast(pa.string())
    return array


def _column(values: Any, what: str) -> Tuple[List[Any], bool]:
    """The pyarrow arrays of a column, and whether it was one array."""
    pa = pyarrow()
    if isinstance(values, (str, bytes)):
        raise TypeError(f"{what} must be an Arrow column, not {type(values).__name__}")
    if isinstance(values, pa.Array):
        return [_strings(pa, values)], True
    if isinstance(values, pa.ChunkedArray):
        return [_strings(pa, chunk) for chunk in values.chunks], False
    if hasattr(values, "__arrow_c_array__"):
        return [_strings(pa, pa.array(values))], True
    if hasattr(values, "__arrow_c_stream__"):
        chunked = pa.chunked_array(values)
        if pa.types.is_struct(chunked.type):
            # A table's stream (a DuckDB relation): its one column.
            if chunked.type.num_fields != 1:
                raise TypeError(f"{what} must have one column, not {chunked.type.num_fields}")
            chunked = pa.chunked_array([chunk.field(0) for chunk in chunked.chunks], chunked.type.field(0).type)
        return [_strings(pa, chunk) for chunk in chunked.chunks], False
    try:
        converted = pa.array(values, from_pandas=True)
    except (TypeError, ValueError, pa.ArrowException) as error:
        raise TypeError(f"{what} must be an Arrow column of strings: {error}") from None
    if isinstance(converted, pa.ChunkedArray):
        return [_strings(pa, chunk) for chunk in converted.chunks], False
    return [_strings(pa, converted)], True


def _answer(
    values: Any, what: str, regions: Any, call: Callable[[Any, Optional[Any]], Tuple[object, object]]
) -> Any:
    """`call`'s records of each slice of the column (with the regions' same
    slice), as one array or a chunked array like the input."""
    pa = pyarrow()
    chunks, single = _column(values, what)
    region_array = None
    if regions is not None:
        region_chunks, _ = _column(regions, "regions")
        region_array = pa.concat_arrays(region_chunks) if len(region_chunks) != 1 else region_chunks[0]
        total = sum(len(chunk) for chunk in chunks)
        if len(region_array) != total:
            raise ValueError(f"{total} {what} but {len(region_array)} regions")
    answers = []
    start = 0
    for chunk in chunks:
        for offset in range(0, max(len(chunk), 1), CHUNK_ROWS):
            piece = chunk.slice(offset, CHUNK_ROWS)
            region_piece = None if region_array is None else region_array.slice(start + offset, len(piece))
            answers.append(pa.array(_Capsules(*call(piece, region_piece))))
        start += len(chunk)
    if single:
        return answers[0] if len(answers) == 1 else pa.concat_arrays(answers)
    if not answers:
        return pa.chunked_array([], type=call_type(call))
    return pa.chunked_array(answers)


def call_type(call: Callable[[Any, Optional[Any]], Tuple[object, object]]) -> Any:
    """The struct type `call` answers (from its answer to no rows)."""
    pa = pyarrow()
    return pa.array(_Capsules(*call(pa.array([], pa.string()), None))).type


def _capsules(array: Optional[Any]) -> Tuple[object, object]:
    if array is None:
        return None, None
    return array.__arrow_c_array__()  # type: ignore[no-any-return]


def normalize(numbers: Any, regions: Any = None, *, region: Optional[str] = None) -> Any:
    """The phone records of a column of numbers, each read in its row's
    region from ``regions`` (a column as long; null or "" for none), or
    all in ``region``: as ``payphone phone --jsonl`` answers them."""
    return _answer(numbers, "numbers", regions, _phone_call(region))


def _phone_call(region: Optional[str]) -> Callable[[Any, Optional[Any]], Tuple[object, object]]:
    def call(piece: Any, regions: Optional[Any]) -> Tuple[object, object]:
        schema, array = piece.__arrow_c_array__()
        regions_schema, regions_array = _capsules(regions)
        return _payphone.arrow_phone(schema, array, regions_schema, regions_array, region)

    return call


def cards(numbers: Any) -> Any:
    """The card records of a column of card numbers, as ``payphone card
    --jsonl`` answers them (the digits never leave the record's fields
    ``digits`` and ``formatted``)."""

    def call(piece: Any, _: Optional[Any]) -> Tuple[object, object]:
        schema, array = piece.__arrow_c_array__()
        return _payphone.arrow_card(schema, array)

    return _answer(numbers, "numbers", None, call)


def find(texts: Any, region: Optional[str] = None, *, leniency: str = "valid", cards: bool = False) -> Any:
    """The find records of a column of texts: ``ok`` and ``matches``, a
    list of match structs (``kind``, ``start``, ``end`` and each kind's
    fields), as ``payphone find --jsonl`` answers them."""

    def call(piece: Any, _: Optional[Any]) -> Tuple[object, object]:
        schema, array = piece.__arrow_c_array__()
        return _payphone.arrow_find(schema, array, None, None, region, leniency, cards, False)

    return _answer(texts, "texts", None, call)
