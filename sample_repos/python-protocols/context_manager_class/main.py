"""Timing a block of work with a context manager class."""

import time


class Timer:
    def __init__(self, label):
        self.label = label
        self.start = 0.0

    def __enter__(self):
        self.start = time.perf_counter()
        return self

    def __exit__(self, exc_type, exc, tb):
        elapsed = time.perf_counter() - self.start
        print(self.label, round(elapsed, 3))
        return False


def build_index():
    with Timer("index") as timer:
        total = sum(range(1000))
    return timer.label, total


build_index()
