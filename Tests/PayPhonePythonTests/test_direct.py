"""The direct path (payphone_python_parse / payphone_python_normalize: the
library builds the answers as Python objects) against the general path
(the records pickled by payphone_phone / payphone_phone_batch and decoded
by Python), which the rest of the tests hold to the CLI and phonenumbers:
the same answers, value for value, on the benchmark's corpus and on odd
inputs; references released; the GIL released while it parses."""

import gc
import inspect
import json
import os
import subprocess
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


def test_normalize_reads_each_region_as_given():
    # Regions are read once for each str object: distinct str of one code,
    # None, "", lower case and many codes interleaved answer as one by one.
    texts = [t for t, _ in CORPUS]
    codes = sorted({r for _, r in CORPUS if r})
    regions = []
    for index, (_, region) in enumerate(CORPUS):
        if index % 7 == 0:
            regions.append(None)
        elif index % 11 == 0:
            regions.append("")
        elif region and index % 3 == 0:
            regions.append("".join(list(region.lower())))  # a new str each time
        else:
            regions.append(codes[index % len(codes)] if index % 5 == 0 else region)
    assert payphone.normalize(texts, regions) == general_records(texts, regions)


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


def on_four_threads(work):
    """What `work()` gives on each of four threads run at once."""
    results = [None] * 4

    def run(slot):
        results[slot] = work()

    threads = [threading.Thread(target=run, args=(slot,)) for slot in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_threads_normalize_at_once():
    texts = [t for t, _ in CORPUS]
    regions = [r for _, r in CORPUS]
    expected = general_records(texts, regions)
    results = on_four_threads(lambda: payphone.normalize(texts, regions))
    assert all(result == expected for result in results)


# The builtin functions (payphone_python_functions): payphone.parse is the
# interpreter's own builtin function, made by the library, called with no
# ctypes in between; anything it does not take goes to the general parse.

needs_functions = pytest.mark.skipif(payphone._functions is None, reason="builtin functions need CPython 3.10+")


def package_answer(function, *args, **kwargs):
    try:
        number = function(*args, **kwargs)
    except payphone.ParseError as error:
        return ("ParseError", error.code, error.message, str(error))
    except Exception as error:  # the same kind of error and message either way
        return (type(error).__name__, str(error))
    return (type(number).__name__, tuple(number))


@needs_functions
def test_parse_is_the_librarys_builtin_function():
    assert type(payphone.parse).__name__ == "builtin_function_or_method"
    assert payphone.parse.__name__ == "parse" and payphone.parse.__module__ == "payphone"
    assert str(inspect.signature(payphone.parse)) == "(number, region=None)"
    assert payphone.parse.__doc__.startswith("Parses ``number``")
    number = payphone.parse("020 7946 0958", "GB")
    assert type(number) is payphone.PhoneNumber and number.e164 == "+442079460958"
    assert number._asdict()["type"] == "fixed_line"


@needs_functions
def test_builtin_parse_answers_as_the_general_parse():
    cases = CORPUS + ODD
    differing = [(t, r) for t, r in cases
                 if package_answer(payphone.parse, t, r) != package_answer(payphone._parse, t, r)]
    assert differing == [], differing[:5]
    # And with one argument.
    for text, _ in CORPUS[:300]:
        assert package_answer(payphone.parse, text) == package_answer(payphone._parse, text)


@needs_functions
def test_builtin_parse_hands_odd_arguments_to_the_general_parse():
    calls = [((), {"number": "020 7946 0958", "region": "GB"}), (("020 7946 0958",), {"region": "gb"}),
             ((7,), {}), (("020 7946 0958", 44), {}), ((b"020",), {}), ((), {}), (("1", "GB", "x"), {}),
             (("1",), {"country": "GB"}), (("\ud800 020 7946 0958", "GB"), {}), (("020 7946 0958", "\ud800"), {}),
             ((None,), {}), (("+44 20 7946 0958", None), {})]
    for args, kwargs in calls:
        assert package_answer(payphone.parse, *args, **kwargs) == package_answer(payphone._parse, *args, **kwargs)
    assert payphone.parse(number="020 7946 0958", region="GB").region == "GB"
    with pytest.raises(TypeError, match="number must be str"):
        payphone.parse(7)


@needs_functions
def test_builtin_parse_raises_parse_error():
    with pytest.raises(payphone.ParseError) as caught:
        payphone.parse("+999 1234")
    assert caught.value.code == "invalid_country_code"
    assert str(caught.value) == f"invalid_country_code: {caught.value.message}"
    for text in ["nope", "", "+44 1", "1" * 40]:
        with pytest.raises(payphone.ParseError):
            payphone.parse(text, "GB")


@needs_functions
def test_builtin_functions_release_references():
    text = "+44 20 7946 0958" + " x12"
    region = "g" + "b"
    bad = "+999" + " 1234"
    before = [sys.getrefcount(o) for o in (text, region, bad)]
    for _ in range(200):
        payphone.parse(text, region)
        payphone.parse(text, region=region)
        try:
            payphone.parse(bad, region)
        except payphone.ParseError:
            pass
        payphone.normalize([text, bad], [region, region])
    gc.collect()
    assert [sys.getrefcount(o) for o in (text, region, bad)] == before


@needs_functions
def test_builtin_parse_from_many_threads():
    cases = CORPUS[:1500]
    expected = [package_answer(payphone._parse, t, r) for t, r in cases]
    results = on_four_threads(lambda: [package_answer(payphone.parse, t, r) for t, r in cases])
    assert all(result == expected for result in results)


@pytest.mark.parametrize("setting", ["PAYPHONE_PYTHON_FUNCTIONS=0", "PAYPHONE_PYTHON_OBJECTS=0"])
def test_the_fallbacks_answer_the_same(setting):
    # Without the builtin functions (the ctypes direct path), and without
    # the direct path at all (pickled records): the same answers.
    name, value = setting.split("=")
    script = (
        "import json, sys, payphone\n"
        "cases = json.loads(sys.stdin.read())\n"
        "out = []\n"
        "for t, r in cases:\n"
        "    try:\n"
        "        out.append(list(payphone.parse(t, r)))\n"
        "    except payphone.ParseError as e:\n"
        "        out.append([e.code, e.message])\n"
        "out.append(payphone.normalize([t for t, _ in cases], [r for _, r in cases]))\n"
        "out.append([type(payphone.parse).__name__, payphone._functions is None, payphone._direct_parse is None])\n"
        "print(json.dumps(out))\n")
    cases = CORPUS[:400] + [case for case in ODD if "\ud800" not in case[0] and "\0" not in case[0]]
    env = dict(os.environ, **{name: value})
    ran = subprocess.run([sys.executable, "-c", script], input=json.dumps(cases), capture_output=True, text=True,
                         env=env, check=True)
    *theirs, kind = json.loads(ran.stdout)
    assert kind[0] == "function" and kind[1] is True and kind[2] is (name == "PAYPHONE_PYTHON_OBJECTS")
    ours = []
    for t, r in cases:
        try:
            ours.append(list(payphone.parse(t, r)))
        except payphone.ParseError as e:
            ours.append([e.code, e.message])
    ours.append(payphone.normalize([t for t, _ in cases], [r for _, r in cases]))
    assert theirs == json.loads(json.dumps(ours))


# The optional slots of the table (PyUnicode_New, PyGC_Disable, PyGC_Enable):
# where the interpreter lacks them, the builtin normalize does without.
_tables_kept = []  # the builtin functions read their table for as long as they live


@needs_functions
def test_normalize_without_the_optional_slots_answers_the_same():
    table = _native._python_api(optional=False)
    _tables_kept.append(table)
    functions = _native.python_functions(payphone.PhoneNumber, payphone.ParseError, payphone._parse,
                                         "parse($module, number, region=None)\n--\n\n", table=table)
    assert functions is not None
    cases = CORPUS + [case for case in ODD if "\ud800" not in case[0]]
    texts = [t for t, _ in cases]
    regions = [r for _, r in cases]
    expected = general_records(texts, regions)
    assert functions[1](texts, regions, None) == expected
    assert payphone.normalize(texts, regions) == expected
    assert functions[1](texts, None, "GB") == payphone.normalize(texts, "GB") == general_records(texts, "GB")


def test_normalize_leaves_the_collector_as_it_was():
    texts = [t for t, _ in CORPUS]
    was = gc.isenabled()
    try:
        gc.disable()
        payphone.normalize(texts, "GB")
        assert not gc.isenabled()
        gc.enable()
        payphone.normalize(texts, "GB")
        assert gc.isenabled()
    finally:
        (gc.enable if was else gc.disable)()


@needs_functions
def test_number_records_share_their_keys():
    # Copied from a template that shares its keys with a class, a number's
    # record holds only its values: less memory than the same dict made
    # afresh, and a dict like any other.
    records = payphone.normalize(["020 7946 0958", "+1 650 253 0000 ext. 12", "nope"], "GB")
    for record in records[:2]:
        fresh = dict(record)
        assert type(record) is dict and record == fresh and list(record) == list(fresh)
        assert sys.getsizeof(record) < sys.getsizeof(fresh)
        record["note"] = 1
        del record["e164"]
        assert list(record)[-1] == "note" and "e164" not in record
    assert records[2] == {"input": "nope", "ok": False, "error": "not_a_number",
                          "message": records[2]["message"]}
