"""A lock from the standard library, and a shape the repository's faster module replaces."""

try:
    from threading import RLock
except ImportError:

    class RLock:
        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False


class Circle:
    def area(self):
        return 3.0


try:
    from fastshapes import Circle
except ImportError:
    pass


class Counter:
    def __init__(self):
        self.lock = RLock()
        self.count = 0

    def bump(self):
        with self.lock:
            self.count += 1


def main():
    counter = Counter()
    counter.bump()
    print(Circle().area())


main()
