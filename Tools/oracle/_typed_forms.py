"""Ways people type a number, shared by the match and short generators.

Every function takes a `random.Random` so generators stay deterministic.
The oracle is asked about the text folded to ASCII digits (_oracle.fold),
as the CLI contract folds it, while PayPhone gets the text as typed.
"""

import _oracle as oracle

ZEROS = oracle.zeros(*oracle.COMMON_SCRIPTS, "gujarati", "tamil")
EXTENSION_SPELLINGS = [" ext. {}", " x{}", " X {}", " #{}", ";ext={}", ",{}", " extension {}", " доб {}", " - {}#"]
SEPARATORS = [" ", "-", ".", " - ", "", "/"]
WRAPPERS = ["Tel: {}", "call {} now", "{}.", "({})", "{} (office)", "tel:{}", "phone {}!"]


def in_scripts(text, rng):
    """The ASCII digits of `text` in another script: one, or (a fifth of the time) one a digit."""
    if rng.random() < 0.2:
        return oracle.mixed_scripts(rng, text, ZEROS)
    return oracle.to_script(rng, text, ZEROS)


def grouped(digits, rng):
    """The digits in random groups with one separator kind."""
    if len(digits) < 3 or rng.random() < 0.3:
        return digits
    return oracle.regroup(rng, digits, SEPARATORS)


def with_letters(digits, rng):
    """Some digits as keypad letters (vanity), or a stray letter."""
    out = list(digits)
    positions = [i for i, c in enumerate(out) if c in oracle.ALPHA_KEYS]
    if not positions:
        return digits
    count = rng.choice([1, 3, 4, len(positions)])
    for i in rng.sample(positions, min(count, len(positions))):
        out[i] = rng.choice(oracle.ALPHA_KEYS[out[i]])
    return "".join(out)


def dressed(text, rng):
    """`text` typed in one of many ways (the digits kept)."""
    roll = rng.random()
    if roll < 0.15:
        return in_scripts(text, rng)
    if roll < 0.22:
        return rng.choice(WRAPPERS).format(text)
    if roll < 0.27:
        return with_letters(text, rng)
    if roll < 0.30:
        return text.replace("+", "\uff0b")
    return text
