"""Diamond inheritance: super() follows the C3 order, not depth-first."""


class Storage:
    def save(self, key):
        print("stored", key)


class CachedStorage(Storage):
    def invalidate(self, key):
        print("evicted", key)


class LoggedStorage(Storage):
    def save(self, key):
        print("log: save", key)
        super().save(key)


class AppStorage(CachedStorage, LoggedStorage):
    def save(self, key):
        self.invalidate(key)
        super().save(key)


AppStorage().save("user:1")
