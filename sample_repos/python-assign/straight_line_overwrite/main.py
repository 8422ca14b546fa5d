def fetch_from_cache(key):
    print("cache lookup", key)


def fetch_from_network(key):
    print("network fetch", key)


def fetch(key):
    fetcher = fetch_from_cache
    fetcher = fetch_from_network
    fetcher(key)


fetch("user:42")
