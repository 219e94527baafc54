"""The Python package against the CLI contract's examples and fields."""

import concurrent.futures
import json
import subprocess

import pytest

import payphone

PHONE_KEYS = ["input", "ok", "e164", "countryCode", "nationalNumber", "extension", "region", "valid",
              "possible", "type", "international", "national", "rfc3966"]
FAILURE_KEYS = ["input", "ok", "error", "message"]
CARD_KEYS = ["input", "ok", "digits", "brand", "candidates", "luhn", "lengthValid", "valid",
             "potentiallyValid", "formatted", "bin", "last4", "cvcName", "cvcLength", "cvcValid"]


def test_parse_gives_every_field():
    number = payphone.parse("020 7946 0958 ext. 123", "gb")
    assert number == payphone.PhoneNumber(
        e164="+442079460958", country_code=44, national_number="2079460958", extension="123", region="GB",
        is_valid=True, is_possible=True, type="fixed_line", international="+44 20 7946 0958 x123",
        national="020 7946 0958 x123", rfc3966="tel:+44-20-7946-0958;ext=123")


def test_parse_non_geographic_and_unknown_region():
    assert payphone.parse("+800 1234 5678").region == "001"
    assert payphone.parse("+39 06 1234 5678").national_number == "0612345678"
    assert payphone.parse("+1 650 253 0000").extension is None


@pytest.mark.parametrize("text, region, code", [
    ("+999 1234", None, "invalid_country_code"),
    ("hello", "US", "not_a_number"),
    ("011 1", "US", "too_short_after_idd"),
    ("+44 1", None, "too_short_nsn"),
    ("+44 123456789012345678", None, "too_long"),
])
def test_parse_errors_carry_the_contract_codes(text, region, code):
    with pytest.raises(payphone.ParseError) as raised:
        payphone.parse(text, region)
    assert raised.value.code == code
    assert raised.value.message
    assert isinstance(raised.value, ValueError)


def test_parse_refuses_what_is_not_text():
    with pytest.raises(TypeError):
        payphone.parse(4402079460958)  # type: ignore[arg-type]


def test_normalize_has_exactly_the_contract_fields_in_order():
    records = payphone.normalize(["٠٢٠ ٧٩٤٦ ٠٩٥٨", "nope"], ["gb", None])
    assert list(records[0]) == PHONE_KEYS
    assert records[0] == {
        "input": "٠٢٠ ٧٩٤٦ ٠٩٥٨", "ok": True, "e164": "+442079460958", "countryCode": 44,
        "nationalNumber": "2079460958", "extension": None, "region": "GB", "valid": True, "possible": True,
        "type": "fixed_line", "international": "+44 20 7946 0958", "national": "020 7946 0958",
        "rfc3966": "tel:+44-20-7946-0958"}
    assert list(records[1]) == FAILURE_KEYS
    assert records[1]["ok"] is False and records[1]["error"] == "not_a_number"


def test_normalize_equals_the_cli_line_for_line(cli):
    numbers = ["020 7946 0958 ext. 123", "+1 (650) 253-0000", "tel:+33-1-42-68-53-00", "1-800-FLOWERS",
               "+999 1234", "", "\"quoted\"", "back\\slash", "+800 1234 5678", "0612345678"]
    regions = ["GB", None, None, "US", None, "GB", "GB", "GB", None, "FR"]
    lines = "".join(json.dumps({"number": n, "region": r} if r else {"number": n}) + "\n"
                    for n, r in zip(numbers, regions))
    output = subprocess.run([cli, "phone", "--jsonl"], input=lines.encode(), capture_output=True, check=True).stdout
    expected = [json.loads(line) for line in output.decode().splitlines()]
    assert payphone.normalize(numbers, regions) == expected
    for got, want in zip(payphone.normalize(numbers, regions), expected):
        assert list(got) == list(want)


def test_normalize_regions_forms():
    numbers = ["020 7946 0958", "07911 123456"]
    one = payphone.normalize(numbers, "GB")
    assert [r["e164"] for r in one] == ["+442079460958", "+447911123456"]
    assert payphone.normalize(numbers, ["GB", "GB"]) == one
    assert [r["error"] for r in payphone.normalize(numbers)] == ["invalid_country_code"] * 2
    assert payphone.normalize([]) == []
    with pytest.raises(ValueError):
        payphone.normalize(numbers, ["GB"])
    # A missing value is answered by None in its place (test_missing_values.py).
    assert payphone.normalize(["020 7946 0958", None], "GB") == [one[0], None]


