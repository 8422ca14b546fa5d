class Slot:
    def __init__(self, func):
        self.func = func

    def strict(self, text):
        return self.func(text, strict=True)

    def plain(self, text):
        return self.func(text)


def parse(text, strict=False):
    return text


def words(text):
    return [text]


def load(text, **options):
    return text


def run():
    Slot(parse).strict("a")
    Slot(words).plain("b")
    Slot(load).strict("c")
    Slot(parse).plain("d")
    Slot(load).plain("e")


run()
