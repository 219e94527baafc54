#!/usr/bin/env python3
"""Differential fuzzing of `payphone phone --jsonl` against libphonenumber's
Python port (PyPI phonenumbers at the version Tools/oracle/_reference.py
names).

Takes seed inputs (the oracle generator's renderings of every region's
example numbers and its failing inputs, plus the phone fuzz corpora),
mutates them (characters inserted, deleted and replaced from a phone-ish
alphabet: ASCII digits and other scripts' digits, letters, `+`, `;ext=`,
`tel:`, `;phone-context=`, separators, extension words), runs each through
both, and compares every contract field. The contract folds every Unicode
decimal digit to ASCII before interpretation, so the oracle is asked about
the folded text (phone_oracle.answer folds its input).

Disagreements are grouped by which fields differ; the first input of each
group is shrunk (characters removed while the same fields still differ) and
printed with its region, the oracle's answer and ours.

Usage:
  Tools/Fuzz/phone_differential.py [--count N] [--seed S] [--payphone PATH]
      [--batch B] [--examples K] [--json REPORT]

Exit status 0 when everything agrees, 1 otherwise.
"""

import argparse
import json
import os
import random
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "Tools", "oracle"))
import _oracle  # noqa: E402
import phone_oracle  # noqa: E402  (the oracle's field mapping and generators)
import phonenumbers  # noqa: E402

FIELDS = ["ok", "error", "e164", "countryCode", "nationalNumber", "extension", "region", "valid",
          "possible", "type", "international", "national", "rfc3966"]
FOLDED_FIELDS = {"extension", "international", "national", "rfc3966"}

# ASCII digits among the others: a mutation can put one back.
ZEROS = [0x30] + _oracle.zeros(*_oracle.COMMON_SCRIPTS, "vai", "mathematical-bold")
TOKENS = ["+", "\uff0b", ";ext=", "tel:", ";phone-context=", ";phone-context=+1", ";isub=", " ext. ", " x", "#",
          "ext", "extn", "anexo", "\u0434\u043e\u0431", " - ", ",,", ",", "~", "*", "(0)", "(", ")", "[", "]",
          "/", ".", "-", " ", "\u00a0", "\u2013", "\u2011", "\u3000", "00", "011", "0", "1", "+1", "+44", "+7",
          "8 10", "tel:+", "%", "x", "X", "e", "t", "l", "a", "ABC", "FLOWERS", "\u200b", "\ufeff", "\u0661",
          "\uff11", "\uff10", "\u00b2", "\u2460", "\u0966", "+800", "+979", "+882", "+383", "15", "9", "044"]
LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def oracle(raw, region):
    # The contract reads regions case-insensitively; libphonenumber wants them upper-case.
    answer = phone_oracle.answer(raw, region.upper() if region else region)
    for field in FOLDED_FIELDS:
        if answer.get(field) is not None:
            answer[field] = _oracle.fold(answer[field])
    return answer


def random_char(rng):
    roll = rng.random()
    if roll < 0.45:
        return chr(rng.choice(ZEROS) + rng.randrange(10))
    if roll < 0.6:
        return rng.choice(LETTERS)
    return rng.choice(TOKENS)


def mutate(text, rng):
    text = list(text)
    for _ in range(rng.choice([1, 1, 1, 2, 2, 3, 4, 6])):
        roll = rng.random()
        position = rng.randrange(len(text) + 1)
        if roll < 0.3 or not text:
            text[position:position] = list(random_char(rng))
        elif roll < 0.55:
            del text[min(position, len(text) - 1)]
        elif roll < 0.8:
            text[min(position, len(text) - 1)] = random_char(rng)
        elif roll < 0.9:
            # A digit moved to another script.
            digits = [i for i, c in enumerate(text) if c.isdigit() and c.isascii()]
            for i in rng.sample(digits, min(len(digits), rng.randrange(1, 4))):
                text[i] = chr(rng.choice(ZEROS) + int(text[i]))
        elif roll < 0.95:
            start = rng.randrange(len(text))
            piece = text[start:start + rng.randrange(1, 6)]
            text[position:position] = piece
        else:
            del text[position:]
    return "".join(text)[:300]


def seeds(rng):
    inputs = []
    for region, _, number in _oracle.source_numbers():
        for raw, default in phone_oracle.renderings(region, number, rng):
            inputs.append((raw, default))
    for _ in range(3000):
        inputs.append((phone_oracle.garbage(rng), None))
    regions = sorted(phonenumbers.SUPPORTED_REGIONS) + ["001", "ZZ", "", "gb"]
    for target in ("phone", "phone-region"):
        directory = os.path.join(ROOT, "Tools", "Fuzz", "Corpus", target)
        if not os.path.isdir(directory):
            continue
        for name in sorted(os.listdir(directory)):
            data = open(os.path.join(directory, name), "rb").read()
            region = None
            if target == "phone-region" and data:
                region = regions[data[0] % len(regions)] or None
                data = data[1:]
            inputs.append((data.decode("utf-8", "replace"), region))
    return inputs


