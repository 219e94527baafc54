"""The extension module (payphone._payphone) under ordinary and hostile
use: references, the GIL, threads changing the input meanwhile, signal
handlers and __del__ calling the package from inside a call, Ctrl-C,
pickling, reloads, memory running out, odd text. Expected answers come
from single calls, the CLI (test_payphone.py, test_find.py) or plain facts
about the input, not from the code under test's own batch path."""

import gc
import os
import pickle
import signal
import subprocess
import sys
import sysconfig
import threading
import time

import pytest

import payphone
from corpus import phone_corpus

CORPUS = phone_corpus(2000)
GB_NUMBER = "+44 20 7946 0958"


def restore_alarm(previous):
    """Puts SIGALRM's handler back; a default action (which ends the
    process) becomes "ignore", since an alarm may still be on its way."""
    signal.setitimer(signal.ITIMER_REAL, 0)
    signal.signal(signal.SIGALRM, signal.SIG_IGN if previous in (signal.SIG_DFL, None) else previous)


def run_python(code, timeout=120, **kwargs):
    """Runs `code` in a fresh interpreter (so a crash fails the test, not the run)."""
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout, **kwargs)


def one_by_one(texts, regions):
    return [payphone.normalize([text], [region])[0] for text, region in zip(texts, regions)]


def test_the_package_is_an_extension_module_of_this_python():
    assert payphone._payphone.__file__.endswith("_payphone" + sysconfig.get_config_var("EXT_SUFFIX"))
    assert type(payphone.parse).__name__ == "builtin_function_or_method"


def test_normalize_reads_each_region_as_given():
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
    assert payphone.normalize(texts, regions) == one_by_one(texts, regions)


def test_normalize_record_input_is_the_str_given():
    texts = ["020 7946 0958", "nope"]
    records = payphone.normalize(texts, "GB")
    assert all(record["input"] is text for record, text in zip(records, texts))
    assert list(records[0]) == ["input", "ok", "e164", "countryCode", "nationalNumber", "extension", "region",
                                "valid", "possible", "type", "international", "national", "rfc3966"]
    assert list(records[1]) == ["input", "ok", "error", "message"]


def test_calls_raise_python_errors():
    with pytest.raises(TypeError, match=r"numbers\[1\] must be str or a missing value \(None, NaN, pd.NA\), not int"):
        payphone.normalize(["020 7946 0958", 7])
    with pytest.raises(ValueError, match="2 numbers but 1 regions"):
        payphone.normalize(["1", "2"], ["GB"])
    with pytest.raises(TypeError, match="region must be str"):
        payphone.parse("020 7946 0958", 44)
    with pytest.raises(TypeError):
        payphone.parse()
    with pytest.raises(TypeError):
        payphone.parse("1", "GB", "extra")
    assert payphone.parse(number="020 7946 0958", region="GB").e164 == "+442079460958"


def test_references_are_released():
    text = "+44 20 7946 0958 x" + "12"  # made at run time: a str of its own
    region = "G" + "B"
    before = (sys.getrefcount(text), sys.getrefcount(region))
    for _ in range(100):
        payphone.parse(text, region)
        records = payphone.normalize([text] * 10, [region] * 10)
        del records
        payphone.find_many([text] * 3, region, cards=True, redact=True)
        payphone.cards([text], [region])
        try:
            payphone.parse("+999" + "1234", region)
        except payphone.ParseError:
            pass
    gc.collect()
    assert (sys.getrefcount(text), sys.getrefcount(region)) == before


