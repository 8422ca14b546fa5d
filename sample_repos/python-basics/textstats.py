"""Word statistics for plain-text files."""
import json
import os
from collections import OrderedDict


def normalize(word):
    return word.strip(".,;:!?").lower()


def count_words(lines):
    counts = OrderedDict()

    def feed(line):
        for word in line.split():
            bump(word)

    def bump(word):
        key = normalize(word)
        if key:
            counts[key] = counts.get(key, 0) + 1

    for line in lines:
        feed(line)
    return counts


def summarize(counts):
    return {"distinct": len(counts), "top": sorted(counts.items())[:3]}


def report(folder):
    path = os.path.join(folder, "input.txt")
    with open(path, encoding="utf-8") as handle:
        counts = count_words(handle)
    print(json.dumps(summarize(counts), indent=2))
