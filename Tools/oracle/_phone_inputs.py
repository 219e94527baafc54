"""Phone-number inputs as people type them, shared by the phone_util generators.

Deterministic: everything comes from the `random.Random` passed in and from
sorted metadata, never from hash order or the clock.
"""

import unicodedata

import phonenumbers
from phonenumbers import PhoneMetadata, PhoneNumberFormat, PhoneNumberType

if phonenumbers.__version__ != "9.0.43":
    raise SystemExit("phonenumbers %s installed; the oracle is 9.0.43" % phonenumbers.__version__)

# In the order of PayPhone's PhoneNumberType.allCases.
TYPES = [
    ("fixed_line", PhoneNumberType.FIXED_LINE),
    ("mobile", PhoneNumberType.MOBILE),
    ("fixed_line_or_mobile", PhoneNumberType.FIXED_LINE_OR_MOBILE),
    ("toll_free", PhoneNumberType.TOLL_FREE),
    ("premium_rate", PhoneNumberType.PREMIUM_RATE),
    ("shared_cost", PhoneNumberType.SHARED_COST),
    ("voip", PhoneNumberType.VOIP),
    ("personal_number", PhoneNumberType.PERSONAL_NUMBER),
    ("pager", PhoneNumberType.PAGER),
    ("uan", PhoneNumberType.UAN),
    ("voicemail", PhoneNumberType.VOICEMAIL),
    ("unknown", PhoneNumberType.UNKNOWN),
]
TYPE_NAMES = {value: name for name, value in TYPES}
EXAMPLE_TYPES = [value for name, value in TYPES if name not in ("fixed_line_or_mobile", "unknown")]
REGIONS = sorted(phonenumbers.SUPPORTED_REGIONS)
NON_GEO_CODES = sorted(phonenumbers.COUNTRY_CODES_FOR_NON_GEO_REGIONS)

# Other scripts' zeros (Nd): Arabic-Indic, Persian, Devanagari, Bengali, Thai,
# fullwidth, Myanmar, Khmer, Mongolian, Tibetan.
DIGIT_ZEROS = [0x660, 0x6F0, 0x966, 0x9E6, 0xE50, 0xFF10, 0x1040, 0x17E0, 0x1810, 0xF20]
SEPARATORS = [" ", "-", ".", "/", " - ", "  ", "", "\u00a0", "\u2013", "\uff0d"]
EXTENSIONS = [" ext. {}", " x{}", " #{}", ";ext={}", " ext {}", " extension {}", ",{}", " x {}"]
WRAPPERS = ["{}", "{}", "{}", "Tel: {}", "({})", "{} (mobile)", "<{}>"]
ALPHA_KEYS = {"2": "ABC", "3": "DEF", "4": "GHI", "5": "JKL", "6": "MNO", "7": "PQRS", "8": "TUV", "9": "WXYZ"}
# Carrier (selection) codes typed after the national prefix, where the
# region's national-prefix-for-parsing pattern captures one.
CARRIER_PREFIXES = {
    "BR": ["015", "012", "014", "021", "023", "031", "041", "043", "055", "065", "099", "9015", "9021"],
    "CO": ["03", "05", "07", "09", "0444", "0456"],
    "KR": ["081", "082", "083", "084", "086", "087", "088", "08500"],
    "BO": ["010", "012", "015"],
    "CR": ["1900", "1966", "1920", "1977"],
    "LU": ["15000", "15111", "15555"],
    "FO": ["1001", "1020", "1088"],
    "LI": ["1001"],
    "CL": ["01"],
}


def fold(text):
    """Unicode decimal digits to ASCII, as PayPhone folds them before interpretation."""
    out = []
    for char in text:
        if unicodedata.category(char) == "Nd":
            out.append(str(unicodedata.decimal(char)))
        else:
            out.append(char)
    return "".join(out)


def other_script(rng, text):
    zero = rng.choice(DIGIT_ZEROS)
    return "".join(chr(zero + ord(c) - 48) if "0" <= c <= "9" else c for c in text)


def regroup(rng, digits):
    """Digits split into random groups joined by one random separator."""
    separator = rng.choice(SEPARATORS)
    groups = []
    index = 0
    while index < len(digits):
        size = rng.randint(1, 4)
        groups.append(digits[index:index + size])
        index += size
    return separator.join(groups)


