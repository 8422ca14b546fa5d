class Money:
    def __init__(self, cents):
        self.cents = cents

    def __format__(self, spec):
        return format(self.cents / 100, spec)


class Tag:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "<" + self.name + ">"


def label(price: Money, tag: Tag):
    return f"{price:>8.2f} {tag} {tag!r}"


def main():
    print(label(Money(1250), Tag("sale")))


main()
