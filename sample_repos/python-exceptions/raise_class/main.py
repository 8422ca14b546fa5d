class QuotaExceeded(Exception):
    def __init__(self, limit=10):
        super().__init__(f"over {limit}")
        self.limit = limit


def reserve(count):
    if count > 10:
        raise QuotaExceeded
    if count < 0:
        raise RuntimeError
    return count


def reserve_strict(count):
    if count > 5:
        raise QuotaExceeded(5)
    return count


for attempt in (3, 20):
    try:
        reserve(attempt)
    except QuotaExceeded:
        pass
    try:
        reserve_strict(attempt)
    except QuotaExceeded:
        pass
