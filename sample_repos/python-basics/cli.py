"""Entry point: python cli.py COMMAND [folder]"""
import os
import sys

from textstats import report
from timing import retrying, timed

COMMANDS = {}
DEFAULT_FOLDER = os.getcwd()


def command(func):
    COMMANDS[func.__name__] = func
    return func


@command
@timed
def stats(folder):
    report(folder)


@command
@retrying(3)
def listing(folder):
    print(sorted(os.listdir(folder)))


def main(argv):
    folder = argv[2] if len(argv) > 2 else DEFAULT_FOLDER
    handler = COMMANDS[argv[1]]
    handler(folder)


if __name__ == "__main__":
    main(sys.argv)
