"""Headless Chromium for the tests (Debian's ``chromium``): run it, read back its screenshots.

Shared by tests/test_handout.py (the handout in a real browser) and tests/test_rendering.py (the feedback).
"""

import shutil
import struct
import subprocess
import zlib

import pytest

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--hide-scrollbars"]
WINDOW = (1200, 3000)


def chromium():
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    return None


def run_chromium(args, tmp_path, what):
    profile = tmp_path / f"profile-{what}"
    command = [chromium(), *CHROMIUM_FLAGS, f"--user-data-dir={profile}",
               f"--window-size={WINDOW[0]},{WINDOW[1]}", *args]
    result = subprocess.run(command, capture_output=True, text=True, timeout=180, stdin=subprocess.DEVNULL)
    assert result.returncode == 0, f"chromium {what} failed ({result.returncode}):\n{result.stderr[-3000:]}"
    return result


def decode_png(path, max_rows=None):
    """(width, height, rows of (r, g, b) bytes) of an 8-bit RGB or RGBA PNG, with the standard library only."""
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, header
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(idat))
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(min(height, max_rows or height)):
        at = y * (stride + 1)
        kind, line = raw[at], bytearray(raw[at + 1:at + 1 + stride])
        if kind == 1:
            for x in range(bpp, stride):
                line[x] = (line[x] + line[x - bpp]) & 255
        elif kind == 2:
            line = bytearray((a + b) & 255 for a, b in zip(line, prev))
        elif kind == 3:
            for x in range(stride):
                left = line[x - bpp] if x >= bpp else 0
                line[x] = (line[x] + ((left + prev[x]) >> 1)) & 255
        elif kind == 4:
            for x in range(stride):
                a = line[x - bpp] if x >= bpp else 0
                b = prev[x]
                c = prev[x - bpp] if x >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    if bpp == 4:
        rows = [bytearray(b for k, b in enumerate(r) if k % 4 != 3) for r in rows]
    return width, height, rows


def ink(rows, x0, y0, x1, y1):
    """Fraction of the pixels in [x0, x1) × [y0, y1) that are not white."""
    inked = total = 0
    for y in range(max(0, y0), min(len(rows), y1)):
        row = rows[y]
        for x in range(max(0, x0), min(len(row) // 3, x1)):
            total += 1
            inked += row[3 * x] < 235 or row[3 * x + 1] < 235 or row[3 * x + 2] < 235
    return inked / max(total, 1)


@pytest.fixture(scope="module")
def browser():
    if chromium() is None:
        pytest.skip("Debian's chromium is not installed (apt-get install chromium; .ci/run does it as root): "
                    "the handout was not checked in a real browser")
    return chromium()


