"""Where puzzle text comes from: files and streams, their limits and their decoding.

:func:`load` reads a whole file (one puzzle or a collection, any format of
``formats.py``); :func:`iter_puzzles` streams a line-oriented input (a collection, a
Kaggle CSV) in constant memory through :func:`read_lines`.  Bytes are decoded as UTF-8
(with or without a byte-order mark), UTF-16 with a byte-order mark, or Latin-1 when they
are clearly text (:func:`decode_bytes`).

Limits, each checked before the work it bounds, each named in its message:
a file (``load``) of at most ``MAX_FILE_BYTES`` (checked with ``stat`` before
reading), a text (``parse``, ``parse_many``) of at most ``MAX_TEXT_CHARS``, a
line of a stream (``iter_puzzles``) of at most ``MAX_LINE_BYTES`` (a longer line
is refused, and when reading a file it is skipped without being held whole).
"""
from __future__ import annotations

import io
import os
import re
from typing import Iterator

from ..bounded import FileRefused, read_bounded
from .formats import LineReader, ParseError, parse_error
from .formats import msg as made_msg  # made once per distinct message
from ..grid import Grid
from ..words.i18n import Msg, describe, msg
from .whole import read_whole

__all__ = ["load", "iter_puzzles", "read_lines", "decode_bytes", "size_text", "size_msg", "MAX_FILE_BYTES",
           "MAX_LINE_BYTES"]

# load() reads the whole file and keeps every Grid (~750 bytes each); 16 MiB is
# about 200,000 one-line puzzles or 100,000 Kaggle rows.  Bigger files go
# through iter_puzzles, which streams in constant memory.
MAX_FILE_BYTES = 16 * 1024 * 1024
# A puzzle line, even a Kaggle row with id, solution and rating, is under 300 bytes.
# A streamed line longer than this is refused, and skipped without being held whole.
MAX_LINE_BYTES = 64 * 1024
_READ_CHUNK = 64 * 1024


def _too_long(n: int, unit: str = "bytes") -> ParseError:
    code = "parse_line_too_long_bytes" if unit == "bytes" else "parse_line_too_long_chars"
    return parse_error(msg(code, limit=MAX_LINE_BYTES), n)


def _binary(n: int) -> ParseError:
    return parse_error(msg("parse_binary_stream"), n)


_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f\x7f]")  # in Latin-1 text: not text after all
_ESCAPED = re.compile("[\udc80-\udcff]")  # a byte that is not UTF-8, kept by "surrogateescape"


def _decode_line(raw: bytes, n: int) -> str | ParseError:
    """One line of a byte stream -> text: UTF-8, else Latin-1 when it is clearly text."""
    if n == 1:
        try:
            return raw.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            start = e.start
    else:  # without raising an exception: exceptions are dear on a stream of distinct Latin-1 lines
        text = raw.decode("utf-8", "surrogateescape")
        bad = _ESCAPED.search(text)
        if bad is None:
            return text
        start = len(text[:bad.start()].encode("utf-8"))  # the first byte strict UTF-8 refuses
    text = raw.decode("latin-1")
    if not _CONTROL.search(text):
        return text  # old Windows/Latin-1 text, as load() reads it
    return parse_error(made_msg("parse_line_not_utf8", byte=f"{raw[start]:02X}", column=start + 1), n)


