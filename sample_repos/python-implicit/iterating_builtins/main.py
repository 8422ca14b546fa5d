"""Builtins and itertools functions iterate what they are given."""

import itertools


class Cursor:
    def __init__(self, rows):
        self.rows = rows
        self.at = 0

    def __next__(self):
        if self.at >= len(self.rows):
            raise StopIteration
        self.at += 1
        return self.rows[self.at - 1]


class Table:
    def __init__(self, rows):
        self.rows = rows

    def __iter__(self):
        return Cursor(self.rows)

    def __len__(self):
        return len(self.rows)


def pairs(left, right):
    return list(zip(left, right))


def head(table, n):
    return list(itertools.islice(table, n))


def snapshot(table):
    return tuple(table)


def main():
    a, b = Table([1, 2]), Table([3, 4])
    print(pairs(a, b), head(a, 1), snapshot(b))


main()
