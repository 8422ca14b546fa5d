from inventory.api.stock import count_items


def summary() -> str:
    return str(count_items()) + " items"
