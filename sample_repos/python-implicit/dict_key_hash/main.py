class Name:
    def __init__(self, text):
        self.text = text

    def __hash__(self):
        return hash(self.text)

    def __eq__(self, other):
        return isinstance(other, Name) and other.text == self.text


class Registry:
    def __init__(self):
        self.index = {}

    def __getitem__(self, name):
        return self.index[name]

    def add(self, name: Name, value):
        self.index[name] = value


def lookup():
    registry = Registry()
    key = Name("a")
    registry.add(key, 1)
    return registry[key]


lookup()
