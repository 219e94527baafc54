"""Oracle answers of PhoneNumberUtil's text helpers, for the phone_util tier.

Prints Tests/Fixtures/phone_util_text.jsonl: one line per text (vanity
numbers, typed numbers, random mixes of digits of many scripts, letters of
many alphabets, punctuation, plus signs, stars, hashes, extensions and
noise) with the answers of convert_alpha_characters_in_number,
is_alpha_number, normalize_diallable_chars_only and normalize_digits_only.
Digits of other scripts are folded to ASCII before the oracle sees the text,
as PayPhone folds them before interpretation.
"""

import random

import phonenumbers

import _oracle as oracle
import _phone_inputs as inputs

PIECES = (
    list("0123456789") * 4
    + list("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
    + ["\u0131", "\u017f", "\u00e9", "\u00df", "\uff21", "\uff4b", "\u0414", "\u03a9", "\u212a", "\u00c0"]
    + ["\u00b2", "\u2460", "\u00bd", "\u0663", "\u06f5", "\u0967", "\u09e8", "\u0e53", "\uff17", "\u1045"]
    + list(" -./()[]~+*#,;:") + ["\uff0b", "\u2010", "\u2013", "\u2212", "\u3000", "\u00a0", "\u2060", "\uff0e", "\uff0f"]
    + [" ext. ", " x", " #", ";ext=", " extension ", "\n", "\t", "tel:", "_"]
)
WORDS = ["FLOWERS", "flowers", "SIX-FLAG", "MICROSOFT", "GOOG", "call", "TAXI", "Pizza", "HELLO", "ab", "xyz"]


def main():
    rng = random.Random(1405)
    texts = []
    for region, _, number in oracle.source_numbers(entity_kinds=oracle.EXAMPLE_TYPES):
        if rng.random() < 0.35:
            forms = inputs.typed_forms(rng, region, number)
            texts.append(rng.choice(forms)[0])
    for _ in range(1500):
        digits = "".join(rng.choice("0123456789") for _ in range(rng.randint(1, 6)))
        word = rng.choice(WORDS)
        texts.append(rng.choice(["", "+", "1 ", "1-"]) + digits + rng.choice(["", " ", "-"]) + word
                     + rng.choice(["", "", " ext. 12", " x7", "#", " 55"]))
    for _ in range(2500):
        texts.append("".join(rng.choice(PIECES) for _ in range(rng.randint(0, 24))))
    texts.append("1" * 240 + "ABC")
    texts.append("1" * 250 + "ABC")
    for text in texts:
        folded = oracle.fold(text)
        line = {
            "text": text,
            "alpha": phonenumbers.convert_alpha_characters_in_number(folded),
            "isAlpha": phonenumbers.is_alpha_number(folded),
            "diallable": phonenumbers.normalize_diallable_chars_only(folded),
            "digits": phonenumbers.normalize_digits_only(folded),
        }
        oracle.write_line(line)


if __name__ == "__main__":
    main()