def read_lines(f) -> Iterator[str | ParseError]:
    """The lines of an open file (binary or text) in bounded memory: one item per line.

    Each item is the line's text, or a ParseError for a line that cannot be used: longer
    than ``MAX_LINE_BYTES`` (skipped without being held whole), not text.  A NUL byte
    (``/dev/zero``, an image) ends the stream with a ParseError.  Bytes are decoded like
    :func:`load` does: UTF-16 with a byte-order mark, UTF-8 (with or without BOM), and
    Latin-1 for lines that are clearly text.
    """
    if hasattr(f, "read1") and not isinstance(f, io.TextIOBase):
        yield from _chunk_lines(f)
        return
    readline = f.readline
    limit = MAX_LINE_BYTES
    first = readline(limit + 1)
    if isinstance(first, bytes) and first.startswith((b"\xff\xfe", b"\xfe\xff")):
        yield from _utf16_lines(first, f)
        return
    binary = isinstance(first, bytes)
    nul, newline = (b"\x00", b"\n") if binary else ("\x00", "\n")
    n, line = 0, first
    while line:
        n += 1
        if nul in line:
            yield _binary(n)
            return
        if len(line) > limit:  # no newline within the limit: skip to the end of the line
            tail = line
            while tail and not tail.endswith(newline):
                tail = readline(limit + 1)
                if nul in tail:
                    yield _binary(n)
                    return
            yield _too_long(n, "bytes" if binary else "characters")
        elif not binary:
            yield line
        elif n > 1 and line.isascii():  # the common case, without a try per line
            yield line.decode("ascii")
        else:
            yield _decode_line(line, n)
        line = readline(limit + 1)


def _chunk_lines(f) -> Iterator[str | ParseError]:
    """read_lines for a buffered binary file: split chunks in C, not a readline per line.

    ``read1`` returns what is there (a typed line on a terminal, a pipe's last write), so
    an interactive input is answered line by line."""
    limit = MAX_LINE_BYTES
    first = f.read1(_READ_CHUNK)
    if first.startswith((b"\xff\xfe", b"\xfe\xff")):
        yield from _utf16_lines(first, f)
        return
    if first.startswith(b"\xef\xbb\xbf"):
        first = first[3:]
    n, pending, skipping, chunk = 0, b"", False, first
    decoded: dict = {}  # short lines that are not UTF-8 -> their text or error (Latin-1 files)
    while chunk:
        nul = chunk.find(b"\x00")
        if nul >= 0:
            chunk = chunk[:nul]
        elif skipping and b"\n" not in chunk:  # still inside a line that is too long
            chunk = f.read1(_READ_CHUNK)
            continue
        data = pending + chunk
        cut = data.rfind(b"\n") + 1
        pending = data[cut:]
        parts = _split_text(data[:cut])  # str lines when all of them are text
        parts.pop()  # the empty string after the last newline
        text = type(parts[0]) is str if parts else True
        for line in parts:
            n += 1
            if skipping or len(line) > limit:
                skipping = False
                yield _too_long(n)
            elif text:
                yield line + "\n"
            else:
                item = decoded.get(line) if len(line) <= _MEMO_CHARS else None
                if item is None:
                    item = _decode_line(line, n)
                    if len(line) <= _MEMO_CHARS and len(decoded) < _MEMO_SIZE:
                        decoded[line] = item + "\n" if isinstance(item, str) else (item.why, item.column)
                    yield item + "\n" if isinstance(item, str) else item
                elif type(item) is str:
                    yield item
                else:
                    yield parse_error(item[0], n, item[1])
        if len(pending) > limit:
            pending, skipping = b"", True
        if nul >= 0:
            yield _binary(n + 1)
            return
        chunk = f.read1(_READ_CHUNK)
    if skipping:
        yield _too_long(n + 1)
    elif pending:
        yield _decode_line(pending, n + 1)


def _split_text(data: bytes) -> list:
    """Whole lines split at newlines: str lines when ``data`` is UTF-8 (ASCII first, the
    common case), else the bytes of each line, for :func:`_decode_line` one by one."""
    if data.isascii():
        return data.decode("ascii").split("\n")
    try:
        return data.decode("utf-8").split("\n")
    except UnicodeDecodeError:
        return data.split(b"\n")


