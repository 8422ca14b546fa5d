"""A caching descriptor: reading the attribute is what its __get__ returns."""


class cachedproperty:
    def __init__(self, func):
        self.func = func

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        value = obj.__dict__[self.func.__name__] = self.func(obj)
        return value


class QueryParams:
    def __init__(self, pairs):
        self.pairs = pairs

    def to_text(self):
        return "&".join(f"{k}={v}" for k, v in self.pairs)


class Meta:
    def encode(self):
        return "meta"


class URL:
    def __init__(self, query):
        self.query = query

    @cachedproperty
    def query_params(self):
        return QueryParams(self.query)

    @property
    def meta(self):
        return Meta()

    def to_text(self):
        return "?" + self.query_params.to_text()


def describe(url: URL):
    meta = getattr(url, "meta", None)
    return meta.encode()


def main():
    url = URL([("a", 1)])
    print(url.to_text(), describe(url))


main()
