class Kind:
    composite = False

    def __repr__(self):
        return "kind"

    def describe(self):
        return "kind"


class Simple(Kind):
    def __repr__(self):
        return "simple"

    def describe(self):
        return "simple"


class Composite(Kind):
    composite = True

    def __repr__(self):
        return "composite"

    def describe(self):
        return "composite"


class Pair(Composite):
    def describe(self):
        return "pair"


class Dynamic(Kind):
    def __init__(self):
        self.composite = True

    def describe(self):
        return "dynamic"


def convert(value):
    if value == "pair":
        return Pair()
    if value == "simple":
        return Simple()
    if value == "dyn":
        return Dynamic()
    return Composite()


class Param:
    def __init__(self, value):
        self.kind = convert(value)
        self.text = ""
        if self.kind.composite:
            self.kind.describe()
        if self.kind.composite and value:
            self.text = f"{self.kind!r}"


def main():
    for value in ("pair", "simple", "plain", "dyn"):
        Param(value)


main()
