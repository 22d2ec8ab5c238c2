"""The card library kept between runs: a library that loaded without a problem, pickled in the user's cache folder.

What it saves: reading the card files and validating them (YAML, pydantic, the references between cards, the
engine's refusals) takes most of the start of `pacg play` and `pacg cards` (about half a second for the built-in
library, and as much again to build the validators); unpickling the library takes a few hundredths of a second.
The cache also names the cards by type, readable without unpickling anything (or importing pydantic or the
engine): `pacg play` shows the party prompt from it at once.

The boundary: `load_library` asks `cached` first and `store`s only a library that loaded without errors, so a
card file with a problem is read, and its problems reported, every time, exactly as without the cache. What the
cache was made from is a hash (`Key`) of the contents of every card file read (and its path), of pacg's version
and the path, size and time of change of every source file of the package, of the Python version and of the
installed pydantic: any change reads the files again. A missing, stale, unreadable or corrupt cache is rebuilt
silently; one that can't be written is left alone. The file is the user's own, in
`platformdirs.user_cache_dir("pacg")` or the folder PACG_CACHE_DIR names, trusted as the user's files are (a
pickle runs what it names).

A cache file is three parts: the key's line, a line of JSON naming the cards by type, and the pickled library.
"""

from __future__ import annotations

import copyreg
import gc
import hashlib
import importlib.util
import io
import json
import os
import pickle
import sys
import tempfile
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from pacg.cards.files import CARD_FILE_SUFFIXES, MOST_CARD_BYTES

if TYPE_CHECKING:
    from pacg.cards.library import CardLibrary

CACHE_DIR_VARIABLE = "PACG_CACHE_DIR"
_PACKAGE = Path(__file__).resolve().parent.parent
_VALIDATING_PACKAGES = ("pydantic", "pydantic_core")  # an upgrade of either may change what a card unpickles to


def cache_folder() -> Path:
    """The folder of the cache: PACG_CACHE_DIR when it is set, else the user's cache folder."""
    import platformdirs

    return Path(os.environ.get(CACHE_DIR_VARIABLE) or platformdirs.user_cache_dir("pacg", appauthor=False))


@dataclass(frozen=True)
class Key:
    """The cache of a library read from these folders, one after another (the box, then custom cards)."""

    folders: tuple[Path, ...]

    @property
    def file(self) -> Path:
        """One file for each set of folders: a change of the cards replaces it rather than adding another."""
        where = "\0".join(str(folder.resolve()) for folder in self.folders)
        return cache_folder() / f"library-{hashlib.blake2b(where.encode(), digest_size=8).hexdigest()}.pickle"

    @cached_property
    def digest(self) -> bytes:
        """What the cached library must have been read from: the folders' card files, by this pacg."""
        from pacg import __version__

        digest = hashlib.blake2b(digest_size=20)
        for part in (__version__, sys.version, *(str(folder) for folder in self.folders)):
            digest.update(part.encode() + b"\0")
        sources = _files_below(_PACKAGE, (".py",)) + [_origin(package) for package in _VALIDATING_PACKAGES]
        for source in sources:
            digest.update(f"{source}\0{_stamp(source)}\0".encode())
        for path in (path for folder in self.folders for path in _files_below(folder, CARD_FILE_SUFFIXES)):
            digest.update(path.encode() + b"\0" + _contents(path) + b"\0")
        return digest.hexdigest().encode()


def _files_below(folder: Path, suffixes: tuple[str, ...]) -> list[str]:
    """The files below a folder whose names end so, not in linked folders (for the card files, the files
    `card_file_paths` lists), in name order; by `os.walk`, in half the time `pathlib` takes (2 ms of a start)."""
    paths = (os.path.join(where, name) for where, _, names in os.walk(folder) for name in names)
    return sorted(path for path in paths if path.endswith(suffixes) and os.path.isfile(path))


def _origin(package: str) -> str:
    """A package's `__init__.py`, found without importing it."""
    spec = importlib.util.find_spec(package)
    return spec.origin if spec is not None and spec.origin else package


def _stamp(path: str) -> str:
    try:
        facts = os.stat(path)
    except OSError:
        return "missing"
    return f"{facts.st_size}\0{facts.st_mtime_ns}"


def _contents(path: str) -> bytes:
    """What of a card file the key holds: its bytes, or, for a file too big to be a card file (which the loader
    refuses without reading it), its size and time stamp rather than gigabytes read for nothing."""
    try:
        if os.path.getsize(path) > MOST_CARD_BYTES:
            return f"\0too big\0{_stamp(path)}".encode()
        with open(path, "rb") as file:
            return file.read()
    except OSError:  # the loader reports it (and stores nothing), as it would without the cache
        return b"\0unreadable"


def cached(key: Key) -> CardLibrary | None:
    """The library cached under this key, or None (none cached, another key's, or unreadable)."""
    from pacg.cards.library import CardLibrary

    try:
        with key.file.open("rb") as cache:
            if cache.readline().rstrip(b"\n") != key.digest:
                return None
            cache.readline()
            library = _loads(cache.read())
    except Exception:  # any unreadable cache is no cache: the files are read again, and it is replaced
        return None
    return library if isinstance(library, CardLibrary) else None


def cached_names(key: Key, kind: str) -> list[str] | None:
    """The names of the cards of this type (`CardType`'s word) in the library cached under this key, in name
    order, read without unpickling it; None when there is no such library."""
    try:
        with key.file.open("rb") as cache:
            if cache.readline().rstrip(b"\n") != key.digest:
                return None
            names = json.loads(cache.readline()).get(kind, [])
    except (OSError, ValueError, AttributeError):
        return None
    return sorted(names) if isinstance(names, list) and all(isinstance(name, str) for name in names) else None


def store(key: Key, library: CardLibrary) -> None:
    """Keep the library under this key, replacing the file whole; skipped if it can't be."""
    by_type: dict[str, list[str]] = {}
    for card in library:
        by_type.setdefault(str(card.type), []).append(card.name)
    path = key.file
    partial: Path | None = None
    try:
        body = _dumps(library)
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, prefix=path.name, suffix=".partial", delete=False) as out:
            partial = Path(out.name)
            out.write(key.digest + b"\n" + json.dumps(by_type).encode() + b"\n" + body)
        os.replace(partial, path)
    except (OSError, pickle.PicklingError, TypeError, AttributeError):  # unwritable, or holding what can't be pickled
        if partial is not None:
            partial.unlink(missing_ok=True)


class _Pickler(pickle.Pickler):
    """Pickles the read-only mappings of the cards (`types.MappingProxyType`, which pickle doesn't know) as
    mappings made read-only again when read."""

    dispatch_table = {**copyreg.dispatch_table,
                      MappingProxyType: lambda mapping: (_read_only, (dict(mapping),))}


def _read_only(mapping: dict[Any, Any]) -> MappingProxyType[Any, Any]:
    return MappingProxyType(mapping)


def _loads(body: bytes) -> Any:
    """Unpickled with the garbage collector off: the library is thousands of new objects, none of them garbage,
    that would set off collections that find nothing (about half the time of the unpickling)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return pickle.loads(body)
    finally:
        if collecting:
            gc.enable()


def _dumps(library: object) -> bytes:
    buffer = io.BytesIO()
    _Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL).dump(library)
    return buffer.getvalue()
