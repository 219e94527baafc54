"""A differential slice: payphone's answers against phonenumbers 9.0.43
(the reference's Python port) on the same inputs, every field compared.
The corpus is Tools/python/corpus.py's, people's typing: punctuation,
extensions, other scripts' digits, broken input, every region."""

import random
import unicodedata

import phonenumbers
import pytest
from phonenumbers import PhoneNumberFormat, PhoneNumberType

import payphone
from corpus import phone_corpus

TYPES = {
    PhoneNumberType.FIXED_LINE: "fixed_line", PhoneNumberType.MOBILE: "mobile",
    PhoneNumberType.FIXED_LINE_OR_MOBILE: "fixed_line_or_mobile", PhoneNumberType.TOLL_FREE: "toll_free",
    PhoneNumberType.PREMIUM_RATE: "premium_rate", PhoneNumberType.SHARED_COST: "shared_cost",
    PhoneNumberType.VOIP: "voip", PhoneNumberType.PERSONAL_NUMBER: "personal_number",
    PhoneNumberType.PAGER: "pager", PhoneNumberType.UAN: "uan", PhoneNumberType.VOICEMAIL: "voicemail",
    PhoneNumberType.UNKNOWN: "unknown",
}
ERRORS = {0: "invalid_country_code", 1: "not_a_number", 2: "too_short_after_idd", 3: "too_short_nsn",
          4: "too_long"}


def fold(text):
    """The contract folds every Unicode decimal digit before interpretation."""
    return "".join(str(unicodedata.decimal(c)) if unicodedata.decimal(c, None) is not None else c for c in text)


def oracle(text, region):
    try:
        number = phonenumbers.parse(fold(text), region)
    except phonenumbers.NumberParseException as error:
        return {"input": text, "ok": False, "error": ERRORS[error.error_type]}
    return {
        "input": text, "ok": True, "e164": phonenumbers.format_number(number, PhoneNumberFormat.E164),
        "countryCode": number.country_code,
        "nationalNumber": phonenumbers.national_significant_number(number),
        "extension": number.extension or None, "region": phonenumbers.region_code_for_number(number),
        "valid": phonenumbers.is_valid_number(number), "possible": phonenumbers.is_possible_number(number),
        "type": TYPES[phonenumbers.number_type(number)],
        "international": phonenumbers.format_number(number, PhoneNumberFormat.INTERNATIONAL),
        "national": phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL),
        "rfc3966": phonenumbers.format_number(number, PhoneNumberFormat.RFC3966),
    }


def test_normalize_agrees_with_phonenumbers():
    corpus = phone_corpus(4000)
    records = payphone.normalize([t for t, _ in corpus], [r for _, r in corpus])
    mismatches = []
    for (text, region), record in zip(corpus, records):
        want = oracle(text, region)
        got = dict(record)
        got.pop("message", None)
        if got != want:
            mismatches.append((text, region, got, want))
    for text, region, got, want in mismatches[:50]:
        print(f"MISMATCH {text!r} region={region}\n  payphone     {got}\n  phonenumbers {want}")
    print(f"{len(corpus) - len(mismatches)}/{len(corpus)} agree")
    assert not mismatches


def test_extensions_and_labels_agree_with_phonenumbers():
    # Numbers with the extensions and labels people type, in the forms the
    # parser's simple path reads and ones near them it leaves to the
    # general path (other labels, too many digits, a # after, / or + before).
    rng = random.Random(23)
    numbers = ["+44 20 7946 0958", "020 7946 0958", "(201) 555-0123", "+1 201 555 0123", "12", "123", "+1+2",
               "+49 30 1234567", "06 12 34 56 78", "+7 495 123 45 67", "0800 123 4567"]
    separators = ["", " ", "  ", " / ", "/", " - ", ",", "\t"]
    labels = ["x", "X", "ext", "EXT", "Ext", "#", "ext.", "x.", "ext:", "extn", "xt", "e", "int", "~", "extension",
              "доб"]
    afters = ["", " ", "  ", "-", " - ", ". ", ":"]
    leads = ["", "", "", "tel:", "Phone: ", "n/a ", "(", "call ", "#", "*", "+", "☎ "]
    regions = [None, "US", "GB", "DE", "FR", "RU", "BR", "ZZ", "CA"]
    cases = []
    for _ in range(3000):
        text = rng.choice(leads) + rng.choice(numbers) + rng.choice(separators) + rng.choice(labels)
        text += rng.choice(afters) + "".join(rng.choice("0123456789") for _ in range(rng.randint(0, 22)))
        if rng.randrange(8) == 0:
            text += rng.choice(["#", " ", "x", "-"])
        cases.append((text, rng.choice(regions)))
    records = payphone.normalize([t for t, _ in cases], [r for _, r in cases])
    mismatches = []
    for (text, region), record in zip(cases, records):
        got = dict(record)
        got.pop("message", None)
        if got != oracle(text, region):
            mismatches.append((text, region, got))
    for text, region, got in mismatches[:20]:
        print(f"MISMATCH {text!r} region={region}\n  payphone     {got}\n  phonenumbers {oracle(text, region)}")
    assert not mismatches


def test_parse_agrees_with_normalize():
    corpus = phone_corpus(500, seed=5)
    for (text, region), record in zip(corpus, payphone.normalize([t for t, _ in corpus], [r for _, r in corpus])):
        if record["ok"]:
            number = payphone.parse(text, region)
            assert (number.e164, number.country_code, number.national_number, number.extension, number.region,
                    number.is_valid, number.is_possible, number.type, number.international, number.national,
                    number.rfc3966) == tuple(list(record.values())[2:])
        else:
            with pytest.raises(payphone.ParseError) as raised:
                payphone.parse(text, region)
            assert raised.value.code == record["error"]


def test_as_you_type_agrees_with_phonenumbers():
    rng = random.Random(16)
    regions = sorted(phonenumbers.SUPPORTED_REGIONS)
    mismatches = 0
    cases = 0
    for region in rng.sample(regions, 60):
        for number_type in (PhoneNumberType.FIXED_LINE, PhoneNumberType.MOBILE):
            example = phonenumbers.example_number_for_type(region, number_type)
            if example is None:
                continue
            for keys in (phonenumbers.format_number(example, PhoneNumberFormat.E164),
                         phonenumbers.national_significant_number(example)):
                cases += 1
                reference = phonenumbers.AsYouTypeFormatter(region)
                want = [reference.input_digit(c) for c in keys]
                ours = payphone.AsYouTypeFormatter(region)
                got = [ours.input_digit(c) for c in keys]
                assert payphone.as_you_type(keys, region) == got
                if got != want:
                    mismatches += 1
                    print(f"MISMATCH {region} {keys}\n  payphone     {got}\n  phonenumbers {want}")
    print(f"as-you-type: {cases - mismatches}/{cases} agree")
    assert cases > 100 and mismatches == 0
