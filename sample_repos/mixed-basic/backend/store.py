def save(record):
    _write(record)


def _write(record):
    print(record)
