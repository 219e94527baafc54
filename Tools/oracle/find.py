#!/usr/bin/env python3
"""Oracle fixture for finding phone numbers in text: prints
Tests/Fixtures/find.jsonl (see Tools/oracle/README.md).

Generates notes as people write them (labels in several languages, zero to
several numbers in every format and region, extensions, tel: URIs, digits
of other scripts, and the noise of real notes: dates, times, prices, order
numbers, postcodes, IP addresses, URLs, numbers glued to letters, two
numbers joined by a slash) and runs phonenumbers.PhoneNumberMatcher on each
at every leniency. Each line: {"text", "region", "maxTries" (when not 65535), "results": {LENIENCY:
[[start, end, e164, extension], ...]}}. The oracle reads the text with
its decimal digits folded to ASCII, as the CLI contract folds them (one
code point for one, so offsets are those of the text as given, and a
match's raw text is the text as given between them).
"""

import os
import random

import phonenumbers
from phonenumbers import Leniency, PhoneNumberFormat, PhoneNumberMatcher

import _oracle as oracle

COUNT = int(os.environ.get("FIND_COUNT", "18000"))
SEED = 1313

LENIENCIES = [
    ("possible", Leniency.POSSIBLE),
    ("valid", Leniency.VALID),
    ("strict_grouping", Leniency.STRICT_GROUPING),
    ("exact_grouping", Leniency.EXACT_GROUPING),
]

TYPES = oracle.types("fixed_line", "mobile", "toll_free", "premium_rate", "voip", "shared_cost", "uan")

ZEROS = oracle.zeros("arabic-indic", "persian", "devanagari", "bengali", "thai", "fullwidth", "myanmar", "khmer",
                    "gujarati")

SEPARATORS = [" ", "-", ".", " ", "", "/", "\u00a0", " - "]

LABELS = [
    "Call me at", "Tel:", "Tel.", "Phone:", "ph", "Mobile", "mob.", "cell:", "Fax", "WhatsApp",
    "Téléphone :", "Portable", "Telefon:", "Handy", "Teléfono:", "Móvil", "Telefone", "Celular",
    "Телефон:", "тел.", "電話", "携帯", "联系电话：", "전화", "هاتف:", "جوال", "טלפון", "फ़ोन:", "โทร",
    "Điện thoại", "Numer:", "Tlf.", "puhelin", "Contact", "reach us on", "or", "and", "/", "-", "",
]

WORDS = [
    "Customer", "asked", "for", "a", "callback", "tomorrow", "re", "invoice", "delivery", "note",
    "client", "rappeler", "demain", "bitte", "zurückrufen", "llamar", "mañana", "позвонить", "завтра",
    "请回电", "折り返し", "다시", "اتصل", "बाद", "ในวันพรุ่งนี้", "ok", "thanks!", "urgent:", "(office)",
    "[home]", "--", "...", "»", "•", "→", "😀", "ß", "naïve", "café", "ID", "ref", "№",
]


