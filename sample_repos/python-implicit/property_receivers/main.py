"""Properties read on receivers other than self, and a descriptor read on self."""


class Lazy:
    """A descriptor: reading `Stats.mean` on an instance calls `__get__`."""

    def __init__(self, compute):
        self.compute = compute

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        return self.compute(obj)


def _mean(stats):
    return sum(stats.data) / len(stats.data)


class Stats:
    mean = Lazy(_mean)

    def __init__(self, data):
        self.data = data

    def spread(self):
        centre = self.mean
        return max(abs(x - centre) for x in self.data)


class Option:
    def __init__(self, name, nargs):
        self.name = name
        self.nargs = nargs

    @property
    def takes_value(self):
        return self.nargs > 0


class Context:
    def __init__(self, option):
        self.option = option

    @property
    def label(self):
        return "--" + self.option.name


class Parser:
    def __init__(self, ctx: Context):
        self.ctx = ctx

    def describe(self):
        return self.ctx.label


def count_values(option: Option):
    if option.takes_value:
        return option.nargs
    return 0


def main():
    option = Option("out", 1)
    ctx = Context(option)
    parser = Parser(ctx)
    print(count_values(option), parser.describe(), ctx.label)
    print(Stats([1, 2, 3]).spread())


main()
