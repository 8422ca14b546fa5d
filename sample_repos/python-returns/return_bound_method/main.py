class Cache:
    entries = {}

    def clear(self):
        print("clearing", len(self.entries), "entries")


def cleanup_hook():
    cache = Cache()
    return cache.clear


hook = cleanup_hook()
hook()
