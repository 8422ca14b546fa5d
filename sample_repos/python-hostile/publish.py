"""Uses the helpers, the Latin-1 module and the one valid function of the broken file."""
import sys

from broken_syntax import dump_state
from latin1 import greeting
from tools import label, slugify_all


def publish(titles):
    for line in slugify_all(titles):
        print(line)
    print(dump_state(set(titles)))
    return [label(t) for t in titles]


if __name__ == "__main__":
    publish(sys.argv[1:] or [greeting("world")])