def noise(rng):
    choice = rng.randrange(24)
    d = lambda n: "".join(rng.choice("0123456789") for _ in range(n))
    if choice == 0:
        return "%d/%d/%s" % (rng.randint(1, 31), rng.randint(1, 12), rng.choice(["2024", "24", "1999", "96"]))
    if choice == 1:
        return "%04d-%02d-%02d %02d:%02d" % (rng.randint(1990, 2030), rng.randint(1, 12), rng.randint(1, 28),
                                             rng.randint(0, 23), rng.randint(0, 59))
    if choice == 2:
        return "%02d:%02d" % (rng.randint(0, 23), rng.randint(0, 59))
    if choice == 3:
        return rng.choice(["$", "€", "£", "¥", "₹", "USD "]) + "%d,%03d.%02d" % (rng.randint(1, 999), rng.randint(0, 999), rng.randint(0, 99))
    if choice == 4:
        return "%d%%" % rng.randint(1, 100)
    if choice == 5:
        return rng.choice(["Order #", "order no. ", "PO-", "Ticket ", "INV"]) + d(rng.randint(4, 12))
    if choice == 6:
        return rng.choice(["SW1A 1AA", "90210", "75008 Paris", "10115 Berlin", "100-0001", "01310-100", "EC1A 1BB"])
    if choice == 7:
        return "%d.%d.%d.%d" % tuple(rng.randint(0, 255) for _ in range(4))
    if choice == 8:
        return rng.choice(["https://example.com/p/", "http://x.io/?id=", "www.shop.de/item/"]) + d(rng.randint(3, 10))
    if choice == 9:
        return rng.choice(["abc", "ID", "x", "Ref", "tel"]) + d(rng.randint(7, 11))
    if choice == 10:
        return d(rng.randint(7, 11)) + rng.choice(["def", "kg", "€", "%", "x"])
    if choice == 11:
        return "%s-%s (%s)" % (d(3), d(3), d(4))
    if choice == 12:
        return "%d.%d.%d" % (rng.randint(1, 31), rng.randint(1, 12), rng.randint(1990, 2030))
    if choice == 13:
        return "ISBN 978-%s-%s-%s-%s" % (d(1), d(3), d(5), d(1))
    if choice == 14:
        return "v%d.%d.%d" % (rng.randint(0, 20), rng.randint(0, 20), rng.randint(0, 99))
    if choice == 15:
        return "%d-%d" % (rng.randint(1, 99), rng.randint(1, 999))
    if choice == 16:
        return d(rng.randint(1, 20))
    if choice == 17:
        return "%s %s %s %s" % (d(4), d(4), d(4), d(4))
    if choice == 18:
        return "(%s) %s" % (d(rng.randint(1, 5)), d(rng.randint(1, 8)))
    if choice == 19:
        return rng.choice(["x", "ext.", "#", "+", "++", "(", ")", "[", "]", "/", ".", "-", "~", "—", "–"]) + d(rng.randint(0, 6))
    if choice == 20:
        return "%d/%d" % (rng.randint(1, 9999), rng.randint(1, 9999))
    if choice == 21:
        return "%s\\%s" % (d(3), d(4))
    if choice == 22:
        return rng.choice(["1 234,56 zł", "CHF 1'250.-", "R$ 99,90", "₽500", "٣٠٪"])
    return "%s, %s" % (d(2), d(3))


def number_text(rng, regions):
    region = rng.choice(regions)
    kind = rng.choice(TYPES)
    example = phonenumbers.example_number_for_type(region, kind)
    if example is None:
        example = phonenumbers.example_number(region)
    if example is None:
        return region, "+1 650 253 0000"
    nsn = phonenumbers.national_significant_number(example)
    if rng.random() < 0.5:
        # Another number of the same shape: the last digits changed.
        keep = max(1, len(nsn) - rng.randint(1, 4))
        nsn = nsn[:keep] + "".join(rng.choice("0123456789") for _ in range(len(nsn) - keep))
    if rng.random() < 0.08:
        nsn = nsn[:-1] if rng.random() < 0.5 else nsn + rng.choice("0123456789")
    try:
        number = phonenumbers.parse("+%d%s" % (example.country_code, nsn), None)
    except phonenumbers.NumberParseException:
        return region, nsn
    style = rng.randrange(12)
    if style == 0:
        text = phonenumbers.format_number(number, PhoneNumberFormat.E164)
    elif style == 1:
        text = phonenumbers.format_number(number, PhoneNumberFormat.INTERNATIONAL)
    elif style in (2, 3):
        text = phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL)
    elif style == 4:
        text = phonenumbers.format_number(number, PhoneNumberFormat.RFC3966)
    elif style == 5:
        text = phonenumbers.format_out_of_country_calling_number(number, rng.choice(["US", "GB", "DE", "JP", "AU"]))
    elif style == 6:
        national = phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL).replace(" ", "")
        text = oracle.regroup(rng, national, SEPARATORS, sizes=(1, 5))
    elif style == 7:
        text = "+%d %s" % (number.country_code, oracle.regroup(rng, nsn, SEPARATORS, sizes=(1, 5)))
    elif style == 8:
        national = phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL)
        parts = national.split(" ", 1)
        text = "(%s) %s" % (parts[0], parts[1]) if len(parts) == 2 else national
    elif style == 9:
        text = nsn
    elif style == 10:
        text = "00 %d %s" % (number.country_code, nsn)
    else:
        text = phonenumbers.format_number(number, PhoneNumberFormat.INTERNATIONAL).replace(" ", rng.choice(["-", ".", "", "  ", "/"]))
    r = rng.random()
    if r < 0.15:
        ext = "".join(rng.choice("0123456789") for _ in range(rng.randint(1, 6)))
        text += rng.choice([" ext. ", " x", " X ", ";ext=", " #", " ext ", " extension ", ", доб. ", " anexo ", "x", " int. ", " - "]) + ext
        if rng.random() < 0.2:
            text += "#"
    elif r < 0.2:
        text = "tel:" + text.replace(" ", "-")
    return region, text


