"""The ctypes binding of libPayPhoneC.so (payphone.h), bundled in the package."""

from __future__ import annotations

import ctypes
import os
import pickle
import sys
import threading
from typing import Any, Dict, List, Optional, Tuple

FORMAT_JSON = 0
FORMAT_PICKLE = 1
FORMAT_PICKLE_VALUES = 2
BUFFER_TOO_SMALL = -1
INVALID_ARGUMENT = -2

_c_char_pp = ctypes.POINTER(ctypes.c_char_p)
_c_size_p = ctypes.POINTER(ctypes.c_size_t)


def _load() -> ctypes.CDLL:
    path = os.environ.get("PAYPHONE_LIBRARY") or os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "_lib", "libPayPhoneC.so"
    )
    lib = ctypes.CDLL(path)
    # Output buffers and size cells go as addresses (c_void_p): the cheapest
    # conversion ctypes has, which matters at a microsecond per call.
    single = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_int32,
              ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p]
    batch = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_size_t,
             ctypes.c_size_t, ctypes.c_int32, ctypes.POINTER(ctypes.c_void_p), _c_size_p]
    for name in ("payphone_phone", "payphone_card"):
        getattr(lib, name).argtypes = single
        getattr(lib, name).restype = ctypes.c_int32
    for name in ("payphone_phone_batch", "payphone_card_batch"):
        getattr(lib, name).argtypes = batch
        getattr(lib, name).restype = ctypes.c_int32
    lib.payphone_as_you_type.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_int32,
                                         ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p]
    lib.payphone_as_you_type.restype = ctypes.c_int32
    lib.payphone_find.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_char_p,
                                  ctypes.c_uint32, ctypes.c_int32, ctypes.c_void_p, ctypes.c_size_t,
                                  ctypes.c_void_p]
    lib.payphone_find.restype = ctypes.c_int32
    lib.payphone_find_batch.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_size_t,
                                        ctypes.c_size_t, ctypes.c_char_p, ctypes.c_uint32, ctypes.c_int32,
                                        ctypes.POINTER(ctypes.c_void_p), _c_size_p]
    lib.payphone_find_batch.restype = ctypes.c_int32
    lib.payphone_free.argtypes = [ctypes.c_void_p]
    lib.payphone_free.restype = None
    lib.payphone_version.restype = ctypes.c_char_p
    lib.payphone_version.argtypes = []
    lib.payphone_status_code.restype = ctypes.c_char_p
    lib.payphone_status_code.argtypes = [ctypes.c_int32]
    lib.payphone_formatter_new.argtypes = [ctypes.c_char_p]
    lib.payphone_formatter_new.restype = ctypes.c_void_p
    lib.payphone_formatter_free.argtypes = [ctypes.c_void_p]
    lib.payphone_formatter_free.restype = None
    lib.payphone_formatter_clear.argtypes = [ctypes.c_void_p]
    lib.payphone_formatter_clear.restype = None
    lib.payphone_formatter_input_digit.argtypes = [ctypes.c_void_p, ctypes.c_uint32, ctypes.c_int32,
                                                   ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p]
    lib.payphone_formatter_input_digit.restype = ctypes.c_int32
    lib.payphone_formatter_text.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p]
    lib.payphone_formatter_text.restype = ctypes.c_int32
    lib.payphone_formatter_remembered_position.argtypes = [ctypes.c_void_p]
    lib.payphone_formatter_remembered_position.restype = ctypes.c_int32
    return lib


lib = _load()


class _Scratch(threading.local):
    """Each thread's output buffer and size cell for single calls."""

    def __init__(self) -> None:
        self.written = ctypes.c_size_t(0)
        self.written_ref = ctypes.addressof(self.written)
        self.grow(2047)

    def grow(self, needed: int) -> None:
        self.capacity = needed + 1
        self.buffer = ctypes.create_string_buffer(self.capacity)
        self.address = ctypes.addressof(self.buffer)


scratch = _Scratch()


def encode(text: str) -> bytes:
    """UTF-8, lone surrogates passed through (the library reads them as U+FFFD)."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogatepass")


_string_at = ctypes.string_at
_loads = pickle.loads


def load_scratch() -> Any:
    """The record in this thread's buffer after a single call (pickled)."""
    return _loads(_string_at(scratch.address, scratch.written.value))


def status_error(status: int) -> Exception:
    """The exception for a failed call's status: MemoryError when the
    library ran out of memory, else ValueError naming the status."""
    code: str = lib.payphone_status_code(status).decode()
    return MemoryError(code) if code == "out_of_memory" else ValueError(code)


