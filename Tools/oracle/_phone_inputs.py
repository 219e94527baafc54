"""Phone-number inputs as people type them, shared by the phone_util generators.

Deterministic: everything comes from the `random.Random` passed in and from
sorted metadata, never from hash order or the clock.
"""

import phonenumbers
from phonenumbers import PhoneMetadata, PhoneNumberFormat

import _oracle as oracle

ZEROS = oracle.zeros(*oracle.COMMON_SCRIPTS)
SEPARATORS = [" ", "-", ".", "/", " - ", "  ", "", "\u00a0", "\u2013", "\uff0d"]
EXTENSIONS = [" ext. {}", " x{}", " #{}", ";ext={}", " ext {}", " extension {}", ",{}", " x {}"]
WRAPPERS = ["{}", "{}", "{}", "Tel: {}", "({})", "{} (mobile)", "<{}>"]
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


def vanity(rng, text):
    """The last 3 to 7 digits of the text as keypad letters (where they have any)."""
    chars = list(text)
    positions = [i for i, c in enumerate(chars) if c in oracle.ALPHA_KEYS]
    for index in positions[-rng.randint(3, 7):]:
        chars[index] = rng.choice(oracle.ALPHA_KEYS[chars[index]])
    if rng.random() < 0.1:
        # Letters a case-insensitive [A-Za-z] takes, though not ASCII.
        chars.append(rng.choice(["\u0130", "\u0131", "\u017f", "\u212a"]))
    return "".join(chars)


def idd_for(region):
    metadata = PhoneMetadata.metadata_for_region(region)
    if metadata is None:
        return None
    if metadata.preferred_international_prefix:
        return metadata.preferred_international_prefix.replace("~", "")
    prefix = metadata.international_prefix or ""
    return prefix if prefix.isdigit() else None


def typed_forms(rng, region, number):
    """(text, default region, has a carrier code) triples: the number as people type it
    (region "001" for a non-geographic entity's)."""
    nsn = phonenumbers.national_significant_number(number)
    code = str(number.country_code)
    national = phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL)
    international = phonenumbers.format_number(number, PhoneNumberFormat.INTERNATIONAL)
    elsewhere = rng.choice(oracle.REGIONS)
    forms = [
        (national, region),
        (international, rng.choice([None, region, elsewhere])),
        ("+" + code + oracle.regroup(rng, nsn, SEPARATORS), None),
        (code + " " + oracle.regroup(rng, nsn, SEPARATORS), region),
        (oracle.regroup(rng, nsn, SEPARATORS), region),
        (phonenumbers.format_number(number, PhoneNumberFormat.E164), elsewhere),
        (phonenumbers.format_number(number, PhoneNumberFormat.RFC3966), rng.choice([None, region])),
    ]
    caller = rng.choice(["US", "DE", "GB", "JP", "AU", "BR", "RU", "FR", "CN", elsewhere])
    idd = idd_for(caller)
    if idd:
        forms.append((idd + " " + code + " " + oracle.regroup(rng, nsn, SEPARATORS), caller))
    metadata = PhoneMetadata.metadata_for_region(region)
    if metadata is not None and metadata.national_prefix:
        forms.append((metadata.national_prefix + oracle.regroup(rng, nsn, SEPARATORS), region))
    forms = [(text, default, False) for text, default in forms]
    for prefix in CARRIER_PREFIXES.get(region, []):
        forms.append((prefix + rng.choice([" ", "", "-"]) + oracle.regroup(rng, nsn, SEPARATORS), region, True))
    # Vanity letters, extensions, other scripts, too long and too short.
    forms.append((vanity(rng, rng.choice([national, international, nsn])), region, False))
    forms.append((rng.choice([national, international]) + rng.choice(EXTENSIONS).format(rng.randint(1, 99999)), region, False))
    forms.append((oracle.to_script(rng, rng.choice([national, international]), ZEROS), region, False))
    forms.append((nsn + "".join(rng.choice("0123456789") for _ in range(rng.randint(1, 6))), region, False))
    forms.append(("+" + code + nsn + "".join(rng.choice("0123456789") for _ in range(rng.randint(1, 4))), None, False))
    forms.append((nsn[: max(1, len(nsn) - rng.randint(1, 4))], region, False))
    forms.append((rng.choice(WRAPPERS).format(national), region, False))
    return forms


def random_digits_forms(rng, count):
    """Noise: random digit runs in random regions, with and without +."""
    forms = []
    for _ in range(count):
        digits = "".join(rng.choice("0123456789") for _ in range(rng.randint(3, 15)))
        region = rng.choice(oracle.REGIONS + [None])
        text = ("+" if region is None or rng.random() < 0.2 else "") + oracle.regroup(rng, digits, SEPARATORS)
        forms.append((text, region))
    return forms