def other_script(rng, text):
    """Nine in ten of the text's ASCII digits in another script."""
    return oracle.to_script(rng, text, ZEROS, share=0.9)


def make_text(rng, regions):
    parts = []
    home = None
    for _ in range(rng.choice([0, 1, 1, 1, 2, 2, 3, 4])):
        if rng.random() < 0.6:
            parts.append(rng.choice(LABELS))
        region, number = number_text(rng, regions)
        home = home or region
        if rng.random() < 0.06:
            _, second = number_text(rng, [region])
            number = number + rng.choice(["/", " / ", "/x", " or ", ", ", "; "]) + second
        parts.append(number)
        for _ in range(rng.randint(0, 3)):
            parts.append(rng.choice(WORDS) if rng.random() < 0.6 else noise(rng))
    for _ in range(rng.randint(0, 3)):
        parts.insert(rng.randint(0, len(parts)), noise(rng) if rng.random() < 0.5 else rng.choice(WORDS))
    glue = rng.choice([" ", " ", " ", ", ", "\t", " | ", "; ", ""])
    text = glue.join(p for p in parts if p)
    if rng.random() < 0.12:
        text = other_script(rng, text)
    r = rng.random()
    if r < 0.12:
        region = None
    elif r < 0.3 or home is None:
        region = rng.choice(regions)
    else:
        region = home
    return text, region


# Shapes from libphonenumber's own matcher tests: split notations, brackets,
# carrier codes written with xx, publication pages, dates, time stamps,
# vanity numbers, numbers glued to letters and amounts.
SHAPES = [
    "{n} / {d2}", "{n}/x{d3}", "{n} /x {d3}", "{n}\\x{d3}", "({d3}) {d3} {d4} ({d3}) {d3} {d4}",
    "{d5} - {n} is my number", "{n}—{n}", "{n}. {n}", "{d5}. {n}", "{n} {n}", "1-800-SIX-FLAGS",
    "{d3}-{d3} ({d4})", "{d2}/{d2}/{d4}", "{d1}/{d2}/{d2}", "{d4}-{d2}-{d2} {d2}:{d2}", "{d4}{d2}{d2} {d2}:{d2}",
    "abc{n}", "{n}def", "{n}%", "${n}", "€{n}", "{n}€", "0xx{d2} {d4} {d4}", "0 xx {d2} {d4}-{d4}",
    "+{d2} xx {d2} {d4} {d4}", "{n}xx{d3}", "{n} x {d3} x {d2}", "[{n}]", "({n}", "{n})", "(({n}))",
    "(+{d2}) {n}", "+ + {n}", "++{n}", "＋{n}", "（{d3}）{d3}-{d4}", "{n};ext={d4}", "{n} #{d3}#", "{n} - - - {d3}#",
    "{n},,{d3}", "{n} доб {d3}", "{n} ＥＸＴ {d3}", "{n} EXT. {d3}", "{n} ExTeNsIoN {d3}", "{n} int {d3}",
    "tel:{n};phone-context=+{d2}", "tel:{n};isub={d3}", "{n}_{d3}", "{n}#", "{n}--{d3}", "{n}–{d4}",
    "{d1} {d1} {d1} {d1} {d1} {d1} {d1} {d1} {d1} {d1}", "{d20}{d20}", "{d3}.{d3}.{d4}", "{n}​{d2}",
    "Tel{n}", "é{n}", "ß{n}", "Ω{n}", "{n}ą", "x{n}", "{n}x", "{n} x", "{d3}-{d3}-{d4}/{d3}-{d3}-{d4}",
    "{d2} {d2} {d2} {d2} {d2}", "{d3} {d7}", "{d6} {d4}", "0{d2} {d2}/{d2}/{d4}", "+{d2}/{d2}/{d3}/{d4}",
    "{d2}/{d3}/{d4}", "/{n}", "{n}/", "{n}//{n}", "(0{d2}) {d4} {d4}", "0{d2}-{d4}-{d4}", "{d4} {d3} {d3}",
]