def single(function: Any, first: bytes, second: Optional[bytes], fmt: int = FORMAT_PICKLE) -> Any:
    """Calls a single-record function of payphone.h into this thread's
    buffer: the record as a dict (FORMAT_PICKLE), a tuple of its values
    (FORMAT_PICKLE_VALUES) or JSON text (FORMAT_JSON)."""
    local = scratch
    status = function(first, len(first), second, fmt, local.address, local.capacity, local.written_ref)
    if status == BUFFER_TOO_SMALL:
        local.grow(local.written.value)
        status = function(first, len(first), second, fmt, local.address, local.capacity, local.written_ref)
    if status < 0:
        raise status_error(status)
    data = _string_at(local.address, local.written.value)
    return data.decode("utf-8") if fmt == FORMAT_JSON else _loads(data)


def batch(function: Any, items: List[Any], extras: Any, *options: Any) -> List[Any]:
    """Calls a batch function of payphone.h over `items` (strings), with
    `extras` (None, one string for every item, or one string or None per
    item) packed beside them; returns one dict per item, in order."""
    count = len(items)
    if count == 0:
        return []
    for item in items:
        if not isinstance(item, str):
            raise TypeError(f"expected str, got {type(item).__name__}: {item!r}")
    joined = "\0".join(items)
    if joined.count("\0") != count - 1:
        # A NUL inside an input: answer those one by one (a sized string
        # carries any byte); the rest stay in one batch.
        return _batch_with_nuls(function, items, extras)
    joined += "\0"
    surrogates = False
    try:
        packed = joined.encode("utf-8")
    except UnicodeEncodeError:
        packed = joined.encode("utf-8", "surrogatepass")
        surrogates = True
    if extras is None:
        packed_extras, extras_size = None, 0
    else:
        if isinstance(extras, str):
            text = (extras + "\0") * count
        else:
            extras = list(extras)
            if len(extras) != count:
                raise ValueError(f"{count} inputs but {len(extras)} regions/codes")
            text = "\0".join("" if e is None else e for e in extras) + "\0"
            if text.count("\0") != count:
                raise ValueError("a region or code holds a NUL character")
        packed_extras = encode(text)
        extras_size = len(packed_extras)
    out = ctypes.c_void_p()
    size = ctypes.c_size_t()
    status = function(packed, len(packed), packed_extras, extras_size, count, *options, FORMAT_PICKLE,
                      ctypes.byref(out), ctypes.byref(size))
    if status != 0:
        raise status_error(status)
    try:
        data = ctypes.string_at(out, size.value)
    finally:
        lib.payphone_free(out)
    records: List[Any] = pickle.loads(data)
    if surrogates and not options:
        for record, item in zip(records, items):
            record["input"] = item
    return records


def _batch_with_nuls(function: Any, items: List[Any], extras: Any) -> List[Any]:
    single_function = lib.payphone_phone if function is lib.payphone_phone_batch else lib.payphone_card
    if extras is None or isinstance(extras, str):
        extras_list = [extras] * len(items)
    else:
        extras_list = list(extras)
        if len(extras_list) != len(items):
            raise ValueError(f"{len(items)} inputs but {len(extras_list)} regions/codes")
    records = []
    for item, extra in zip(items, extras_list):
        record = single(single_function, encode(item), encode(extra) if extra else None)
        record["input"] = item
        records.append(record)
    return records


# The direct path (payphone.h, "Python objects"): the library builds the
# answers as Python objects itself, through the interpreter's own C API
# functions handed over by address in a table (no compiled extension, no
# link against libpython). Called through PyDLL, so the GIL is held; the
# batch call releases it while it parses. CPython only; anywhere else, or
# with PAYPHONE_PYTHON_OBJECTS=0, the package decodes pickled records.
_KEYS = ("input", "ok", "error", "message", "e164", "countryCode", "nationalNumber", "extension", "region",
         "valid", "possible", "type", "international", "national", "rfc3966")
_API_FUNCTIONS = ("PyUnicode_FromStringAndSize", "PyUnicode_AsUTF8AndSize", "PyLong_FromLong", "PyTuple_New",
                  "PyTuple_SetItem", "PyList_New", "PyList_SetItem", "PyList_GetItem", "PyList_Size",
                  "PyDict_New", "PyDict_SetItem", "Py_IncRef", "Py_DecRef", "PyEval_SaveThread",
                  "PyEval_RestoreThread")
# Slots 33 on: what payphone_python_functions needs besides.
_FUNCTION_API = ("PyCFunction_NewEx", "PyType_FromSpec", "PyType_GenericAlloc", "PyDict_Copy", "PyObject_Call",
                 "PyErr_SetObject", "PyErr_Clear", "PyTuple_GetItem", "PyTuple_Size", "PyErr_Occurred")
# Slots 43 on: what makes payphone_python_functions' normalize faster where
# the interpreter has it (NULL where not: it then does without). Not all of
# Python's stable ABI: PyUnicode_New (every CPython 3) makes an ASCII str
# with no UTF-8 decoding; PyGC_Disable and PyGC_Enable (3.10 on) pause the
# collector while the records are made.
_OPTIONAL_API = ("PyUnicode_New", "PyGC_Disable", "PyGC_Enable")