def _utf16_lines(first: bytes, f) -> Iterator[str | ParseError]:
    """read_lines for a UTF-16 stream (its byte-order mark is in ``first``)."""
    import codecs

    decoder = codecs.getincrementaldecoder("utf-16")(errors="strict")
    limit = MAX_LINE_BYTES // 2  # characters
    n, pending, skipping = 1, "", False
    data = first
    while True:
        try:
            text = decoder.decode(data, final=not data)
        except UnicodeDecodeError:
            yield parse_error(msg("parse_utf16_stream"), n)
            return
        if "\x00" in text:
            yield _binary(n + pending.count("\n") + text[:text.index("\x00")].count("\n"))
            return
        pending += text
        parts = pending.split("\n")
        pending = parts.pop()
        for part in parts:
            if skipping or len(part) > limit:
                skipping = False
                yield _too_long(n)
            else:
                yield part.lstrip("\ufeff") + "\n" if n == 1 else part + "\n"
            n += 1
        if len(pending) > limit:
            pending, skipping = "", True
        if not data:
            break
        data = f.read(_READ_CHUNK)
    if skipping:
        yield _too_long(n)
    elif pending:
        yield pending.lstrip("\ufeff") if n == 1 else pending


def iter_puzzles(lines) -> Iterator[tuple[int, Grid | ParseError]]:
    """Stream a line-oriented input: yields (1-based line number, Grid or ParseError) per puzzle line.

    ``lines`` is an iterable of lines (str or bytes), or an open file (binary or text),
    read with :func:`read_lines` in bounded memory.  One puzzle per line, or CSV with an
    optional header on the first line (its puzzle column is found by name).  Blank and
    ``#`` lines are skipped.  A line longer than ``MAX_LINE_BYTES`` is refused with a
    ParseError; bytes lines are decoded as UTF-8 (a bad line yields a ParseError).
    """
    if hasattr(lines, "readline"):
        lines = read_lines(lines)
    reader = LineReader()
    read = reader.read
    # A short line is never a puzzle, and once the reader has seen its first line (and
    # chosen CSV or not) its answer to a line depends only on the text: remember it.
    # A file of one-character lines is an error every two bytes, and explaining each
    # afresh would not keep to the readers' 1 s per MB (docs/benchmarks.md).
    memo: dict = {}
    for n, line in enumerate(lines, 1):
        if type(line) is str and len(line) <= MAX_LINE_BYTES:
            if len(line) <= _MEMO_CHARS:
                hit = memo.get(line)
                if hit is not None:
                    if hit is not _SKIP:
                        yield n, parse_error(hit[0], n, hit[1])
                    continue
                settled = reader.started
                item = read(n, line)
                # before the first line, only a blank or '#' line leaves the reader as it was
                if (settled or not reader.started) and len(memo) < _MEMO_SIZE:
                    _remember(memo, line, n, item)
            else:
                item = read(n, line)
            if item is not None:
                yield n, item
            continue
        if isinstance(line, ParseError):  # from read_lines: a line that could not be read
            yield n, line
            continue
        if not isinstance(line, str):
            try:
                line = bytes(line).decode("utf-8")
            except (UnicodeDecodeError, TypeError, ValueError) as e:
                yield n, parse_error(msg("parse_line_not_utf8_error", error=e.__class__.__name__), n)
                continue
        if len(line) > MAX_LINE_BYTES:
            yield n, _too_long(n, "characters")
            continue
        item = reader.read(n, line)
        if item is not None:
            yield n, item


_MEMO_CHARS = 16  # lines this short (at most 17 bytes with the newline) are remembered
_MEMO_SIZE = 20_000  # distinct lines remembered (about 3 MB at most)
_SKIP = ("",)


def _remember(memo: dict, line: str, n: int, item) -> None:
    """Keep what the reader answered for ``line`` (at line ``n``) without the line number."""
    if item is None:
        memo[line] = _SKIP
    elif isinstance(item, ParseError) and item.line == n and item.at_line:
        memo[line] = (item.why, item.column)


