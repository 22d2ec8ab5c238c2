"""The engine's seams (`pacg.engine.seams`, issue 27): each is filled by the function of the module it names as that
module is imported; one called before fails, naming the module; a function that is no seam can't fill one."""

from __future__ import annotations

import subprocess
import sys

import pytest

import pacg.game  # noqa: F401  (the whole engine, imported)
from pacg.engine import seams


def test_every_seam_is_filled_by_the_function_of_the_module_it_names() -> None:
    for name, module in seams.WHERE.items():
        function = getattr(seams, name)
        assert (function.__module__, function.__name__) == (module, name)


def test_a_seam_called_before_its_module_is_imported_fails_naming_it() -> None:
    code = "from pacg.engine import seams\nseams.encounter(None, None, None)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode != 0
    assert done.stderr.strip().splitlines()[-1] == (
        "pacg.engine.seams.SeamError: seams.encounter is called before pacg.engine.encounter, which fills it, "
        "is imported")


def test_a_function_that_is_no_seam_fills_none() -> None:
    def encounter() -> None:  # named as a seam, but of another module
        """Not the rule."""

    with pytest.raises(seams.SeamError, match="fills no seam"):
        seams.fills(encounter)
    assert seams.encounter.__module__ == "pacg.engine.encounter"
