class Registry(dict):
    def iterkeys(self):
        return iter(sorted(dict.keys(self)))

    __iter__ = iterkeys

    def names(self):
        return [key for key in self]

    def as_dict(self):
        return {key: self[key] for key in self}


registry = Registry(b=1, a=2)
print(registry.names(), registry.as_dict())