class PayPhone:
    """One long-running `payphone phone --jsonl`, a line in, a line out."""

    def __init__(self, path):
        self.process = subprocess.Popen([path, "phone", "--jsonl"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, bufsize=0)

    def ask(self, raw, region):
        line = json.dumps({"number": raw, "region": region}, ensure_ascii=False) + "\n"
        self.process.stdin.write(line.encode("utf-8"))
        return json.loads(self.process.stdout.readline())

    def close(self):
        self.process.stdin.close()
        self.process.wait()


def batch_answers(path, cases):
    lines = [json.dumps({"number": raw, "region": region}, ensure_ascii=False) for raw, region in cases]
    result = subprocess.run([path, "phone", "--jsonl"], input=("\n".join(lines) + "\n").encode("utf-8"),
                            stdout=subprocess.PIPE, check=True)
    answers = [json.loads(line) for line in result.stdout.decode("utf-8").splitlines()]
    if len(answers) != len(cases):
        sys.exit("payphone gave %d lines for %d inputs" % (len(answers), len(cases)))
    return answers


def differing(ours, theirs, raw):
    fields = []
    if ours.get("input") != raw:
        fields.append("input")
    for field in FIELDS:
        if theirs.get(field) != ours.get(field):
            fields.append(field)
    return tuple(fields)


def signature(fields, ours, theirs):
    if "ok" in fields or "error" in fields:
        return ("outcome", str(theirs.get("error") or "ok"), str(ours.get("error") or "ok"))
    return tuple(fields)


def shrink(payphone, raw, region, wanted):
    """Removes characters (then whole chunks) while the disagreement keeps its signature."""
    def same(candidate):
        theirs = oracle(candidate, region)
        ours = payphone.ask(candidate, region)
        fields = differing(ours, theirs, candidate)
        return fields and signature(fields, ours, theirs) == wanted

    text = raw
    chunk = max(1, len(text) // 2)
    while chunk >= 1:
        index = 0
        changed = False
        while index < len(text):
            candidate = text[:index] + text[index + chunk:]
            if candidate != text and same(candidate):
                text = candidate
                changed = True
            else:
                index += chunk
        if not changed:
            chunk //= 2
    return text


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=200000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--payphone", default=None)
    parser.add_argument("--batch", type=int, default=20000)
    parser.add_argument("--examples", type=int, default=3)
    parser.add_argument("--json", default=None, help="write the groups as JSON here")
    arguments = parser.parse_args()
    path = arguments.payphone
    if path is None:
        for candidate in (".build/release/payphone", ".build/debug/payphone"):
            if os.access(os.path.join(ROOT, candidate), os.X_OK):
                path = os.path.join(ROOT, candidate)
                break
    if path is None:
        sys.exit("no payphone built; run swift build -c release --product payphone, or pass --payphone")

    rng = random.Random(arguments.seed)
    pool = seeds(rng)
    regions = sorted(phonenumbers.SUPPORTED_REGIONS) + [None, None, "ZZ", "001", "gb", "us"]
    groups = {}
    total = agree = 0
    started = time.time()
    while total < arguments.count:
        cases = []
        for _ in range(min(arguments.batch, arguments.count - total)):
            raw, region = rng.choice(pool)
            if rng.random() < 0.85:
                raw = mutate(raw, rng)
            if rng.random() < 0.3:
                region = rng.choice(regions)
            cases.append((raw, region))
        answers = batch_answers(path, cases)
        for (raw, region), ours in zip(cases, answers):
            theirs = oracle(raw, region)
            fields = differing(ours, theirs, raw)
            total += 1
            if not fields:
                agree += 1
                continue
            key = signature(fields, ours, theirs)
            group = groups.setdefault(key, {"count": 0, "examples": []})
            group["count"] += 1
            if len(group["examples"]) < arguments.examples:
                group["examples"].append((raw, region, theirs, ours))
        print("%d inputs, %d agree (%.4f%%), %d groups, %.0f s" % (
            total, agree, 100.0 * agree / total, len(groups), time.time() - started), file=sys.stderr)

    payphone = PayPhone(path)
    report = []
    for key, group in sorted(groups.items(), key=lambda item: -item[1]["count"]):
        raw, region, _, _ = group["examples"][0]
        minimal = shrink(payphone, raw, region, key)
        report.append({
            "differs": list(key), "count": group["count"],
            "minimal": {"number": minimal, "region": region, "oracle": oracle(minimal, region),
                        "payphone": payphone.ask(minimal, region)},
            "examples": [{"number": r, "region": g} for r, g, _, _ in group["examples"]],
        })
    payphone.close()

    print("phone differential: %d inputs, %d agree (%.4f%%), %d disagree in %d groups" % (
        total, agree, 100.0 * agree / total, total - agree, len(groups)))
    for entry in report:
        minimal = entry["minimal"]
        print("\n[%d] differs in %s" % (entry["count"], ", ".join(entry["differs"])))
        print("  minimal: %s region %s" % (json.dumps(minimal["number"], ensure_ascii=False), minimal["region"]))
        theirs, ours = minimal["oracle"], minimal["payphone"]
        for field in FIELDS:
            if theirs.get(field) != ours.get(field):
                print("    %s: oracle %s, payphone %s" % (
                    field, json.dumps(theirs.get(field), ensure_ascii=False),
                    json.dumps(ours.get(field), ensure_ascii=False)))
        for example in entry["examples"]:
            print("  e.g. %s region %s" % (json.dumps(example["number"], ensure_ascii=False), example["region"]))
    if arguments.json:
        with open(arguments.json, "w") as out:
            json.dump({"inputs": total, "agree": agree, "groups": report}, out, ensure_ascii=False, indent=1)
    return 0 if agree == total else 1


if __name__ == "__main__":
    sys.exit(main())
