"""Ways people type a number, shared by the match and short generators.

Every function takes a `random.Random` so generators stay deterministic.
`fold` is what the oracle sees: the CLI contract folds every Unicode
decimal digit to ASCII before interpretation, so the oracle is asked about
the folded text while PayPhone gets the text as typed.
"""

import sys
import unicodedata

import phonenumbers
from phonenumbers import NumberParseException

if phonenumbers.__version__ != "9.0.43":
    sys.exit("phonenumbers %s installed; the oracle is 9.0.43" % phonenumbers.__version__)

# Zeros of other scripts' decimal digits (Nd): Arabic-Indic, Persian, Devanagari,
# Bengali, Thai, fullwidth, Myanmar, Khmer, Mongolian, Tibetan, Gujarati, Tamil.
DIGIT_ZEROS = [0x660, 0x6F0, 0x966, 0x9E6, 0xE50, 0xFF10, 0x1040, 0x17E0, 0x1810, 0xF20, 0xAE6, 0xBE6]
EXTENSION_SPELLINGS = [" ext. {}", " x{}", " X {}", " #{}", ";ext={}", ",{}", " extension {}", " доб {}", " - {}#"]
SEPARATORS = [" ", "-", ".", " - ", "", "/"]
WRAPPERS = ["Tel: {}", "call {} now", "{}.", "({})", "{} (office)", "tel:{}", "phone {}!"]
ALPHA_KEYS = {"2": "ABC", "3": "DEF", "4": "GHI", "5": "JKL", "6": "MNO", "7": "PQRS", "8": "TUV", "9": "WXYZ"}
ERROR_NAMES = {
    NumberParseException.INVALID_COUNTRY_CODE: "invalid_country_code",
    NumberParseException.NOT_A_NUMBER: "not_a_number",
    NumberParseException.TOO_SHORT_AFTER_IDD: "too_short_after_idd",
    NumberParseException.TOO_SHORT_NSN: "too_short_nsn",
    NumberParseException.TOO_LONG: "too_long",
}


def fold(text):
    """Every Unicode decimal digit as its ASCII digit."""
    return "".join(str(unicodedata.decimal(c)) if unicodedata.category(c) == "Nd" else c for c in text)


def to_script(text, rng):
    """The ASCII digits of `text` in another script (one, or mixed digit by digit)."""
    if rng.random() < 0.2:
        return "".join(chr(rng.choice(DIGIT_ZEROS) + int(c)) if c.isdigit() else c for c in text)
    zero = rng.choice(DIGIT_ZEROS)
    return "".join(chr(zero + int(c)) if "0" <= c <= "9" else c for c in text)


def grouped(digits, rng):
    """The digits in random groups with one separator kind."""
    if len(digits) < 3 or rng.random() < 0.3:
        return digits
    separator = rng.choice(SEPARATORS)
    parts, index = [], 0
    while index < len(digits):
        size = rng.randint(1, 4)
        parts.append(digits[index : index + size])
        index += size
    return separator.join(parts)


def with_letters(digits, rng):
    """Some digits as keypad letters (vanity), or a stray letter."""
    out = list(digits)
    positions = [i for i, c in enumerate(out) if c in ALPHA_KEYS]
    if not positions:
        return digits
    count = rng.choice([1, 3, 4, len(positions)])
    for i in rng.sample(positions, min(count, len(positions))):
        out[i] = rng.choice(ALPHA_KEYS[out[i]])
    return "".join(out)


def dressed(text, rng):
    """`text` typed in one of many ways (the digits kept)."""
    roll = rng.random()
    if roll < 0.15:
        return to_script(text, rng)
    if roll < 0.22:
        return rng.choice(WRAPPERS).format(text)
    if roll < 0.27:
        return with_letters(text, rng)
    if roll < 0.30:
        return text.replace("+", "\uff0b")
    return text


def error_name(error):
    return ERROR_NAMES[error.error_type]
