"""`python -m pacg` and the `pacg` command: Ctrl-C while the command is still starting up stops it quietly too.

The garbage collector is off while the command starts (`pacg.cli.command.started` turns it on again): what
starting makes (modules, classes, the options read, the card library) lasts as long as the process, so every
collection until then would look through all of it and find nothing (about 8 ms of the start of `pacg play`).
"""

from __future__ import annotations

import gc
import sys


def main() -> None:
    """Run the `pacg` command."""
    gc.disable()
    try:
        from pacg.cli import app
    except KeyboardInterrupt:
        print("Stopped.", file=sys.stderr)
        sys.exit(130)
    app(prog_name="pacg")


if __name__ == "__main__":
    main()
