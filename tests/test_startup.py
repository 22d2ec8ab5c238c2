"""`pacg` starts quickly (issue 12): help imports none of the engine, and the card library comes from its cache.

`pacg --help` and `pacg play --help` must not import the engine, the card models or pydantic (the figures are in
benchmarks/bench_startup.py). The cache (`pacg.cards.cache`) holds a library that loaded without problems: a
library read from it is the library read from the files, plays the same games, and it never hides a change or a
problem of a card file; an unreadable or unwritable cache is no error.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import pacg
from pacg.agents.random_agent import RandomAgent
from pacg.cards import cache
from pacg.cards.loader import DEFAULT_CARD_FOLDER, CardFileError, CardLibrary, load_library
from pacg.cards.text import card_text
from table import library

ENGINE_LOADED = (" pacg.engine", " pacg.cards.model")  # the line -X importtime prints as either is imported
HEAVY = ("pacg.engine", "pacg.cards.model", "pacg.cards.loader", "pacg.game", "pydantic", "yaml")


def imported_by(*args: str) -> set[str]:
    """The modules a `pacg ARGS` process imports, as `python -X importtime` lists them."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "pacg", *args], capture_output=True, text=True,
                          timeout=60, check=True)
    assert "Usage: pacg" in done.stdout
    return {line.split("|")[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}


@pytest.mark.parametrize("args", [["--help"], ["play", "--help"], ["cards", "--help"]], ids=" ".join)
def test_help_imports_neither_the_engine_nor_the_card_models_nor_pydantic(args: list[str]) -> None:
    modules = imported_by(*args)
    assert "pacg.cli" in modules and "typer" in modules
    assert not {module for module in modules if module.startswith(HEAVY)}



def test_help_loads_no_hashes() -> None:
    """OpenSSL's hashes (`_hashlib`, 2 to 3 ms) are for the card cache's key and a seed chosen at random."""
    assert "_hashlib" not in imported_by("--help")

def test_the_party_prompt_comes_before_the_engine_and_the_cards_are_loaded(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """With the cards cached, `pacg play` asks for the party at once (the cache names the characters), and loads
    the engine once the party (and its AI teammates) is chosen; with no cache yet, it loads the cards first, and
    asks the same."""
    monkeypatch.setenv(cache.CACHE_DIR_VARIABLE, str(tmp_path / "cache"))
    screens = []
    for _ in range(2):
        done = subprocess.run([sys.executable, "-X", "importtime", "-m", "pacg", "play", "--seed", "3"],
                              input="6\n\nq\n", stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              timeout=120, check=False)
        assert done.returncode == 1 and "Party: Harsk" in done.stdout and "Game stopped after 0 answers" in done.stdout
        screens.append(done.stdout)
    first, cached = (screen.splitlines() for screen in screens)
    for lines in first, cached:
        assert [line for line in lines if "Who plays?" in line], lines[-5:]
    def order(lines: list[str]) -> tuple[int, int]:
        prompt = next(number for number, line in enumerate(lines) if "Who plays?" in line)
        engine = next(number for number, line in enumerate(lines) if line.endswith(ENGINE_LOADED))
        return prompt, engine

    assert order(cached)[0] < order(cached)[1], "the party is asked before the engine loads"
    assert order(first)[0] > order(first)[1], "with no cache yet, the cards are read first"
    listed = [[line for line in lines if re.fullmatch(r" +\d+\. \w+", line)] for lines in (first, cached)]
    assert listed[0] == listed[1] and "  6. Harsk" in listed[0]


def test_a_library_from_the_cache_reads_no_yaml(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Reading card files needs YAML (`cards.reading`); a library that comes from the cache doesn't import it."""
    monkeypatch.setenv(cache.CACHE_DIR_VARIABLE, str(tmp_path / "cache"))
    program = "import sys; from pacg.cards.loader import load_library; load_library(); print('yaml' in sys.modules)"
    first, cached = (subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=60,
                                    check=True).stdout.strip() for _ in range(2))
    assert (first, cached) == ("True", "False")


def reported(report: str, *args: str) -> tuple[str, subprocess.CompletedProcess[str]]:
    """What `report()` (defined by the Python code `report`, run first) returns at the end of a `pacg ARGS` process
    (its input closed), and the process."""
    program = (f"{textwrap.dedent(report)}\n"
               "import atexit, sys\n"
               "atexit.register(lambda: print('REPORT', report(), file=sys.stderr))\n"
               f"sys.argv = ['pacg', *{list(args)!r}]\n"
               "from pacg.__main__ import main\n"
               "main()\n")
    done = subprocess.run([sys.executable, "-c", program], stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=120, check=False)
    report_line = next((line for line in done.stderr.splitlines() if line.startswith("REPORT ")), None)
    assert report_line is not None, done.stderr[-2000:]
    return report_line.removeprefix("REPORT "), done


def at_the_first_decision(report: str) -> str:
    """What `report()` (defined by the Python code `report`, run first) returns once `pacg play --plain
    --characters Harsk,Kyra`, its card library from the cache, has shown its first decision and stopped there."""
    for _ in range(2):  # the first fills the cache, if need be
        result, done = reported(report, "play", "--plain", "--seed", "3", "--characters", "Harsk,Kyra")
    assert "Harsk [1-2, ? help] > " in done.stdout and "Game stopped after 0 answers" in done.stderr
    return result

def test_the_first_decision_from_the_cache_builds_no_card_validator() -> None:
    """The card models' validators are built only to validate card files (a few milliseconds each, and the
    discovery of pydantic's plugins with the first, `defer_build`): a game of the cached library needs none."""
    built = """
        def report():
            from pydantic import BaseModel

            def models(model):
                yield model
                for subclass in model.__subclasses__():
                    yield from models(subclass)

            return sorted({model.__name__ for model in models(BaseModel)
                           if model.__module__.startswith("pacg.") and model.__pydantic_complete__})
    """
    assert at_the_first_decision(built) == "[]"



def test_the_first_decision_in_lines_imports_only_what_it_shows() -> None:
    """Neither the full screen (textual), nor YAML (the cards come from the cache), nor rich's emoji (the line mode
    shows text as written), nor what other commands use."""
    imported = """
        def report():
            import sys

            return sorted(module for module in sys.modules if module.startswith(UNUSED))

        UNUSED = ("textual", "yaml", "rich._emoji_codes", "pacg.screen", "pacg.render.explain", "pacg.web", "pacg.sim")
    """
    assert at_the_first_decision(imported) == "[]"


COLLECTIONS_BEFORE_STARTED = """
    import gc

    import pacg.cli.command

    collections = []  # one for each collection from here on: pacg.__main__ runs next
    gc.callbacks.append(lambda phase, info: collections.append(info) if phase == "start" else None)
    seen = {}

    def started():
        seen["collections before"], frozen = len(collections), gc.get_freeze_count()
        turn_on()
        seen["frozen then"] = gc.get_freeze_count() - frozen

    turn_on, pacg.cli.command.started = pacg.cli.command.started, started

    def report():
        return seen.get("collections before"), seen.get("frozen then", 0) > 1000, gc.isenabled()
"""


def test_the_garbage_collector_waits_until_the_game_has_started() -> None:
    """Starting makes what lasts as long as the process (modules, classes, options, cards): no collection
    looks through it before the game is set up (`pacg.__main__`), nor after (it is frozen), and the collector is
    on for the game."""
    assert at_the_first_decision(COLLECTIONS_BEFORE_STARTED) == "(0, True, True)"


@pytest.mark.parametrize("args", [["cards", "list", "--type", "character"], ["odds", "1d6", "-d", "4"],
                                  ["saves", "list"]], ids=" ".join)
def test_every_other_command_runs_with_the_garbage_collector(args: list[str]) -> None:
    result, done = reported(COLLECTIONS_BEFORE_STARTED, *args)
    assert done.returncode == 0, done.stderr[-2000:]
    assert result == "(0, True, True)"

@pytest.fixture
def cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv(cache.CACHE_DIR_VARIABLE, str(folder))
    return folder


def card_data(cards: CardLibrary) -> dict[str, object]:
    return {card.name: card.model_dump(mode="json") for card in cards}


def test_a_library_read_again_comes_from_the_cache_and_is_the_same(cache_folder: Path) -> None:
    read = load_library()
    [kept] = cache_folder.glob("library-*.pickle")
    again = load_library()
    assert again is not read and card_data(again) == card_data(read)
    assert kept.stat().st_mtime_ns == next(cache_folder.glob("library-*.pickle")).stat().st_mtime_ns, "not rewritten"


@pytest.mark.plays_at_random
def test_games_played_with_the_cached_library_are_the_games_of_the_files(cache_folder: Path) -> None:
    load_library()
    cached = load_library()
    assert cached is not library()
    for seed in range(6):
        games = [pacg.new_game("The Godless Ones", ["Harsk", "Kyra", "Seelah"], seed, library=cards)
                 for cards in (library(), cached)]
        for game in games:
            pacg.play(game, RandomAgent(seed))
        assert games[0].to_record() == games[1].to_record()


def write_card(folder: Path, name: str, combat: int) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "test-monster.yaml"
    path.write_text(f"name: {name}\ntype: monster\nset: B\ntraits: [Animal]\nprovenance: standin\n"
                    f"check_to_defeat: Combat {combat}\n", encoding="utf-8")
    return path


def test_a_changed_card_file_is_read_again(tmp_path: Path, cache_folder: Path) -> None:
    custom = tmp_path / "cards"
    write_card(custom, "Test Beast", 5)
    assert "Combat 5" in card_text(load_library(DEFAULT_CARD_FOLDER, custom).get("Test Beast"))
    write_card(custom, "Test Beast", 7)  # the same size, at once: only its contents tell
    assert "Combat 7" in card_text(load_library(DEFAULT_CARD_FOLDER, custom).get("Test Beast"))


def test_a_card_file_broken_since_it_was_cached_is_reported_as_without_a_cache(
        tmp_path: Path, cache_folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    custom = tmp_path / "cards"
    path = write_card(custom, "Test Beast", 5)
    load_library(DEFAULT_CARD_FOLDER, custom)
    path.write_text(path.read_text(encoding="utf-8").replace("Combat 5", "Combat five"), encoding="utf-8")
    with pytest.raises(CardFileError) as cached:
        load_library(DEFAULT_CARD_FOLDER, custom)
    monkeypatch.setenv(cache.CACHE_DIR_VARIABLE, str(tmp_path / "no cache yet"))
    with pytest.raises(CardFileError) as uncached:
        load_library(DEFAULT_CARD_FOLDER, custom)
    assert cached.value.problems == uncached.value.problems and cached.value.problems
    assert len(list(cache_folder.glob("*.pickle"))) == 1, "only the library that loaded is kept"


def test_a_corrupt_cache_is_read_again_and_replaced(cache_folder: Path) -> None:
    load_library()
    [kept] = cache_folder.glob("library-*.pickle")
    key = kept.read_bytes().partition(b"\n")[0]
    for garbage in (b"", b"not a cache", key + b"\nnot a pickle", key + b"\n" + kept.read_bytes()[-5000:]):
        kept.write_bytes(garbage)
        assert card_data(load_library()) == card_data(library())
        assert kept.read_bytes().startswith(key + b"\n") and len(kept.read_bytes()) > 100_000


def test_a_cache_that_cant_be_written_is_no_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "a file"
    blocked.write_text("in the way", encoding="utf-8")
    monkeypatch.setenv(cache.CACHE_DIR_VARIABLE, str(blocked / "cache"))
    assert card_data(load_library()) == card_data(library())
    assert not list(tmp_path.rglob("*.partial"))


def test_the_cache_is_in_the_folder_pacg_cache_dir_names_else_the_users(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(cache.CACHE_DIR_VARIABLE, "/somewhere/else")
    assert cache.cache_folder() == Path("/somewhere/else")
    monkeypatch.delenv(cache.CACHE_DIR_VARIABLE)
    assert cache.cache_folder().name == "pacg" and str(cache.cache_folder()) != os.getcwd()
