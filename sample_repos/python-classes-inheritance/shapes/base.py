"""The Shape base class shared by every concrete shape."""


class Shape:
    def __init__(self, name):
        self.name = name

    def area(self):
        return 0.0

    def describe(self):
        return "%s: %.2f %s" % (self.name, self.area(), self.unit_label())

    @staticmethod
    def unit_label():
        return "cm2"

    @classmethod
    def check_positive(cls, value):
        if value <= 0:
            raise ValueError(cls.__name__ + " needs a positive size")
        return value

    @classmethod
    def build(cls, *sizes):
        for size in sizes:
            cls.check_positive(size)
        return cls.from_sizes(sizes)

    @classmethod
    def from_sizes(cls, sizes):
        raise NotImplementedError(cls.__name__)

    @property
    def title(self):
        return self.name.capitalize()
