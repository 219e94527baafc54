"""PayPhone for Python: phone numbers, cards, numbers in text and as-you-type formatting,
answered by PayPhone's Swift engine (the bundled extension module
``payphone._payphone``; no Swift toolchain needed).

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
threads at once; the batch calls release the GIL while they parse and search. CPython 3.10 or later
(a wheel per version); free-threaded CPython is refused at import.
"""

from __future__ import annotations

import sys
import sysconfig
from typing import TYPE_CHECKING, Any, Dict, List, NamedTuple, Optional, Sequence, Tuple, Union, cast, overload

if sysconfig.get_config_var("Py_GIL_DISABLED"):
    raise ImportError(
        "payphone does not support free-threaded CPython (a build without the GIL): its extension module "
        "is built for a standard CPython's ABI, which such an interpreter cannot load; "
        f"use a standard CPython 3.10 or later, not {sys.version.split()[0]} free-threaded")

from . import _payphone  # noqa: E402

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

def version() -> str:
    """The bundled library's version, e.g. ``"0.1.0"``.

    >>> payphone.version()
    '0.1.0'
    """
    return _payphone.version()


__version__ = version()


class PayPhoneError(ValueError):
    """An input the library answered with an error: ``code`` is the CLI
    contract's stable snake_case code, ``message`` a sentence."""

    def __init__(self, code: str, message: str) -> None:
        # Both in args, so that the exception pickles (multiprocessing
        # sends a worker's exception back pickled).
        super().__init__(code, message)
        self.code: str = code
        self.message: str = message

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


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


def _record_template(keys: Tuple[str, ...]) -> Dict[str, None]:
    """A dict of ``keys`` (a record's, in order), each None, that the
    extension copies for each record of that shape: an instance's
    ``__dict__``, so that in CPython its copies share their keys with the
    class and hold only their values (less memory and time a record; a
    dict like any other to read, change or pickle)."""
    class RecordKeys:
        pass

    record = RecordKeys()
    for key in keys:
        setattr(record, key, None)
    return cast(Dict[str, None], record.__dict__)


_payphone._setup(PhoneNumber, ParseError, _record_template)

if TYPE_CHECKING:
    def parse(number: str, region: Optional[str] = None) -> PhoneNumber:
        """Parses ``number`` (as people type it)."""
        ...
else:
    #: Parses ``number`` (as people type it: punctuation, ``+`` or an
    #: international prefix, extensions, ``tel:`` URIs, vanity letters,
    #: digits of any script) with ``region`` (ISO 3166-1 alpha-2, any case)
    #: as the default region for numbers written without ``+``: a
    #: :class:`PhoneNumber`. Raises :class:`ParseError` when the text is not
    #: a phone number. The extension's own function: one call, and it
    #: pickles (Spark's ``rdd.map(payphone.parse)``).
    parse = _payphone.parse


@overload
def normalize(numbers: Sequence[str], regions: Union[Sequence[Optional[str]], str, None] = None) -> List[Record]:
    ...


@overload
def normalize(
    numbers: Sequence[object], regions: Union[Sequence[object], str, None] = None
) -> List[Optional[Record]]:
    ...


def normalize(
    numbers: Sequence[Any], regions: Union[Sequence[Any], str, None] = None
) -> Union[List[Record], List[Optional[Record]]]:
    """Answers many numbers in one call: one dict per number, in order, with
    exactly the fields of ``payphone phone --jsonl``.

    ``regions`` is one default region for every number, a list with one
    (or ``None``) per number, or ``None``. A number that does not parse is
    answered, not dropped: ``{"input": ..., "ok": False, "error": code,
    "message": ...}``. This is the call for pandas columns
    (``payphone.normalize(df["phone"].tolist(), df["country"].tolist())``).

    A missing value (``None``, ``NaN``, ``pd.NA``: what a DataFrame column
    holds for an empty cell) is answered by ``None`` in its place, and a
    missing region is none; anything else that is not a ``str`` is a
    ``TypeError`` naming its row.

    >>> payphone.normalize(["020 7946 0958"], "GB")[0]["e164"]
    '+442079460958'
    >>> payphone.normalize(["020 7946 0958", None, float("nan")], "GB")[1:]
    [None, None]
    """
    common, each = (regions, None) if regions is None or isinstance(regions, str) else (None, regions)
    try:
        return _payphone.normalize(numbers, each, common)
    except TypeError:
        # A str (or bytes) where a list is expected is refused as it is.
        if isinstance(numbers, (str, bytes)) or isinstance(each, (str, bytes)):
            raise
        # Missing values among the numbers or regions: answer the rest, then
        # put None back in the missing numbers' places (or raise the error
        # that names the row holding something else).
    numbers = list(numbers)
    present = [row for row, number in enumerate(numbers) if not _is_missing(number)]
    _check_strings(numbers, present, "numbers")
    present_regions = None
    if each is not None:
        each = [None if _is_missing(region) else region for region in each]
        if len(each) != len(numbers):
            raise ValueError(f"{len(numbers)} numbers but {len(each)} regions")
        _check_strings(each, [row for row, region in enumerate(each) if region is not None], "regions")
        present_regions = [each[row] for row in present]
    answers = _payphone.normalize([numbers[row] for row in present], present_regions, common)
    records: List[Optional[Record]] = [None] * len(numbers)
    for row, record in zip(present, answers):
        records[row] = record
    return records


