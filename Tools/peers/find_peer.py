#!/usr/bin/env python3
"""The peer of `payphone-bench find`: writes the CRM-like notes both run on,
and times phonenumbers' PhoneNumberMatcher on them.

  python3 Tools/peers/find_peer.py --write-corpus FILE [COUNT]   notes, REGION<TAB>TEXT per line
  python3 Tools/peers/find_peer.py FILE                           time the matcher at every leniency
  python3 Tools/peers/find_peer.py --pattern-cache FILE           the same with phonenumbers.enable_pattern_cache()

Prints one line per leniency, as payphone-bench find does:
  impl=phonenumbers-VERSION bench=find leniency=L texts=N bytes=B matches=M mb_per_s=X cpu_mb_per_s=Y ns_per_match=Z
(bytes are UTF-8 bytes; ns_per_match is CPU time over matches found). As
payphone-bench does, each leniency has one untimed pass first (metadata
loading is not timed). The default is phonenumbers as it comes, which is what
the find benchmark compares against; --pattern-cache prints impl=
phonenumbers-VERSION-pattern-cache lines too (VERSION: the installed
phonenumbers').
Tools/peers/run-find.sh runs both on the same notes in the same run.
"""

import random
import sys
import time

import phonenumbers
from phonenumbers import Leniency, PhoneNumberFormat, PhoneNumberMatcher, PhoneNumberType

LENIENCIES = [("possible", Leniency.POSSIBLE), ("valid", Leniency.VALID),
              ("strict_grouping", Leniency.STRICT_GROUPING), ("exact_grouping", Leniency.EXACT_GROUPING)]

SENTENCES = [
    "Customer called about the invoice from last week and asked for a refund.",
    "Left a voicemail, will try again tomorrow morning before 10.",
    "Spoke with the office manager; the delivery address changed to 221B Baker Street, London NW1 6XE.",
    "Order #A-2048 shipped on 2024-03-12, tracking 1Z999AA10123456784.",
    "Le client souhaite être rappelé demain après-midi.",
    "Kunde bittet um Rückruf, Termin am 12.03.2024 um 14:30 Uhr.",
    "El cliente pidió una cotización para 250 unidades a $1,234.50.",
    "Клиент просит перезвонить после обеда.",
    "お客様から折り返しのご連絡をお願いされました。",
    "Discount of 15% agreed, valid until 31/12/2024.",
    "Meeting notes: budget 45,000 EUR, headcount 12, Q3 review.",
    "Server 192.168.10.24 was down for 5 minutes; ticket 883421.",
    "See https://example.com/orders/99812?ref=crm for details.",
]


def number(rng):
    region = rng.choice(["US", "GB", "DE", "FR", "IN", "BR", "JP", "AU", "ES", "IT", "MX", "CA", "NL", "RU"])
    example = phonenumbers.example_number_for_type(region, rng.choice([PhoneNumberType.FIXED_LINE, PhoneNumberType.MOBILE]))
    if example is None:
        example = phonenumbers.example_number(region)
    fmt = rng.choice([PhoneNumberFormat.E164, PhoneNumberFormat.INTERNATIONAL, PhoneNumberFormat.NATIONAL])
    text = phonenumbers.format_number(example, fmt)
    if rng.random() < 0.1:
        text += " ext. %d" % rng.randint(10, 9999)
    return region, text


def write_corpus(path, count):
    rng = random.Random(2026)
    with open(path, "w", encoding="utf-8") as out:
        for _ in range(count):
            parts = [rng.choice(SENTENCES) for _ in range(rng.randint(1, 4))]
            region = "US"
            for _ in range(rng.choice([0, 1, 1, 2])):
                region, text = number(rng)
                parts.insert(rng.randint(0, len(parts)), rng.choice(["Call", "Tel:", "Mobile", "reach at", ""]) + " " + text + ".")
            out.write(region + "\t" + " ".join(parts) + "\n")


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == "--write-corpus":
        write_corpus(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 5000)
        return
    arguments = sys.argv[1:]
    label = ""
    if arguments and arguments[0] == "--pattern-cache":
        phonenumbers.enable_pattern_cache()
        label = "-pattern-cache"
        arguments = arguments[1:]
    notes = []
    for line in open(arguments[0], encoding="utf-8"):
        region, _, text = line.rstrip("\n").partition("\t")
        notes.append((region or None, text))
    size = sum(len(text.encode("utf-8")) for _, text in notes)
    for name, leniency in LENIENCIES:
        for region, text in notes[:500]:  # warm-up: loads the metadata the notes need
            for _ in PhoneNumberMatcher(text, region, leniency=leniency):
                pass
        wall = time.perf_counter()
        cpu = time.process_time()
        matches = 0
        for region, text in notes:
            for _ in PhoneNumberMatcher(text, region, leniency=leniency):
                matches += 1
        cpu = time.process_time() - cpu
        wall = time.perf_counter() - wall
        print("impl=phonenumbers-%s%s bench=find leniency=%s texts=%d bytes=%d matches=%d mb_per_s=%.2f cpu_mb_per_s=%.2f ns_per_match=%.0f"
              % (phonenumbers.__version__, label, name, len(notes), size, matches, size / wall / 1e6, size / cpu / 1e6,
                 cpu * 1e9 / max(matches, 1)))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