def test_normalize_releases_the_gil_while_parsing():
    # While one thread normalizes a long list, another notes the time as
    # often as it can: were the GIL held for the whole call, the notes would
    # stop for all of it.
    texts = [t for t, _ in CORPUS] * 20
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
    expected = one_by_one(texts, regions)
    results = [None] * 4

    def run(slot):
        results[slot] = payphone.normalize(texts, regions)

    threads = [threading.Thread(target=run, args=(slot,)) for slot in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(result == expected for result in results)


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


# ---- hostile use -----------------------------------------------------------


def test_another_thread_mutating_and_clearing_the_input_changes_nothing():
    # The call takes the list's items as its own first: whatever another
    # thread does to the list meanwhile, each record answers an item the
    # list held when the call began. (Under AddressSanitizer or valgrind,
    # see CONTRIBUTING, this runs clean.)
    texts = [t for t, _ in CORPUS][:500]
    expected = {record["input"]: record for record in one_by_one(texts, ["GB"] * len(texts))}
    find_texts = [f"call {t} now" for t in texts[:200]]
    expected_find = {t: payphone.find_many([t], "GB")[0] for t in find_texts}
    stop = threading.Event()
    shared = {"numbers": list(texts), "texts": list(find_texts)}

    def vandal():
        while not stop.is_set():
            for key, source in (("numbers", texts), ("texts", find_texts)):
                items = shared[key]
                items.clear()
                items.extend(source)
                items[::3] = [s + "" for s in source[::3]]
                del items[len(items) // 2:]
                items.extend(source[len(items):])

    thread = threading.Thread(target=vandal)
    thread.start()
    try:
        for _ in range(60):
            for record in payphone.normalize(shared["numbers"], "GB"):
                assert record == expected[record["input"]]
            for record in payphone.find_many(shared["texts"], "GB"):
                assert record in expected_find.values()
    finally:
        stop.set()
        thread.join()


def test_a_signal_handler_calling_the_package_gets_its_own_answers():
    # A handler runs inside a call (between chunks of a batch, or between
    # bytecodes); each call has its own buffers, so the handler's answer is
    # its own and the interrupted call's is untouched.
    texts = [t for t, _ in CORPUS] * 10
    regions = [r for _, r in CORPUS] * 10
    expected = one_by_one(texts[:2000], regions[:2000]) * 10
    seen = []

    def handler(signum, frame):
        seen.append((payphone.parse("020 7946 0958", "GB").e164, payphone.card("4111 1111 1111 1111")["last4"],
                     payphone.normalize(["+1 650 253 0000"])[0]["e164"]))

    previous = signal.signal(signal.SIGALRM, handler)
    signal.setitimer(signal.ITIMER_REAL, 0.001, 0.001)
    try:
        for _ in range(3):
            assert payphone.normalize(texts, regions) == expected
            assert payphone.parse("+1 650 253 0000").e164 == "+16502530000"
    finally:
        restore_alarm(previous)
    assert seen and all(s == ("+442079460958", "1111", "+16502530000") for s in seen)


def test_a_template_function_calling_the_package_gets_its_own_answers():
    # The first record of a shape calls the package's template function;
    # a call made from there writes its record apart from the one being
    # written (single-record calls share a kept writer when not nested).
    result = run_python("""
import payphone
inner = []
def template(keys, original=payphone._record_template):
    if not inner:
        inner.append(payphone.parse("020 7946 0958", "GB").e164)
        inner.append(payphone.card("4111 1111 1111 1111")["last4"])
    return original(keys)
assert payphone.parse("+1 650 253 0000").e164 == "+16502530000"  # the kept writer is made
payphone._payphone._setup(payphone.PhoneNumber, payphone.ParseError, template)
record = payphone.card("3782 822463 10005")
assert record["brand"] == "american-express" and record["last4"] == "0005", record
assert inner == ["+442079460958", "1111"], inner
assert payphone.card("3782 822463 10005") == record
assert payphone.parse("07911 123456", "GB").e164 == "+447911123456"
print("ok")
""")
    assert result.returncode == 0 and result.stdout.strip() == "ok", result.stderr


def test_a_del_or_generator_calling_the_package_mid_call():
    answers = []

    class Noisy:
        def __del__(self):
            answers.append(payphone.normalize(["020 7946 0958"] * 50, "GB")[-1]["e164"])

    def numbers():
        for text in ["020 7946 0958", "07911 123456"] * 200:
            Noisy()  # dropped at once: __del__ runs here, inside normalize's reading of the input
            answers.append(payphone.parse(text, "GB").e164)
            yield text

    records = payphone.normalize(numbers(), "GB")
    assert [r["e164"] for r in records] == ["+442079460958", "+447911123456"] * 200
    assert set(answers) == {"+442079460958", "+447911123456"}


def test_ctrl_c_stops_a_long_batch():
    texts = [t for t, _ in CORPUS] * 200  # 400,000 numbers: seconds of work
    previous = signal.signal(signal.SIGALRM, signal.default_int_handler)
    signal.setitimer(signal.ITIMER_REAL, 0.05)
    start = time.perf_counter()
    try:
        with pytest.raises(KeyboardInterrupt):
            payphone.normalize(texts, "GB")
    finally:
        restore_alarm(previous)
    assert time.perf_counter() - start < 0.5


def test_formatter_close_racing_input_and_close():
    # Closing a formatter while other threads type into it or close it too
    # frees nothing under them: they answer, or say it is closed.
    result = run_python("""
import threading, payphone
for round in range(200):
    f = payphone.AsYouTypeFormatter("US")
    def typing():
        for key in "6502532222" * 3:
            try:
                f.input_digit(key); f.get_remembered_position(); f.clear()
            except ValueError:
                pass
    threads = [threading.Thread(target=typing) for _ in range(3)]
    threads += [threading.Thread(target=f.close) for _ in range(2)]
    for t in threads: t.start()
    for t in threads: t.join()
print("ok")
""")
    assert result.returncode == 0 and result.stdout.strip() == "ok", result.stderr


def test_parse_error_pickles_and_a_pool_worker_raising_it_does_not_hang():
    try:
        payphone.parse("+999 1234")
    except payphone.ParseError as raised:
        error = raised
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is payphone.ParseError
    assert (copy.code, copy.message, str(copy)) == (error.code, error.message, str(error))
    result = run_python("""
import multiprocessing, payphone
if __name__ == "__main__":
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        print([n.e164 for n in pool.map(payphone.parse, ["+44 20 7946 0958", "+1 650 253 0000"])])
        try:
            pool.map_async(payphone.parse, ["+44 20 7946 0958", "+999 1234"]).get(timeout=60)
        except payphone.ParseError as error:
            print(error.code)
""", timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split("\n")[:2] == ["['+442079460958', '+16502530000']", "invalid_country_code"]


def test_parse_pickles_by_name():
    assert pickle.loads(pickle.dumps(payphone.parse)) is payphone.parse


def test_reload_gives_right_records_and_the_new_classes():
    result = run_python("""
import importlib, payphone
old_number, old_error = payphone.PhoneNumber, payphone.ParseError
for _ in range(3):
    importlib.reload(payphone)
number = payphone.parse("020 7946 0958", "GB")
assert type(number) is payphone.PhoneNumber and payphone.PhoneNumber is not old_number
assert number.e164 == "+442079460958" and number.national == "020 7946 0958"
try:
    payphone.parse("+999 1234")
except payphone.ParseError as error:
    assert type(error) is payphone.ParseError and error.code == "invalid_country_code"
assert payphone.normalize(["+1 650 253 0000"])[0]["e164"] == "+16502530000"
assert payphone.AsYouTypeFormatter("US").input_digit("6") == "6"
print("ok")
""")
    assert result.returncode == 0 and result.stdout.strip() == "ok", result.stderr


def test_running_out_of_memory_raises_memory_error():
    result = run_python("""
import resource, payphone
numbers = ["+44 20 7946 0958"] * 3_000_000
limit = 600 * 1024 * 1024
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
try:
    payphone.normalize(numbers, "GB")
except MemoryError:
    print("MemoryError")
""", timeout=300)
    assert result.returncode == 0 and result.stdout.strip() == "MemoryError", (result.returncode, result.stderr[-2000:])


def test_a_lone_surrogate_is_one_character():
    text = "\ud800 card 4111 1111 1111 1111, tel 020 7946 0958 \udfff"
    matches = payphone.find(text, "GB", cards=True)
    assert [text[m["start"]:m["end"]] for m in matches] == ["4111 1111 1111 1111", "020 7946 0958"]
    masked = "".join("#" if any(m["start"] <= i < m["end"] for m in matches) else c for i, c in enumerate(text))
    assert not any(c.isdigit() for c in masked)
    assert "4111" not in payphone.redact(text, "GB")
    record = payphone.find_many([text], "GB", cards=True)[0]
    assert [m["start"] for m in record["matches"]] == [m["start"] for m in matches]
    assert payphone.normalize(["\ud800 1"])[0]["input"] == "\ud800 1"


def test_a_nul_inside_a_region_or_code_stays_in_its_item():
    records = payphone.normalize(["020 7946 0958", "020 7946 0958"], ["G\0B", "GB"])
    assert records[0]["ok"] is False and records[0]["error"] == "invalid_country_code"
    assert records[1]["e164"] == "+442079460958"
    cards = payphone.cards(["4111 1111 1111 1111", "4111 1111 1111 1111"], ["12\x003", "123"])
    assert [c["cvcValid"] for c in cards] == [False, True]
    assert payphone.card("4111 1111 1111 1111", "12\x003")["cvcValid"] is False
    assert payphone.normalize(["020 7946\x000958"], "GB")[0]["input"] == "020 7946\x000958"


@pytest.mark.parametrize("call", [
    lambda: payphone.normalize("020 7946 0958"),
    lambda: payphone.cards("4111111111111111"),
    lambda: payphone.cards(["4111111111111111"], "123"),
    lambda: payphone.find_many("call 020 7946 0958"),
    lambda: payphone.normalize(b"020 7946 0958"),
])
def test_a_str_where_a_list_is_expected_is_refused(call):
    with pytest.raises(TypeError, match="must be a list"):
        call()


def test_type_errors_never_show_the_value():
    for call in (lambda: payphone.cards(["4111 1111 1111 1111", 4111111111111111]),
                 lambda: payphone.card(4111111111111111),
                 lambda: payphone.card(b"4111111111111111"),
                 lambda: payphone.normalize([b"4111111111111111"])):
        with pytest.raises(TypeError) as raised:
            call()
        assert "4111" not in str(raised.value)


def test_free_threaded_python_is_refused_with_a_clear_error():
    result = run_python("""
import sysconfig
get = sysconfig.get_config_var
sysconfig.get_config_var = lambda name: 1 if name == "Py_GIL_DISABLED" else get(name)
try:
    import payphone
except ImportError as error:
    print(error)
""")
    assert "free-threaded" in result.stdout, result.stderr
