"""Formats registered as they are defined: a class statement calls __init_subclass__."""


class Format:
    registry = {}

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        Format.registry[cls.__name__] = cls


class Csv(Format):
    pass


class Excel(Csv):
    pass


class Standalone:
    def __init_subclass__(cls):
        pass


def make_reader():
    class Reader(Format):
        pass

    return Reader


print(sorted(Format.registry), make_reader())
