def dumps(items):
    return str(items)
