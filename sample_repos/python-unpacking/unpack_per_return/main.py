class Key:
    def render(self):
        return "key"


class Blank:
    def text(self):
        return " "

    def render(self):
        return "blank"


class Entry:
    def text(self):
        return "entry"

    def render(self):
        return "entry"


class Triple:
    def render(self):
        return "triple"


def parse_line(line):
    if not line.strip():
        return None, Blank()
    if line.startswith("#"):
        return Triple(), Triple(), Triple()
    return Key(), Entry()


def split_pair(line) -> tuple[Key, Entry]:
    return Key(), Entry()


def load(lines):
    for line in lines:
        if line.startswith("#"):
            continue
        key, value = parse_line(line)
        value.text()
        if key is not None:
            key.render()
        first, second = split_pair(line)
        first.render()
        second.text()


load(["a = 1", " "])