def test_normalize_answers_odd_text_in_place():
    numbers = ["+44 20\0 7946 0958", "+1 650 253 0000", "\ud800 020 7946 0958", "+44 20 7946 0958"]
    records = payphone.normalize(numbers, "GB")
    assert [r["input"] for r in records] == numbers
    assert records[0]["error"] == "not_a_number"
    assert records[1]["e164"] == "+16502530000"
    assert records[3]["e164"] == "+442079460958"
    # A lone surrogate is read as U+FFFD, as any ill-formed text.
    assert records[2] == dict(payphone.normalize(["\ufffd 020 7946 0958"], "GB")[0], input=numbers[2])


def test_normalize_a_large_batch_keeps_order():
    numbers = [f"+44 20 7946 {i:04d}" for i in range(10_000)]
    records = payphone.normalize(numbers)
    assert len(records) == 10_000
    assert [r["e164"] for r in records] == [f"+44207946{i:04d}" for i in range(10_000)]


def test_card_fields():
    record = payphone.card("3782 822463 10005")
    assert list(record) == CARD_KEYS
    assert record == {
        "input": "3782 822463 10005", "ok": True, "digits": "378282246310005", "brand": "american-express",
        "candidates": ["american-express"], "luhn": True, "lengthValid": True, "valid": True,
        "potentiallyValid": True, "formatted": "3782 822463 10005", "bin": "378282", "last4": "0005",
        "cvcName": "CID", "cvcLength": 4, "cvcValid": None}
    typed = payphone.card("65")
    assert typed["brand"] is None and typed["candidates"][:2] == ["discover", "elo"]
    visa = payphone.card("4111 1111 1111 1111", cvc="١٢٣")
    assert visa["bin"] == "41111111" and visa["cvcValid"] is True
    assert "123" not in json.dumps(visa).replace(visa["digits"], "").replace(visa["formatted"], "")
    assert payphone.card("4242/4242")["error"] == "invalid_character"
    assert payphone.card("")["error"] == "empty"


def test_cards_batch_matches_single_calls():
    numbers = ["4111 1111 1111 1111", "65", "", "3056 930902 5904", "x"]
    cvcs = ["123", None, None, "", "1"]
    assert payphone.cards(numbers, cvcs) == [payphone.card(n, c) for n, c in zip(numbers, cvcs)]


def test_as_you_type_steps():
    assert payphone.as_you_type("+16502532222", "US") == [
        "+", "+1", "+1 6", "+1 65", "+1 650", "+1 650-2", "+1 650-25", "+1 650-253", "+1 650-253-2",
        "+1 650-253-22", "+1 650-253-222", "+1 650-253-2222"]
    with pytest.raises(ValueError):
        payphone.as_you_type("1" * 251, "US")


def test_formatter_types_clears_and_remembers():
    formatter = payphone.AsYouTypeFormatter("GB")
    assert [formatter.input_digit(c) for c in "02079460958"][-1] == "020 7946 0958"
    formatter.clear()
    assert formatter.input_digit("0") == "0"
    us = payphone.AsYouTypeFormatter("US")
    for c in "650":
        us.input_digit(c)
    assert us.input_digit("2", remember_position=True) == "650-2"
    assert us.get_remembered_position() == 5
    with pytest.raises(ValueError):
        us.input_digit("12")
    us.close()
    with pytest.raises(ValueError):
        us.input_digit("1")


def test_threads_share_the_library():
    numbers = [f"+44 20 7946 {i:04d}" for i in range(2000)]
    expected = payphone.normalize(numbers)

    def work(_):
        singles = [payphone.parse(n).e164 for n in numbers[:300]]
        return payphone.normalize(numbers), singles

    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        for records, singles in pool.map(work, range(16)):
            assert records == expected
            assert singles == [r["e164"] for r in expected[:300]]


def test_version():
    assert payphone.version() == payphone.__version__ and payphone.__version__.count(".") == 2


def test_str_subclasses_are_text():
    class Text(str):
        pass

    assert payphone.parse(Text("+44 20 7946 0958")).e164 == "+442079460958"
    assert payphone.normalize([Text("+44 20 7946 0958")])[0]["e164"] == "+442079460958"
