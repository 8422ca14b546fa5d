def cached(func):
    results = {}

    def lookup(self, key):
        if key not in results:
            results[key] = func(self, key)
        return results[key]
    return lookup


class PriceService:
    @cached
    def price_of(self, sku):
        print("querying price for", sku)
        return 9.99


service = PriceService()
print(service.price_of("A-100"))
