"""A shared cache held as a class attribute and used through self."""


class MemoryCache:
    def __init__(self, limit):
        self.limit = limit
        self.data = {}

    def get(self, key):
        if key in self.data:
            return self.data[key]
        return None

    def put(self, key, value):
        self.data[key] = value


class PriceService:
    cache = MemoryCache(100)

    def price(self, sku):
        cached = self.cache.get(sku)
        if cached is None:
            cached = len(sku) * 10
            self.cache.put(sku, cached)
        return cached


print(PriceService().price("tea-01"))
