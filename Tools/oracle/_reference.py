"""The reference PayPhone answers to: PyPI phonenumbers, at this one version.

Every Python tool that reads phonenumbers (the oracle generators, the data
generators, the peers, the fuzzer's differential) imports the version from
here; shell scripts print it with `python3 Tools/oracle/_reference.py`.
Importing this module needs nothing beyond Python's standard library.
"""

import sys

PHONENUMBERS_VERSION = "9.0.43"


def require_reference(installed: str, tool: str) -> None:
    """Exits, naming `tool`, unless `installed` is the reference version."""
    if installed != PHONENUMBERS_VERSION:
        sys.exit(
            "%s: phonenumbers %s is installed; it needs %s (pip install phonenumbers==%s)"
            % (tool, installed, PHONENUMBERS_VERSION, PHONENUMBERS_VERSION)
        )


if __name__ == "__main__":
    print(PHONENUMBERS_VERSION)
