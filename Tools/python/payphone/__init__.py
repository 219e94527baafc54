"""PayPhone for Python: phone numbers, cards, numbers in text and as-you-type formatting,
answered by PayPhone's Swift engine (bundled as libPayPhoneC.so, loaded with
ctypes; no Swift toolchain needed).

Phone answers are libphonenumber 9.0.43's, as the Python port
``phonenumbers`` gives them, many times faster::

    >>> import payphone
    >>> n = payphone.parse("020 7946 0958", "GB")
    >>> n.e164, n.type, n.is_valid
    ('+442079460958', 'fixed_line', True)
    >>> payphone.normalize(["+1 650 253 0000", "nope"])[1]["error"]
    'not_a_number'

Records (the dicts of :func:`normalize`, :func:`card`, :func:`cards`) have
exactly the keys of the ``payphone`` CLI's ``--jsonl`` output, camelCase,
with ``None`` for absent values. Every function is safe to call from many
threads at once.
"""

from __future__ import annotations

import ctypes
from typing import TYPE_CHECKING, Any, Dict, List, NamedTuple, Optional, Sequence, Union, cast

from . import _native

__all__ = [
    "LENIENCIES",
    "AsYouTypeFormatter",
    "ParseError",
    "PayPhoneError",
    "PhoneNumber",
    "as_you_type",
    "card",
    "cards",
    "find",
    "find_many",
    "normalize",
    "parse",
    "redact",
    "version",
]

#: A record: the CLI contract's fields for one input.
Record = Dict[str, Any]

_lib = _native.lib


def version() -> str:
    """The bundled library's version, e.g. ``"0.1.0"``.

    >>> payphone.version()
    '0.1.0'
    """
    return cast(bytes, _lib.payphone_version()).decode()


__version__ = version()