def _check_strings(values: Sequence[object], rows: Sequence[int], what: str) -> None:
    """TypeError naming the first of ``rows`` whose value is no ``str``."""
    for row in rows:
        if not isinstance(values[row], str):
            raise TypeError(
                f"{what}[{row}] must be str or a missing value (None, NaN, pd.NA), not {type(values[row]).__name__}")


def _is_missing(value: object) -> bool:
    """Whether ``value`` is a missing value: None, a NaN, pandas' NA or NaT."""
    if value is None or type(value).__name__ in ("NAType", "NaTType"):
        return True
    if isinstance(value, str):
        return False
    try:
        return bool(value != value)
    except (TypeError, ValueError):
        return False


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
    return _payphone.card(number, cvc)


def cards(numbers: Sequence[str], cvcs: Union[Sequence[Optional[str]], None] = None) -> List[Record]:
    """:func:`card` for many numbers in one call (``cvcs``: one per number,
    ``None`` or ``""`` for none).

    >>> [r["last4"] for r in payphone.cards(["4111 1111 1111 1111", "65"])]
    ['1111', '65']
    """
    return _payphone.cards(numbers, cvcs)


#: The leniencies of :func:`find`, libphonenumber's, weakest first.
LENIENCIES = ("possible", "valid", "strict_grouping", "exact_grouping")


def _leniency(leniency: str) -> str:
    if leniency not in LENIENCIES:
        raise ValueError(f"leniency must be one of {', '.join(LENIENCIES)}, not {leniency!r}")
    return leniency


def _find_record(text: str, region: Optional[str], leniency: str, cards: bool, redact: bool) -> Record:
    record = _payphone.find(text, region, _leniency(leniency), cards, redact)
    if not record["ok"]:
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
    matches: List[Record] = _find_record(text, region, leniency, cards, False)["matches"]
    return matches


def redact(text: str, region: Optional[str] = None, leniency: str = "valid", cards: bool = True) -> str:
    """``text`` with each number :func:`find` finds replaced by ``[phone]``
    (and, with ``cards``, on by default, each card number by ``[card]``).

    >>> payphone.redact("card 4111 1111 1111 1111, tel 020 7946 0958", "GB")
    'card [card], tel [phone]'
    """
    redacted: str = _find_record(text, region, leniency, cards, True)["redacted"]
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
    if regions is None or isinstance(regions, str):
        return _payphone.find_many(texts, None, regions, _leniency(leniency), cards, redact)
    return _payphone.find_many(texts, regions, None, _leniency(leniency), cards, redact)


def as_you_type(keys: str, region: str) -> List[str]:
    """The text a phone field shows after each key of ``keys`` typed in
    ``region`` (the steps of ``payphone as-you-type``).

    >>> payphone.as_you_type("6502532222", "US")[-1]
    '(650) 253-2222'
    """
    if not region:
        raise ValueError("as_you_type needs a region")
    record = _payphone.as_you_type(keys, region)
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
        # The formatter, in a capsule: each call takes its own reference
        # first, so close() meanwhile in another thread frees nothing under it.
        self._handle: Optional[object] = _payphone.formatter_new(region)
        self.region: str = region.upper()

    def input_digit(self, next_char: str, remember_position: bool = False) -> str:
        """Types one key (one character: a digit of any script, ``+``, or
        anything else, which stops formatting) and returns the text to show.
        With ``remember_position``, :meth:`get_remembered_position` follows
        this key through later reformatting."""
        if not isinstance(next_char, str):
            raise TypeError(f"next_char must be str, not {type(next_char).__name__}")
        if len(next_char) != 1:
            raise ValueError("input_digit takes one character")
        return _payphone.formatter_input(self._live(), next_char, remember_position)

    def input_digit_and_remember_position(self, next_char: str) -> str:
        """:meth:`input_digit` with ``remember_position=True`` (phonenumbers' name)."""
        return self.input_digit(next_char, remember_position=True)

    def get_remembered_position(self) -> int:
        """Where the remembered key is now: the offset, in characters, just after it."""
        return _payphone.formatter_position(self._live())

    def clear(self) -> None:
        """Forgets everything typed, keeping the region."""
        _payphone.formatter_clear(self._live())

    def _live(self) -> object:
        handle = self._handle
        if handle is None:
            raise ValueError("the formatter is closed")
        return handle

    def close(self) -> None:
        """Releases the formatter now (else when it is garbage-collected)."""
        self._handle = None

    def __enter__(self) -> "AsYouTypeFormatter":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
