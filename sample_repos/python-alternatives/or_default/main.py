def default_key(value):
    return value


def by_length(value):
    return len(value)


class Cache:
    def __init__(self, key=None):
        self.key_func = key or default_key
        self.entries = {}

    def get(self, value):
        return self.entries.get(self.key_func(value))


print(Cache().get("a"), Cache(by_length).get("abc"))