def decode_bytes(data: bytes, name: str | None) -> str:
    """File bytes -> text (UTF-8 with or without BOM, UTF-16 with BOM, clearly-text Latin-1).

    ``name`` is the file's quoted path for a ParseError's message; None: the bytes are
    "the data" given to ``parse``."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            raise ParseError(msg("data_utf16") if name is None else msg("file_utf16", name=name)) from None
    nul = data.find(b"\x00")
    if nul >= 0:
        raise ParseError(msg("data_binary", offset=nul) if name is None
                         else msg("file_binary", name=name, offset=nul))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        text = data.decode("latin-1")
        if not _CONTROL.search(text):
            return text  # old Windows/Latin-1 text, e.g. an author's name in a comment
        line = data.count(b"\n", 0, e.start) + 1
        where = {"byte": f"{data[e.start]:02X}", "line": line, "offset": e.start}
        raise ParseError(msg("data_not_utf8", **where) if name is None
                         else msg("file_not_utf8", name=name, **where), line) from None


def load(path: str | os.PathLike) -> list[Grid]:
    """Every puzzle in a file (one or many, any supported format, read as ``parse_many`` reads
    text); ParseError naming the file otherwise.  The file is read with ``read_bounded``:
    a regular file of at most ``MAX_FILE_BYTES``, never a pipe or a device."""
    name = repr(os.fspath(path)) if isinstance(path, (str, bytes, os.PathLike)) else repr(path)
    try:
        data = read_bounded(os.fspath(path), MAX_FILE_BYTES)
    except FileRefused as e:
        if e.reason == "folder":
            raise ParseError(msg("file_folder", name=name)) from None
        if e.reason == "not_regular":
            raise ParseError(msg("file_not_regular", name=name)) from None
        if e.size is None:
            raise ParseError(msg("file_over_limit", name=name, limit=size_msg(MAX_FILE_BYTES))) from None
        raise ParseError(msg("file_too_large_stream", name=name, size=size_msg(e.size, MAX_FILE_BYTES),
                             limit=size_msg(MAX_FILE_BYTES, e.size))) from None
    except FileNotFoundError:
        raise ParseError(msg("file_missing", name=name)) from None
    except IsADirectoryError:
        raise ParseError(msg("file_folder", name=name)) from None
    except PermissionError:
        raise ParseError(msg("file_permission", name=name)) from None
    except (OSError, ValueError, TypeError) as e:
        why = getattr(e, "strerror", None) or str(e) or e.__class__.__name__
        raise ParseError(msg("file_unreadable", name=name, why=why)) from None
    except MemoryError:
        raise ParseError(msg("file_too_large", name=name)) from None
    if not data.strip():
        raise ParseError(msg("file_empty", name=name))
    text = decode_bytes(data, name)
    try:
        return read_whole(text)
    except ParseError as e:
        if e.line:
            raise ParseError(msg("file_at", name=name, why=e.text), e.line, e.column) from None
        why = e.text
        if why.code in _OF_FILE:  # "the text ..." said of a file: "the file ..."
            why = msg(_OF_FILE[why.code], **why.data)
        raise ParseError(msg("file_error", name=name, why=why), e.line, e.column) from None
    except MemoryError:
        raise ParseError(msg("file_too_many", name=name)) from None


# read_text's messages about "the text" without a line, as load says them of a file
_OF_FILE = {"parse_empty_text": "file_it_empty", "parse_only_comments": "file_only_comments",
            "parse_header_only": "file_header_only"}


def size_msg(n: int, than: int | None = None) -> Msg:
    """A size in bytes as a message: "16 MB", "512 bytes".

    ``than``: the size it is compared with (a limit); when both would read the same in MB
    ("16 MB; the limit is 16 MB" for one byte too many), it is said in bytes."""
    mib = 1024 * 1024
    if n >= mib and (than is None or f"{n / mib:.0f}" != f"{than / mib:.0f}"):
        return msg("size_mb", mb=n / mib)
    return msg("size_bytes", n=n)


def size_text(n: int) -> str:
    """:func:`size_msg` in words (in the chosen language)."""
    return describe(size_msg(n))