def shaped(rng, regions):
    region = rng.choice(regions)
    _, number = number_text(rng, [region])
    d = lambda n: "".join(rng.choice("0123456789") for _ in range(n))
    text = rng.choice(SHAPES)
    for size in (20, 7, 5, 4, 3, 2, 1):
        while "{d%d}" % size in text:
            text = text.replace("{d%d}" % size, d(size), 1)
    while "{n}" in text:
        text = text.replace("{n}", number, 1)
        _, number = number_text(rng, [region])
    if rng.random() < 0.5:
        text = rng.choice(LABELS + WORDS) + rng.choice([" ", "", ": "]) + text + rng.choice(["", " ", ".", ",", "!"])
    if rng.random() < 0.1:
        text = other_script(rng, text)
    return text, (None if rng.random() < 0.1 else region)


def results(text, region, max_tries=65535):
    folded = oracle.fold(text)
    out = {}
    for name, leniency in LENIENCIES:
        found = []
        for match in PhoneNumberMatcher(folded, region, leniency=leniency, max_tries=max_tries):
            number = match.number
            e164 = phonenumbers.format_number(number, PhoneNumberFormat.E164)
            found.append([match.start, match.end, e164, number.extension])
        out[name] = found
    return out


def main():
    rng = random.Random(SEED)
    regions = oracle.REGIONS
    common = ["US", "GB", "DE", "FR", "IN", "BR", "JP", "CN", "RU", "AU", "IT", "ES", "MX", "CA", "NL", "CH",
              "AT", "SE", "PL", "AR", "KR", "SA", "AE", "EG", "NG", "ZA", "TH", "VN", "ID", "TR", "IL", "UA"]
    for index in range(COUNT):
        pool = common if rng.random() < 0.6 else regions
        text, region = make_text(rng, pool)
        record = {"text": text, "region": region, "results": results(text, region)}
        oracle.write_line(record, spaced=True)
    for index in range(COUNT * 2 // 9):
        text, region = shaped(rng, common if rng.random() < 0.7 else regions)
        record = {"text": text, "region": region, "results": results(text, region)}
        oracle.write_line(record, spaced=True)
    # The limit on failed tries: many false candidates, a small limit.
    for index in range(COUNT // 36):
        parts = [noise(rng) for _ in range(rng.randint(1, 12))]
        position = rng.randint(0, len(parts))
        parts.insert(position, number_text(rng, common)[1])
        text = " ".join(parts)
        region = rng.choice(common)
        max_tries = rng.randint(0, 12)
        record = {"text": text, "region": region, "maxTries": max_tries, "results": results(text, region, max_tries)}
        oracle.write_line(record, spaced=True)


if __name__ == "__main__":
    main()
