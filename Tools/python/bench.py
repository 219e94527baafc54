"""The Python package against phonenumbers (pattern cache on, its fast
mode) on the same inputs: Tools/python/corpus's typed numbers, every field
of a `phone` record computed by both (parse; E.164, international,
national and RFC 3966 formats; validity, possibility, type, region).

    python3 Tools/python/bench.py [COUNT]     # needs payphone and phonenumbers

Prints microseconds per number (CPU time of this process; the machine may
be shared) for phonenumbers, payphone.parse (one call per number) and
payphone.normalize (one call for all), and the speed-ups.
"""

import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus"))

import phonenumbers  # noqa: E402
from phonenumbers import PhoneNumberFormat as F  # noqa: E402

import payphone  # noqa: E402
from corpus import phone_corpus  # noqa: E402


def with_phonenumbers(text, region):
    try:
        n = phonenumbers.parse(text, region)
    except phonenumbers.NumberParseException as error:
        return error.error_type
    return (phonenumbers.format_number(n, F.E164), n.country_code, phonenumbers.national_significant_number(n),
            n.extension, phonenumbers.region_code_for_number(n), phonenumbers.is_valid_number(n),
            phonenumbers.is_possible_number(n), phonenumbers.number_type(n),
            phonenumbers.format_number(n, F.INTERNATIONAL), phonenumbers.format_number(n, F.NATIONAL),
            phonenumbers.format_number(n, F.RFC3966))


def with_parse(text, region):
    try:
        return payphone.parse(text, region)
    except payphone.ParseError as error:
        return error.code


def per_number(function, corpus, repeats=3):
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        for text, region in corpus:
            function(text, region)
        best = min(best, time.process_time() - start)
    return best / len(corpus) * 1e6


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    corpus = phone_corpus(count)
    texts = [t for t, _ in corpus]
    regions = [r for _, r in corpus]
    phonenumbers.enable_pattern_cache()
    # Warm both: metadata for every region loaded, patterns compiled.
    for text, region in corpus:
        with_phonenumbers(text, region)
    payphone.normalize(texts, regions)
    reference = per_number(with_phonenumbers, corpus, repeats=1)
    single = per_number(with_parse, corpus)
    batch = float("inf")
    for _ in range(3):
        start = time.process_time()
        payphone.normalize(texts, regions)
        batch = min(batch, time.process_time() - start)
    batch = batch / count * 1e6
    print(f"numbers={count} phonenumbers_us={reference:.2f} payphone_parse_us={single:.2f} "
          f"payphone_normalize_us={batch:.2f} parse_speedup={reference / single:.1f}x "
          f"normalize_speedup={reference / batch:.1f}x")
    # Where normalize's time goes: the library's batch call (Swift, records
    # pickled) and Python building the dicts from them (pickle.loads).
    import ctypes
    import pickle

    from payphone import _native

    packed = ("\0".join(texts) + "\0").encode()
    packed_regions = ("\0".join(r or "" for r in regions) + "\0").encode()
    out, size = ctypes.c_void_p(), ctypes.c_size_t()
    start = time.process_time()
    _native.lib.payphone_phone_batch(packed, len(packed), packed_regions, len(packed_regions), count,
                                     _native.FORMAT_PICKLE, ctypes.byref(out), ctypes.byref(size))
    library = (time.process_time() - start) / count * 1e6
    data = ctypes.string_at(out, size.value)
    _native.lib.payphone_free(out)
    start = time.process_time()
    pickle.loads(data)
    dicts = (time.process_time() - start) / count * 1e6
    print(f"normalize_library_us={library:.2f} normalize_dicts_us={dicts:.2f} "
          f"dicts_alone_vs_phonenumbers={reference / dicts:.1f}x")


if __name__ == "__main__":
    main()
