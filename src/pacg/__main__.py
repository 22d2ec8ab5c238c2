"""`python -m pacg` runs the `pacg` command."""

from pacg.cli import app

if __name__ == "__main__":
    app(prog_name="pacg")
