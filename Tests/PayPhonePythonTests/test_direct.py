"""The direct path (payphone_python_parse / payphone_python_normalize: the
library builds the answers as Python objects) against the general path
(the records pickled by payphone_phone / payphone_phone_batch and decoded
by Python), which the rest of the tests hold to the CLI and phonenumbers:
the same answers, value for value, on the benchmark's corpus and on odd
inputs; references released; the GIL released while it parses."""

import gc
import sys
import threading
import time

import pytest

import payphone
from corpus import phone_corpus
from payphone import _native

pytestmark = pytest.mark.skipif(
    _native.python_api is None, reason="the direct path runs on CPython only")

CORPUS = phone_corpus(3000, seed=61)
ODD = [("020 7946 0958\0", "GB"), ("a\0b", None), ("\ud800 020 7946 0958", "GB"), ("", None),
       ("٠٢٠ ٧٩٤٦ ٠٩٥٨", "GB"), ("tel:+1-650-253-0000;ext=12", None), ("+800 1234 5678", "gb"),
       ("020 7946 0958", ""), ("0612345678", "IT"), ("1-800-FLOWERS", "US"), ("+999 1234", "ZZ"),
       ("020 7946 0958", "not a region"), ("x" * 5000, None), ("+44 20 7946 0958 ext. 123", None)]


def general_records(texts, regions):
    return _native.batch(_native.lib.payphone_phone_batch, list(texts), regions)


def general_values(text, region):
    """(e164, ..., rfc3966) or (code, message), through the pickled record."""
    values = _native.single(_native.lib.payphone_phone, _native.encode(text),
                            None if region is None else _native.encode(region), _native.FORMAT_PICKLE_VALUES)
    return values[2:] if values[1] else (values[2], values[3])


def direct_values(text, region):
    return _native.python_parse(_native.python_api, text, region)


def test_the_package_uses_the_direct_path():
    assert payphone._direct_parse is not None and payphone._direct_normalize is not None


def test_parse_values_equal_the_general_path():
    cases = CORPUS + [case for case in ODD if "\ud800" not in case[0]]
    differing = [(t, r) for t, r in cases if direct_values(t, r) != general_values(t, r)]
    assert differing == [], differing[:5]


def test_parse_through_the_package_equals_the_general_path():
    for text, region in CORPUS[:500] + ODD:
        try:
            got = tuple(payphone.parse(text, region))
        except payphone.ParseError as error:
            got = (error.code, error.message)
        assert got == general_values(text, region), (text, region)


def test_normalize_records_equal_the_general_path():
    texts = [t for t, _ in CORPUS + ODD]
    regions = [r for _, r in CORPUS + ODD]
    assert payphone.normalize(texts, regions) == general_records(texts, regions)
    assert payphone.normalize(texts, "GB") == general_records(texts, "GB")
    assert payphone.normalize(texts) == general_records(texts, None)


def test_normalize_record_input_is_the_str_given():
    texts = ["020 7946 0958", "nope"]
    records = payphone.normalize(texts, "GB")
    assert all(record["input"] is text for record, text in zip(records, texts))
    assert list(records[0]) == ["input", "ok", "e164", "countryCode", "nationalNumber", "extension", "region",
                                "valid", "possible", "type", "international", "national", "rfc3966"]
    assert list(records[1]) == ["input", "ok", "error", "message"]


def test_direct_calls_raise_python_errors():
    with pytest.raises(TypeError):
        _native.python_normalize(_native.python_api, ["020 7946 0958", 7], None, "GB")
    with pytest.raises(UnicodeEncodeError):
        _native.python_normalize(_native.python_api, ["\ud800"], None, None)
    with pytest.raises(TypeError):
        _native.python_parse(_native.python_api, "020 7946 0958", 44)
    # And the package turns them into its own answers.
    with pytest.raises(TypeError, match="expected str"):
        payphone.normalize(["020 7946 0958", 7])
    assert payphone.normalize(["\ud800 1"])[0]["input"] == "\ud800 1"
    with pytest.raises(ValueError, match="2 inputs but 1 regions"):
        payphone.normalize(["1", "2"], ["GB"])


def test_references_are_released():
    text = "+44 20 7946 0958 x" + "12"  # made at run time: a str of its own
    region = "G" + "B"
    before = (sys.getrefcount(text), sys.getrefcount(region))
    for _ in range(100):
        payphone.parse(text, region)
        records = payphone.normalize([text] * 10, [region] * 10)
        del records
        try:
            payphone.parse("+999" + "1234", region)
        except payphone.ParseError:
            pass
    gc.collect()
    assert (sys.getrefcount(text), sys.getrefcount(region)) == before


def test_normalize_releases_the_gil_while_parsing():
    # While one thread normalizes a long list, another notes the time as
    # often as it can. Were the GIL held for the whole call, the notes would
    # stop for all of it; released a couple of thousand numbers at a time, the
    # longest silence is a small part of the call.
    texts = [t for t, _ in CORPUS] * 40
    notes = []
    done = threading.Event()

    def note():
        while not done.is_set():
            notes.append(time.perf_counter())

    ticker = threading.Thread(target=note)
    ticker.start()
    try:
        time.sleep(0.01)
        start = time.perf_counter()
        records = payphone.normalize(texts, "GB")
        end = time.perf_counter()
    finally:
        done.set()
        ticker.join()
    assert len(records) == len(texts)
    inside = [start] + [t for t in notes if start < t < end] + [end]
    longest = max(b - a for a, b in zip(inside, inside[1:]))
    assert longest < (end - start) / 2, (longest, end - start)


def test_threads_normalize_at_once():
    texts = [t for t, _ in CORPUS]
    regions = [r for _, r in CORPUS]
    expected = general_records(texts, regions)
    results = [None] * 4

    def work(slot):
        results[slot] = payphone.normalize(texts, regions)

    threads = [threading.Thread(target=work, args=(slot,)) for slot in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(result == expected for result in results)
