def retry(times):
    def decorator(func):
        def wrapper(*args):
            for attempt in range(times):
                try:
                    return func(*args)
                except ConnectionError:
                    print("attempt", attempt + 1, "failed")
            return None
        return wrapper
    return decorator


@retry(3)
def fetch_page(url):
    print("fetching", url)


fetch_page("https://example.com")