class PayPhoneError(ValueError):
    """An input the library answered with an error: ``code`` is the CLI
    contract's stable snake_case code, ``message`` a sentence."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code: str = code
        self.message: str = message


class ParseError(PayPhoneError):
    """A text that cannot be read as a phone number.

    ``code`` is one of libphonenumber's five parse error kinds, as the
    contract spells them: ``invalid_country_code``, ``not_a_number``,
    ``too_short_after_idd``, ``too_short_nsn``, ``too_long``.

    >>> try:
    ...     payphone.parse("+999 1234")
    ... except payphone.ParseError as error:
    ...     error.code
    'invalid_country_code'
    """


class PhoneNumber(NamedTuple):
    """A parsed phone number, with its formats, validity and type.

    ``type`` is one of ``fixed_line``, ``mobile``, ``fixed_line_or_mobile``,
    ``toll_free``, ``premium_rate``, ``shared_cost``, ``voip``,
    ``personal_number``, ``pager``, ``uan``, ``voicemail``, ``unknown``;
    ``region`` is ``"001"`` for non-geographic numbers (+800) and ``None``
    when unknown; ``national_number`` keeps leading zeros (Italy's 0).

    >>> payphone.parse("+39 06 1234 5678").national_number
    '0612345678'
    """

    # In the order of the contract's fields (the library hands them over so).
    e164: str
    country_code: int
    national_number: str
    extension: Optional[str]
    region: Optional[str]
    is_valid: bool
    is_possible: bool
    type: str
    international: str
    national: str
    rfc3966: str


_tuple_new = tuple.__new__
_single = _native.single
_encode = _native.encode
_phone = _lib.payphone_phone
_VALUES = _native.FORMAT_PICKLE_VALUES
_api = _native.python_api
_direct_parse = _native.python_parse
_direct_normalize = _native.python_normalize


def _parse(number: str, region: Optional[str] = None) -> PhoneNumber:
    """Parses ``number`` (as people type it: punctuation, ``+`` or an
    international prefix, extensions, ``tel:`` URIs, vanity letters, digits
    of any script) with ``region`` (ISO 3166-1 alpha-2, any case) as the
    default region for numbers written without ``+``.

    Raises :class:`ParseError` when the text is not a phone number.

    >>> payphone.parse("020 7946 0958 ext. 123", "gb").international
    '+44 20 7946 0958 x123'
    """
    if _direct_parse is not None:
        # The values as a tuple the library made: (e164, ..., rfc3966), or
        # (code, message) for a parse error.
        try:
            answer = _direct_parse(_api, number, region)
        except (TypeError, UnicodeEncodeError):
            pass  # not a str (said below), or a lone surrogate (read below as U+FFFD)
        else:
            if len(answer) == 11:
                return _tuple_new(PhoneNumber, answer)
            raise ParseError(answer[0], answer[1])
    if not isinstance(number, str):
        raise TypeError(f"number must be str, not {type(number).__name__}")
    # The record's values as a tuple: (input, ok, e164, ..., rfc3966) or
    # (input, ok, error, message).
    values = _single(_phone, _encode(number), None if region is None else _encode(region), _VALUES)
    if values[1]:
        return _tuple_new(PhoneNumber, values[2:])
    raise ParseError(values[2], values[3])


def _signed(signature: str, doc: Optional[str]) -> str:
    """A builtin function's docstring: its signature line, then the doc dedented."""
    lines = (doc or "").strip("\n").split("\n")
    body = "\n".join(line[4:] if line.startswith("    ") else line for line in lines)
    return f"{signature}\n--\n\n{body}"


# The library's builtin functions (one vectorcall a parse, no ctypes), or None.
_functions = _native.python_functions(
    PhoneNumber, ParseError, _parse, _signed("parse($module, number, region=None)", _parse.__doc__))
_fast_normalize = None if _functions is None else _functions[1]
if TYPE_CHECKING:
    parse = _parse
else:
    parse = _parse if _functions is None else _functions[0]


def normalize(
    numbers: Sequence[str], regions: Union[Sequence[Optional[str]], str, None] = None
) -> List[Record]:
    """Answers many numbers in one call: one dict per number, in order, with
    exactly the fields of ``payphone phone --jsonl``.

    ``regions`` is one default region for every number, a list with one
    (or ``None``) per number, or ``None``. A number that does not parse is
    answered, not dropped: ``{"input": ..., "ok": False, "error": code,
    "message": ...}``. This is the call for pandas columns
    (``payphone.normalize(df["phone"].tolist(), df["country"].tolist())``).

    >>> payphone.normalize(["020 7946 0958"], "GB")[0]["e164"]
    '+442079460958'
    """
    items = list(numbers)
    if _direct_normalize is not None:
        if regions is None or isinstance(regions, str):
            region_list, common = None, regions
        else:
            region_list, common = list(regions), None
            if len(region_list) != len(items):
                raise ValueError(f"{len(items)} inputs but {len(region_list)} regions/codes")
        try:
            if _fast_normalize is not None:
                records: List[Record] = _fast_normalize(items, region_list, common)
            else:
                records = _direct_normalize(_api, items, region_list, common)
            return records
        except (TypeError, UnicodeEncodeError):
            pass  # not a str, or a lone surrogate: the general path says which, or reads it
    return _native.batch(_lib.payphone_phone_batch, items, regions)


def card(number: str, cvc: Optional[str] = None) -> Record:
    """Inspects a card number (complete or typed so far; spaces, hyphens,
    dots and digits of any script accepted): the fields of ``payphone card
    --jsonl`` — brand, candidates, Luhn, length, validity, grouping, BIN,
    last four, security code. With ``cvc``, ``cvcValid`` says whether it
    fits the brand; the code is never given back. A text that is not a card
    number gives ``ok`` False with ``error`` ``empty`` or
    ``invalid_character``.

    >>> payphone.card("3782 822463 10005")["brand"]
    'american-express'
    """
    if not isinstance(number, str):
        raise TypeError(f"number must be str, not {type(number).__name__}")
    record: Record = _native.single(
        _lib.payphone_card, _native.encode(number), _native.encode(cvc) if cvc else None)
    return record


def cards(numbers: Sequence[str], cvcs: Union[Sequence[Optional[str]], None] = None) -> List[Record]:
    """:func:`card` for many numbers in one call (``cvcs``: one per number,
    ``None`` or ``""`` for none).

    >>> [r["last4"] for r in payphone.cards(["4111 1111 1111 1111", "65"])]
    ['1111', '65']
    """
    return _native.batch(_lib.payphone_card_batch, list(numbers), cvcs)


#: The leniencies of :func:`find`, libphonenumber's, weakest first.
LENIENCIES = ("possible", "valid", "strict_grouping", "exact_grouping")
_FIND_CARDS = 1
_FIND_REDACT = 2


def _find_record(text: str, region: Optional[str], leniency: str, flags: int, raising: bool = True) -> Record:
    if not isinstance(text, str):
        raise TypeError(f"text must be str, not {type(text).__name__}")
    if leniency not in LENIENCIES:
        raise ValueError(f"leniency must be one of {', '.join(LENIENCIES)}, not {leniency!r}")
    encoded = _native.encode(text)
    local = _native.scratch
    region_bytes = None if region is None else _native.encode(region)
    arguments = (encoded, len(encoded), region_bytes, leniency.encode(), flags, _native.FORMAT_PICKLE)
    status = _lib.payphone_find(*arguments, local.address, local.capacity, local.written_ref)
    if status == _native.BUFFER_TOO_SMALL:
        local.grow(local.written.value)
        status = _lib.payphone_find(*arguments, local.address, local.capacity, local.written_ref)
    if status < 0:
        raise _native.status_error(status)
    record: Record = _native.load_scratch()
    if raising and not record["ok"]:
        raise PayPhoneError(record["error"], record["message"])
    return record


def find(text: str, region: Optional[str] = None, leniency: str = "valid", cards: bool = False) -> List[Record]:
    """The phone numbers in ``text``, exactly as libphonenumber's
    ``PhoneNumberMatcher(text, region, leniency)`` finds them (the
    ``matches`` of ``payphone find --jsonl``), in text order.

    Each match is ``{"kind": "phone", "start", "end", "raw", "e164",
    "extension"}``, ``start``/``end`` offsets in characters (code points)
    into ``text``. With ``cards``, card numbers too, as ``{"kind": "card",
    "start", "end", "brand", "last4"}`` (never the digits); a phone match
    overlapping a card is dropped. ``leniency`` is one of
    :data:`LENIENCIES`. A text over 1 MiB of UTF-8 raises
    :class:`PayPhoneError` (``text_too_long``).

    >>> [m["e164"] for m in payphone.find("Call 020 7946 0958 or +1 650-253-0000", "GB")]
    ['+442079460958', '+16502530000']
    """
    matches: List[Record] = _find_record(text, region, leniency, _FIND_CARDS if cards else 0)["matches"]
    return matches


def redact(text: str, region: Optional[str] = None, leniency: str = "valid", cards: bool = True) -> str:
    """``text`` with each number :func:`find` finds replaced by ``[phone]``
    (and, with ``cards``, on by default, each card number by ``[card]``).

    >>> payphone.redact("card 4111 1111 1111 1111, tel 020 7946 0958", "GB")
    'card [card], tel [phone]'
    """
    flags = _FIND_REDACT | (_FIND_CARDS if cards else 0)
    redacted: str = _find_record(text, region, leniency, flags)["redacted"]
    return redacted


def find_many(
    texts: Sequence[str], regions: Union[Sequence[Optional[str]], str, None] = None, leniency: str = "valid",
    cards: bool = False, redact: bool = False,
) -> List[Record]:
    """:func:`find` for many texts in one call: one record per text, in
    order, as ``payphone find --jsonl`` writes it — ``{"ok": True,
    "matches": [...]}`` (plus ``"redacted"`` with ``redact``), or
    ``{"ok": False, "error": "text_too_long", "message": ...}``.

    >>> [len(r["matches"]) for r in payphone.find_many(["no number", "+44 20 7946 0958"])]
    [0, 1]
    """
    if leniency not in LENIENCIES:
        raise ValueError(f"leniency must be one of {', '.join(LENIENCIES)}, not {leniency!r}")
    flags = (_FIND_CARDS if cards else 0) | (_FIND_REDACT if redact else 0)
    texts = list(texts)
    if any("\0" in text for text in texts if isinstance(text, str)):
        # A NUL cannot be packed: these go one by one, as sized strings.
        if regions is None or isinstance(regions, str):
            regions = [regions] * len(texts)
        if len(regions) != len(texts):
            raise ValueError(f"{len(texts)} texts but {len(regions)} regions")
        return [_find_record(t, r, leniency, flags, raising=False) for t, r in zip(texts, regions)]
    return _native.batch(_lib.payphone_find_batch, texts, regions, leniency.encode(), flags)


def as_you_type(keys: str, region: str) -> List[str]:
    """The text a phone field shows after each key of ``keys`` typed in
    ``region`` (the steps of ``payphone as-you-type``).

    >>> payphone.as_you_type("6502532222", "US")[-1]
    '(650) 253-2222'
    """
    if not region:
        raise ValueError("as_you_type needs a region")
    encoded = _native.encode(keys)
    local = _native.scratch
    while True:
        status = _lib.payphone_as_you_type(_native.encode(region), encoded, len(encoded), _native.FORMAT_PICKLE,
                                           local.address, local.capacity, local.written_ref)
        if status != _native.BUFFER_TOO_SMALL:
            break
        local.grow(local.written.value)
    if status < 0:
        raise _native.status_error(status)
    record: Record = _native.load_scratch()
    if not record["ok"]:
        raise ValueError(record["message"])
    steps: List[str] = record["steps"]
    return steps


class AsYouTypeFormatter:
    """Formats a phone number as it is typed, key by key, exactly as
    libphonenumber's ``AsYouTypeFormatter`` (the methods are named as in
    ``phonenumbers``).

    >>> f = payphone.AsYouTypeFormatter("US")
    >>> [f.input_digit(c) for c in "650253"][-1]
    '650-253'
    >>> f.clear()
    >>> f.input_digit("0")
    '0'
    """

    def __init__(self, region: str) -> None:
        if not region:
            raise ValueError("AsYouTypeFormatter needs a region")
        handle = _lib.payphone_formatter_new(_native.encode(region))
        if not handle:
            raise ValueError(f"cannot make a formatter for region {region!r}")
        self._handle: Optional[int] = handle
        self.region: str = region.upper()

    def input_digit(self, next_char: str, remember_position: bool = False) -> str:
        """Types one key (one character: a digit of any script, ``+``, or
        anything else, which stops formatting) and returns the text to show.
        With ``remember_position``, :meth:`get_remembered_position` follows
        this key through later reformatting."""
        if len(next_char) != 1:
            raise ValueError("input_digit takes one character")
        local = _native.scratch
        status = _lib.payphone_formatter_input_digit(self._live(), ord(next_char), 1 if remember_position else 0,
                                                     local.address, local.capacity, local.written_ref)
        if status == _native.BUFFER_TOO_SMALL:
            local.grow(local.written.value)
            status = _lib.payphone_formatter_text(self._live(), local.address, local.capacity, local.written_ref)
        if status < 0:
            raise _native.status_error(status)
        return ctypes.string_at(local.address, local.written.value).decode("utf-8")

    def input_digit_and_remember_position(self, next_char: str) -> str:
        """:meth:`input_digit` with ``remember_position=True`` (phonenumbers' name)."""
        return self.input_digit(next_char, remember_position=True)

    def get_remembered_position(self) -> int:
        """Where the remembered key is now: the offset, in characters, just after it."""
        return int(_lib.payphone_formatter_remembered_position(self._live()))

    def clear(self) -> None:
        """Forgets everything typed, keeping the region."""
        _lib.payphone_formatter_clear(self._live())

    def _live(self) -> int:
        if self._handle is None:
            raise ValueError("the formatter is closed")
        return self._handle

    def close(self) -> None:
        """Releases the formatter now (else when it is garbage-collected)."""
        if self._handle is not None:
            _lib.payphone_formatter_free(self._handle)
            self._handle = None

    def __del__(self) -> None:
        handle = getattr(self, "_handle", None)
        if handle is not None:
            _lib.payphone_formatter_free(handle)
            self._handle = None

    def __enter__(self) -> "AsYouTypeFormatter":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
