class Base:
    def run(self):
        return self.step()

    def step(self):
        return "base"


class Plain(Base):
    def step(self):
        return "plain"


class Own(Base):
    """Overrides run without super(): Base.run never runs on an Own."""

    def run(self):
        return "own " + self.step()

    def step(self):
        return "own"


class Chained(Base):
    def run(self):
        return super().run()

    def step(self):
        return "chained"


def main(items: list):
    for cls in (Base, Plain, Own, Chained):
        print(cls().run())


main([])
