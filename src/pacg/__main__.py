"""`python -m pacg` and the `pacg` command: Ctrl-C while the command is still starting up stops it quietly too."""

from __future__ import annotations

import sys


def main() -> None:
    """Run the `pacg` command."""
    try:
        from pacg.cli import app
    except KeyboardInterrupt:
        print("Stopped.", file=sys.stderr)
        sys.exit(130)
    app(prog_name="pacg")


if __name__ == "__main__":
    main()