def _python_api(optional: bool = True) -> Any:
    """The table of payphone_python_api slots, or None where the direct path
    cannot run; with ``optional`` False, the optional slots left NULL (as
    where the interpreter lacks them; the tests' way to run without them).
    The objects it points to (None, True, False, the interned keys) live as
    long as the interpreter or this module."""
    if os.environ.get("PAYPHONE_PYTHON_OBJECTS", "1") == "0":
        return None
    if sys.implementation.name != "cpython" or not hasattr(ctypes, "pythonapi"):
        return None
    if not getattr(sys, "_is_gil_enabled", lambda: True)():
        return None  # a free-threaded interpreter: the direct path relies on the GIL
    def address(name: str) -> Optional[int]:
        try:
            return ctypes.cast(getattr(ctypes.pythonapi, name), ctypes.c_void_p).value
        except AttributeError:
            return None

    addresses = [address(name) for name in _API_FUNCTIONS]
    if None in addresses:
        return None
    # In CPython id() is the object's address.
    objects = [None, True, False] + [sys.intern(key) for key in _KEYS]
    _api_objects.append(tuple(objects))
    more = [address(name) for name in _FUNCTION_API]  # NULL slots: no builtin functions
    more += [address(name) if optional else None for name in _OPTIONAL_API]
    return (ctypes.c_void_p * (len(addresses) + len(objects) + len(more)))(
        *addresses, *(id(o) for o in objects), *more)


_api_objects: List[Tuple[object, ...]] = []
_api_table = _python_api()
#: The table's address (the first argument of the direct calls), or None.
python_api: Optional[int] = None if _api_table is None else ctypes.addressof(_api_table)
python_parse: Any = None
python_normalize: Any = None
if python_api is not None:
    _direct = ctypes.PyDLL(lib._name)
    try:
        python_parse = _direct.payphone_python_parse
        python_normalize = _direct.payphone_python_normalize
    except AttributeError:  # a library from before the direct path (PAYPHONE_LIBRARY)
        python_api = python_parse = python_normalize = None
    else:
        python_parse.argtypes = [ctypes.c_void_p, ctypes.py_object, ctypes.py_object]
        python_parse.restype = ctypes.py_object
        python_normalize.argtypes = [ctypes.c_void_p, ctypes.py_object, ctypes.py_object, ctypes.py_object]
        python_normalize.restype = ctypes.py_object


def _record_templates() -> Tuple[Dict[str, Any], Dict[str, Any]]:
    """The dicts normalize copies each record from (its values put in
    after): a number's, with True for ``ok``, ``valid`` and ``possible``
    and None for the rest, and a failure's. The number's is the
    ``__dict__`` of an instance of a class of its own, so that in CPython
    it shares its thirteen keys with the class: a copy then holds only the
    values, about a third less memory a record (and a dict like any other,
    to read, change or pickle). A failure's four keys take less memory as
    a dict of its own."""
    class NumberRecord:
        pass

    # _KEYS is input, ok, error, message, then a number's other keys in order.
    number = NumberRecord()
    for key in _KEYS[:2] + _KEYS[4:]:
        setattr(number, sys.intern(key), True if key in ("ok", "valid", "possible") else None)
    failure = {sys.intern(key): False if key == "ok" else None for key in _KEYS[:4]}
    return number.__dict__, failure


def python_functions(phone_number: type, parse_error: type, general_parse: Any, doc: str, table: Any = None) -> Any:
    """The builtin functions (parse, normalize) the library makes
    (payphone_python_functions): ``parse`` is called by the interpreter
    directly, with no ctypes conversions. None where they cannot be made
    (not CPython 3.10 or later with the standard object header, an older
    library, PAYPHONE_PYTHON_FUNCTIONS=0); ``general_parse`` answers the
    calls the fast one does not take (keywords, values that are not str,
    lone surrogates). ``table``: another table of ``_python_api`` (kept
    alive by the caller as long as the functions), else the module's."""
    if python_api is None or os.environ.get("PAYPHONE_PYTHON_FUNCTIONS", "1") == "0" or sys.version_info < (3, 10):
        return None
    try:
        make = _direct.payphone_python_functions
    except AttributeError:
        return None
    make.argtypes = [ctypes.c_void_p, ctypes.py_object]
    make.restype = ctypes.py_object
    header = str(object.__basicsize__)
    number_template, failure_template = _record_templates()
    try:
        address = python_api if table is None else ctypes.addressof(table)
        return make(address, (phone_number, parse_error, general_parse, general_parse.__module__, doc, header,
                              number_template, failure_template))
    except ValueError:  # NULL without an exception: cannot be made here
        return None