def vanity(rng, text):
    """The last 3 to 7 digits of the text as keypad letters (where they have any)."""
    chars = list(text)
    positions = [i for i, c in enumerate(chars) if c in ALPHA_KEYS]
    for index in positions[-rng.randint(3, 7):]:
        chars[index] = rng.choice(ALPHA_KEYS[chars[index]])
    if rng.random() < 0.1:
        # Letters a case-insensitive [A-Za-z] takes, though not ASCII.
        chars.append(rng.choice(["\u0130", "\u0131", "\u017f", "\u212a"]))
    return "".join(chars)


def example_numbers():
    """Every example number: (region or None, type, PhoneNumber)."""
    found = []
    for region in REGIONS:
        for numtype in EXAMPLE_TYPES:
            number = phonenumbers.example_number_for_type(region, numtype)
            if number is not None:
                found.append((region, numtype, number))
    for code in NON_GEO_CODES:
        metadata = PhoneMetadata.metadata_for_nongeo_region(code)
        for numtype in EXAMPLE_TYPES:
            desc = phonenumbers.phonenumberutil._number_desc_by_type(metadata, numtype)
            if desc is not None and desc.example_number:
                found.append((None, numtype, phonenumbers.parse("+%d%s" % (code, desc.example_number), None)))
    return found


def idd_for(region):
    metadata = PhoneMetadata.metadata_for_region(region)
    if metadata is None:
        return None
    if metadata.preferred_international_prefix:
        return metadata.preferred_international_prefix.replace("~", "")
    prefix = metadata.international_prefix or ""
    return prefix if prefix.isdigit() else None


def typed_forms(rng, region, number):
    """(text, default region, has a carrier code) triples: the number as people type it."""
    nsn = phonenumbers.national_significant_number(number)
    code = str(number.country_code)
    national = phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL)
    international = phonenumbers.format_number(number, PhoneNumberFormat.INTERNATIONAL)
    home = region or "001"
    elsewhere = rng.choice(REGIONS)
    forms = [
        (national, home),
        (international, rng.choice([None, home, elsewhere])),
        ("+" + code + regroup(rng, nsn), None),
        (code + " " + regroup(rng, nsn), home),
        (regroup(rng, nsn), home),
        (phonenumbers.format_number(number, PhoneNumberFormat.E164), elsewhere),
        (phonenumbers.format_number(number, PhoneNumberFormat.RFC3966), rng.choice([None, home])),
    ]
    caller = rng.choice(["US", "DE", "GB", "JP", "AU", "BR", "RU", "FR", "CN", elsewhere])
    idd = idd_for(caller)
    if idd:
        forms.append((idd + " " + code + " " + regroup(rng, nsn), caller))
    metadata = PhoneMetadata.metadata_for_region(region) if region else None
    if metadata is not None and metadata.national_prefix:
        forms.append((metadata.national_prefix + regroup(rng, nsn), home))
    forms = [(text, default, False) for text, default in forms]
    for prefix in CARRIER_PREFIXES.get(region or "", []):
        forms.append((prefix + rng.choice([" ", "", "-"]) + regroup(rng, nsn), home, True))
    # Vanity letters, extensions, other scripts, too long and too short.
    forms.append((vanity(rng, rng.choice([national, international, nsn])), home, False))
    forms.append((rng.choice([national, international]) + rng.choice(EXTENSIONS).format(rng.randint(1, 99999)), home, False))
    forms.append((other_script(rng, rng.choice([national, international])), home, False))
    forms.append((nsn + "".join(rng.choice("0123456789") for _ in range(rng.randint(1, 6))), home, False))
    forms.append(("+" + code + nsn + "".join(rng.choice("0123456789") for _ in range(rng.randint(1, 4))), None, False))
    forms.append((nsn[: max(1, len(nsn) - rng.randint(1, 4))], home, False))
    forms.append((rng.choice(WRAPPERS).format(national), home, False))
    return forms


def random_digits_forms(rng, count):
    """Noise: random digit runs in random regions, with and without +."""
    forms = []
    for _ in range(count):
        digits = "".join(rng.choice("0123456789") for _ in range(rng.randint(3, 15)))
        region = rng.choice(REGIONS + [None])
        text = ("+" if region is None or rng.random() < 0.2 else "") + regroup(rng, digits)
        forms.append((text, region))
    return forms
