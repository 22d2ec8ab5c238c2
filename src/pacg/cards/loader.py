"""The card library: every card definition by name, loaded from the card files (or from the cache of a library
loaded before). Its parts are modules of their own, below this one and below the reading of the files: the library
(`pacg.cards.library`) and the problems a card file can have (`pacg.cards.problems`), each naming the file, the line
and the field.

Reading and checking the files themselves is `pacg.cards.reading`'s, imported only when the files are read: a
library that comes from the cache (`pacg.cards.cache`) needs no YAML.
"""

from __future__ import annotations

import gc
from pathlib import Path

from pacg.cards.files import DEFAULT_CARD_FOLDER as DEFAULT_CARD_FOLDER
from pacg.cards.library import CardLibrary as CardLibrary
from pacg.cards.problems import CardFileError as CardFileError
from pacg.cards.problems import CardProblem as CardProblem
from pacg.cards.problems import field_name as field_name


def load_library(folder: Path = DEFAULT_CARD_FOLDER, custom: Path | None = None) -> CardLibrary:
    """Read every card file below a folder, and then those below `custom` (custom cards added to the box,
    which replace the cards of the same name). All problems of all files are reported together: a name used
    by two files of one folder, and every name of another card that names no card of the right type
    (`pacg.cards.references`; what it only notes doesn't stop the loading). A library read before from the
    same files by the same pacg comes from the cache instead (`pacg.cards.cache`), without reading them again.

    The cards then live as long as the process, so they are frozen out of the garbage collector's sight
    (`gc.freeze`): otherwise every full collection during play would walk all of them again."""
    from pacg.cards import cache

    folders = [folder] if custom is None else [folder, custom]
    key = cache.Key(tuple(folders))
    library = cache.cached(key)
    if library is None:
        library = _read_library(folders)
        cache.store(key, library)
        gc.collect()  # the files' node trees are garbage now, and must not be frozen with the cards
    gc.freeze()
    return library


def _read_library(folders: list[Path]) -> CardLibrary:
    from pacg.cards.reading import read_card_folders
    from pacg.cards.references import reference_problems

    found = read_card_folders(folders)
    errors = found.errors + [problem for problem in reference_problems(found) if not problem.note]
    if errors:
        raise CardFileError(errors)
    return CardLibrary(file.card for file in found.files.values())
