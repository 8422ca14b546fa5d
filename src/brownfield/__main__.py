"""Allow `python -m brownfield`."""

from brownfield.cli import main

main()
