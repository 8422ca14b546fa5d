class _Builder:
    """Rebuilds a class (as attrs' class decorator does): what it gives back is the class."""

    def __init__(self, cls, tag):
        self._cls = cls
        self._tag = tag

    def build(self):
        cls = self._cls
        cls.tag = self._tag
        return cls


def record(maybe_cls=None, tag=None):
    def wrap(cls):
        return _Builder(cls, tag).build()

    if maybe_cls is None:
        return wrap
    return wrap(maybe_cls)


@record(tag="alpha")
class Alpha:
    def __init__(self):
        self.n = 1


@record
class Beta:
    n = 2

    def __call__(self):
        return self.n


def make():
    return Alpha()


def main():
    print(make().n, Alpha.tag, Beta.tag)


main()
