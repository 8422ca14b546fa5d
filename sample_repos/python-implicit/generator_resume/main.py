"""Generators: calling a generator function runs nothing; iterating the generator runs it."""


class Link:
    def __init__(self, key):
        self.key = key

    def label(self):
        return self.key.upper()


class Chain:
    def __init__(self, keys):
        self.links = [Link(key) for key in keys]

    def iterlinks(self):
        for link in self.links:
            yield link

    def __iter__(self):
        return self.iterlinks()

    def labels(self):
        return [link.label() for link in self]


def numbers(limit):
    n = 0
    while n < limit:
        yield n
        n += 1


def evens(limit):
    yield from (n for n in numbers(limit) if n % 2 == 0)


class Reader:
    def __init__(self, limit):
        self._source = numbers(limit)

    def first(self):
        return next(self._source)


def main():
    chain = Chain(["a", "b"])
    print(chain.labels(), list(evens(5)))
    print(Reader(3).first())
    for link in chain.iterlinks():
        print(link.label())
    pending = numbers(2)
    print(sorted(pending))


main()
