"""Writes the `payphone` wheel: the package's Python files and its extension
module (payphone/_payphone<EXT_SUFFIX>), as a zip with the dist-info files
pip needs (PEP 427), so no build backend (setuptools, wheel) has to be
installed. Run it with the Python the module was built for.

The tag says what the module needs: that CPython version's ABI (cp311-cp311
for 3.11), and the manylinux_X_Y of the newest glibc symbol version it
references (PEP 600), so pip installs it only there.

    python3 Tools/python/make_wheel.py LIBRARY OUTDIR
"""

import base64
import hashlib
import os
import platform
import re
import subprocess
import sys
import sysconfig
import zipfile

NAME = "payphone"
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "oracle"))
from _reference import PHONENUMBERS_VERSION  # noqa: E402


def version() -> str:
    # The library's own version, so that the wheel and libPayPhoneC.so agree.
    source = open(os.path.join(HERE, "..", "..", "Sources", "PayPhoneCore", "PayPhoneVersion.swift"), encoding="utf-8").read()
    marker = 'static let current: StaticString = "'
    start = source.index(marker) + len(marker)
    return source[start:source.index('"', start)]


def record_line(path: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def platform_tag(library: str) -> str:
    """manylinux_X_Y_ARCH for the newest GLIBC_X.Y the library references."""
    symbols = subprocess.run(["objdump", "-T", library], check=True, capture_output=True, text=True).stdout
    versions = {tuple(int(part) for part in found) for found in re.findall(r"GLIBC_(\d+)\.(\d+)", symbols)}
    major, minor = max(versions) if versions else (2, 17)
    return f"manylinux_{major}_{minor}_{platform.machine()}"


def main() -> None:
    library, outdir = sys.argv[1], sys.argv[2]
    ver = version()
    python = f"cp{sys.version_info.major}{sys.version_info.minor}"
    tag = f"{python}-{python}-{platform_tag(library)}"
    files = {}
    for name in sorted(os.listdir(os.path.join(HERE, NAME))):
        if name.endswith((".py", ".pyi")) or name == "py.typed":
            with open(os.path.join(HERE, NAME, name), "rb") as handle:
                files[f"{NAME}/{name}"] = handle.read()
    module = f"{NAME}/_payphone{sysconfig.get_config_var('EXT_SUFFIX')}"
    stripped = os.path.join(outdir, ".payphone.so")
    try:
        # Debug sections are most of the size; keep them out of the wheel.
        subprocess.run(["strip", "--strip-debug", "-o", stripped, library], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(stripped, "rb") as handle:
            files[module] = handle.read()
    except (OSError, subprocess.CalledProcessError):
        with open(library, "rb") as handle:
            files[module] = handle.read()
    finally:
        if os.path.exists(stripped):
            os.remove(stripped)
    info = f"{NAME}-{ver}.dist-info"
    files[f"{info}/METADATA"] = (
        "Metadata-Version: 2.1\n"
        f"Name: {NAME}\n"
        f"Version: {ver}\n"
        f"Summary: Phone numbers (libphonenumber {PHONENUMBERS_VERSION} answers), cards and as-you-type formatting, "
        "from PayPhone's Swift engine\n"
        f"Requires-Python: =={sys.version_info.major}.{sys.version_info.minor}.*\n"
        "Provides-Extra: arrow\n"
        "Requires-Dist: pyarrow>=16; extra == 'arrow'\n"
        "Description-Content-Type: text/plain\n\n"
        f"CPython {sys.version_info.major}.{sys.version_info.minor} (not free-threaded); "
        "needs only glibc, libstdc++ and libgcc_s at run time.\n"
    ).encode()
    files[f"{info}/WHEEL"] = (
        "Wheel-Version: 1.0\nGenerator: payphone make_wheel.py\nRoot-Is-Purelib: false\n"
        f"Tag: {tag}\n"
    ).encode()
    files[f"{info}/top_level.txt"] = f"{NAME}\n".encode()
    record = [record_line(path, data) for path, data in files.items()]
    record.append(f"{info}/RECORD,,")
    files[f"{info}/RECORD"] = ("\n".join(record) + "\n").encode()
    wheel = os.path.join(outdir, f"{NAME}-{ver}-{tag}.whl")
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in files.items():
            entry = zipfile.ZipInfo(path, date_time=(2026, 1, 1, 0, 0, 0))
            entry.external_attr = (0o755 if path.endswith(".so") else 0o644) << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, data)
    print(wheel)


if __name__ == "__main__":
    main()
