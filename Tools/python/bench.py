"""The Python package against phonenumbers (pattern cache on, its fast
mode) on the same inputs, in the same run: Tools/python/corpus's typed
numbers (every region's examples, other scripts' digits, extensions,
broken inputs).

    python3 Tools/python/bench.py [COUNT [ROUNDS]]   # needs payphone and phonenumbers

Two comparisons, each side doing the same work and giving the same answer:

- per call: ``payphone.parse(text, region)`` (a PhoneNumber: E.164,
  country code, national number, extension, region, validity,
  possibility, type, international, national, RFC 3966; or ParseError)
  against ``phonenumbers.parse`` and the per-call functions that give
  those same eleven values (or its NumberParseException);
- batch: ``payphone.normalize(texts, regions)`` (a list of the contract's
  ``phone`` dicts) against the phonenumbers code that builds the same
  dict per number (the same keys, the contract's type names and error
  codes).

Before timing, every answer of both sides is compared (everything but the
error messages, which are each library's own sentence): the count of
differing numbers is printed. Times are CPU time of this process (the
machine may be shared), per number, the best of ROUNDS rounds, the two
sides interleaved round by round; each round's ratio is printed too, to
show the spread.
"""

import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus"))

import phonenumbers  # noqa: E402
from phonenumbers import PhoneNumberFormat as F  # noqa: E402
from phonenumbers import PhoneNumberType as T  # noqa: E402

import payphone  # noqa: E402
from corpus import phone_corpus  # noqa: E402

TYPE_NAMES = {T.FIXED_LINE: "fixed_line", T.MOBILE: "mobile", T.FIXED_LINE_OR_MOBILE: "fixed_line_or_mobile",
              T.TOLL_FREE: "toll_free", T.PREMIUM_RATE: "premium_rate", T.SHARED_COST: "shared_cost",
              T.VOIP: "voip", T.PERSONAL_NUMBER: "personal_number", T.PAGER: "pager", T.UAN: "uan",
              T.VOICEMAIL: "voicemail", T.UNKNOWN: "unknown"}
ERROR_CODES = {0: "invalid_country_code", 1: "not_a_number", 2: "too_short_after_idd", 3: "too_short_nsn",
               4: "too_long"}


def phonenumbers_values(text, region):
    """The eleven values of payphone.PhoneNumber, the phonenumbers way."""
    try:
        n = phonenumbers.parse(text, region)
    except phonenumbers.NumberParseException as error:
        return ERROR_CODES[error.error_type]
    return (phonenumbers.format_number(n, F.E164), n.country_code, phonenumbers.national_significant_number(n),
            n.extension, phonenumbers.region_code_for_number(n), phonenumbers.is_valid_number(n),
            phonenumbers.is_possible_number(n), TYPE_NAMES[phonenumbers.number_type(n)],
            phonenumbers.format_number(n, F.INTERNATIONAL), phonenumbers.format_number(n, F.NATIONAL),
            phonenumbers.format_number(n, F.RFC3966))


def phonenumbers_record(text, region):
    """The contract's `phone` dict, the phonenumbers way."""
    try:
        n = phonenumbers.parse(text, region)
    except phonenumbers.NumberParseException as error:
        return {"input": text, "ok": False, "error": ERROR_CODES[error.error_type], "message": str(error)}
    return {"input": text, "ok": True, "e164": phonenumbers.format_number(n, F.E164), "countryCode": n.country_code,
            "nationalNumber": phonenumbers.national_significant_number(n), "extension": n.extension,
            "region": phonenumbers.region_code_for_number(n), "valid": phonenumbers.is_valid_number(n),
            "possible": phonenumbers.is_possible_number(n), "type": TYPE_NAMES[phonenumbers.number_type(n)],
            "international": phonenumbers.format_number(n, F.INTERNATIONAL),
            "national": phonenumbers.format_number(n, F.NATIONAL),
            "rfc3966": phonenumbers.format_number(n, F.RFC3966)}


def payphone_values(text, region):
    try:
        return tuple(payphone.parse(text, region))
    except payphone.ParseError as error:
        return error.code


def payphone_call(text, region):
    try:
        return payphone.parse(text, region)
    except payphone.ParseError as error:
        return error.code


def per_number_loop(function, corpus):
    start = time.process_time()
    answers = [function(text, region) for text, region in corpus]
    return time.process_time() - start, answers


def batch_call(texts, regions):
    start = time.process_time()
    answers = payphone.normalize(texts, regions)
    return time.process_time() - start, answers


def agreement(corpus, texts, regions):
    """Numbers whose answers differ between the two (messages aside)."""
    ours = payphone.normalize(texts, regions)
    records = 0
    values = 0
    for (text, region), record in zip(corpus, ours):
        theirs = phonenumbers_record(text, region)
        mine = dict(record)
        if not mine["ok"]:
            mine.pop("message")
            theirs.pop("message")
        records += mine != theirs
        values += payphone_values(text, region) != phonenumbers_values(text, region)
    return records, values


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    corpus = phone_corpus(count)
    texts = [t for t, _ in corpus]
    regions = [r for _, r in corpus]
    phonenumbers.enable_pattern_cache()
    # Warm both: metadata for every region loaded, patterns compiled.
    records_differing, values_differing = agreement(corpus, texts, regions)
    print(f"numbers={count} rounds={rounds} records_differing={records_differing} "
          f"values_differing={values_differing} "
          f"python={sys.version.split()[0]}")
    best = {"pn_call": 1e9, "pp_call": 1e9, "pn_batch": 1e9, "pp_batch": 1e9}
    for index in range(rounds):
        times = {}
        times["pn_call"], _ = per_number_loop(phonenumbers_values, corpus)
        times["pp_call"], _ = per_number_loop(payphone_call, corpus)
        times["pn_batch"], _ = per_number_loop(phonenumbers_record, corpus)
        times["pp_batch"], _ = batch_call(texts, regions)
        for key, value in times.items():
            best[key] = min(best[key], value)
        print(f"round={index + 1} parse_speedup={times['pn_call'] / times['pp_call']:.1f}x "
              f"normalize_speedup={times['pn_batch'] / times['pp_batch']:.1f}x")
    ns = {key: value / count * 1e9 for key, value in best.items()}
    print(f"per_call: phonenumbers_ns={ns['pn_call']:.0f} payphone_parse_ns={ns['pp_call']:.0f} "
          f"speedup={best['pn_call'] / best['pp_call']:.1f}x")
    print(f"batch: phonenumbers_records_ns={ns['pn_batch']:.0f} payphone_normalize_ns={ns['pp_batch']:.0f} "
          f"speedup={best['pn_batch'] / best['pp_batch']:.1f}x")


if __name__ == "__main__":
    main()
