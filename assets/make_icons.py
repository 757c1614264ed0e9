"""Draw the app icon (a 3x3 box of cells, the centre one marked) as PNG, ICO and ICNS.

Pure standard library, run once at development time; the generated files are committed::

    python assets/make_icons.py

Each size is drawn directly (4x4 supersampling) rather than scaled down from the largest,
so the 16 px icon keeps its grid lines.  ICO and ICNS entries hold PNG data, which
Windows Vista+ and macOS 10.7+ read.
"""
from __future__ import annotations

import struct
import zlib
from pathlib import Path

HERE = Path(__file__).parent
NAVY = (36, 73, 122)
WHITE = (255, 255, 255)
AMBER = (242, 169, 59)
SAMPLES = 4  # per axis


def _in_rounded_rect(x: float, y: float, x0: float, y0: float, x1: float, y1: float, r: float) -> bool:
    """Whether the point (x, y) lies inside the rectangle with corners rounded by r."""
    if x < x0 or x > x1 or y < y0 or y > y1:
        return False
    cx = min(max(x, x0 + r), x1 - r)
    cy = min(max(y, y0 + r), y1 - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def _tiles() -> list[tuple[float, float, float, float, tuple[int, int, int]]]:
    """The nine cells of the box in unit coordinates, with their colours."""
    lo, hi, gap = 0.17, 0.83, 0.055
    size = (hi - lo - 2 * gap) / 3
    tiles = []
    for r in range(3):
        for c in range(3):
            x0, y0 = lo + c * (size + gap), lo + r * (size + gap)
            tiles.append((x0, y0, x0 + size, y0 + size, AMBER if (r, c) == (1, 1) else WHITE))
    return tiles


def _colour_at(x: float, y: float, tiles) -> tuple[int, int, int, int]:
    """The RGBA colour of the icon at the unit point (x, y)."""
    if not _in_rounded_rect(x, y, 0.03, 0.03, 0.97, 0.97, 0.19):
        return (0, 0, 0, 0)
    for x0, y0, x1, y1, rgb in tiles:
        if _in_rounded_rect(x, y, x0, y0, x1, y1, 0.025):
            return (*rgb, 255)
    return (*NAVY, 255)


def render(size: int) -> bytes:
    """The icon as raw RGBA rows (premultiplied averaging of the supersamples)."""
    tiles = _tiles()
    out = bytearray()
    step = 1.0 / (size * SAMPLES)
    for py in range(size):
        out.append(0)  # PNG filter type: none
        for px in range(size):
            acc = [0, 0, 0, 0]
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    r, g, b, a = _colour_at((px * SAMPLES + sx + 0.5) * step, (py * SAMPLES + sy + 0.5) * step, tiles)
                    acc[0] += r * a
                    acc[1] += g * a
                    acc[2] += b * a
                    acc[3] += a
            alpha = acc[3]
            if alpha:
                out += bytes((acc[0] // alpha, acc[1] // alpha, acc[2] // alpha, alpha // SAMPLES ** 2))
            else:
                out += b"\0\0\0\0"
    return bytes(out)


def png_bytes(size: int) -> bytes:
    """A complete PNG file of the icon at size x size pixels."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(render(size), 9)) + chunk(b"IEND", b""))


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico holding the given PNG images."""
    head = struct.pack("<HHH", 0, 1, len(pngs))
    offset = len(head) + 16 * len(pngs)
    entries, blobs = b"", b""
    for size, data in sorted(pngs.items()):
        dim = 0 if size >= 256 else size  # 0 means 256
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset + len(blobs))
        blobs += data
    return head + entries + blobs


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns holding the given PNG images."""
    types = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09"}
    body = b"".join(types[s] + struct.pack(">I", 8 + len(d)) + d for s, d in sorted(pngs.items()) if s in types)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> None:
    pngs = {size: png_bytes(size) for size in (16, 24, 32, 48, 64, 128, 256, 512)}
    for size in (16, 32, 48, 64, 256):
        (HERE / f"icon-{size}.png").write_bytes(pngs[size])
    (HERE / "icon.ico").write_bytes(ico_bytes({s: pngs[s] for s in (16, 24, 32, 48, 64, 256)}))
    (HERE / "icon.icns").write_bytes(icns_bytes(pngs))


if __name__ == "__main__":
    main()
