class Celsius:
    @classmethod
    def make(cls, degrees):
        return cls()


class Kelvin:
    @staticmethod
    def make(degrees, offset):
        return degrees + offset


class Scale:
    def __init__(self, kind):
        self.kind = kind

    def plain(self):
        return self.kind.make(1)

    def shifted(self):
        return self.kind.make(1, 273)


def main():
    Scale(Celsius).plain()
    Scale(Kelvin).shifted()
    Celsius().make(5)
    Kelvin().make(5, 273)


main()
