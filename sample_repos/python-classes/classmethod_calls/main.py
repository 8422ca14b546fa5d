"""Alternative constructors written as class methods."""


class Temperature:
    def __init__(self, celsius):
        self.celsius = celsius

    @classmethod
    def from_fahrenheit(cls, degrees):
        return cls((degrees - 32) * 5 / 9)

    @classmethod
    def freezing(cls):
        return cls.from_fahrenheit(32)


def main():
    boiling = Temperature.from_fahrenheit(212)
    frozen = boiling.freezing()
    return boiling.celsius, frozen.celsius


main()
