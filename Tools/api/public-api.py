#!/usr/bin/env python3
"""The library's public API, one declaration per line, from symbol graphs.

Reads the symbol graphs Tools/docs/symbol-graphs.sh writes and prints,
per library module, every public declaration as `kind path: declaration`,
sorted, so a change to the public surface shows up as a diff of
`Tools/api/public-api.txt`. With --undocumented, lists the public
declarations that have no doc comment instead.

Usage: public-api.py SYMBOLGRAPH_DIR [--undocumented]
       public-api.py --modules     (the library modules it reads, one a line)
"""

import glob
import json
import os
import sys

MODULES = ["PayPhoneCore", "PayPhoneText", "PayPhoneMasks", "PayPhoneNumbers", "PayPhoneCards", "PayPhoneDescribe", "PayPhone"]


def declarations(directory):
    for module in MODULES:
        # The module's own graph and its extensions of other modules' types.
        paths = [os.path.join(directory, module + ".symbols.json")]
        paths += sorted(glob.glob(os.path.join(directory, module + "@*.symbols.json")))
        for path in paths:
            if not os.path.exists(path):
                continue
            with open(path, encoding="utf-8") as graph:
                symbols = json.load(graph)["symbols"]
            for symbol in symbols:
                if symbol["accessLevel"] not in ("public", "open"):
                    continue
                # Members the compiler adds (Hashable's hashValue, protocol defaults).
                if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
                    continue
                # A module's graph also holds what it re-exports, and the
                # members the compiler declares implicitly (no source
                # location): only what its own sources declare is its API.
                uri = symbol.get("location", {}).get("uri", "")
                if "/Sources/%s/" % module not in uri:
                    continue
                kind = symbol["kind"]["identifier"].removeprefix("swift.")
                name = ".".join(symbol["pathComponents"])
                text = "".join(fragment["spelling"] for fragment in symbol["declarationFragments"])
                documented = bool(symbol.get("docComment", {}).get("lines"))
                yield module, "%s %s %s: %s" % (module, kind, name, " ".join(text.split())), documented


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    if sys.argv[1] == "--modules":
        print("\n".join(MODULES))
        return
    undocumented = "--undocumented" in sys.argv[2:]
    lines = set()
    for _, line, documented in declarations(sys.argv[1]):
        if not undocumented or not documented:
            lines.add(line)
    for line in sorted(lines):
        print(line)


if __name__ == "__main__":
    main()
