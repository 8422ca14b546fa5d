"""A tiny inventory shell: the command word selects the function."""

STOCK = ["bolt", "nut"]


def add_item(item):
    print("added", item)


def remove_item(item):
    print("removed", item)


def count_items(item):
    return len(STOCK)


COMMANDS = {"add": add_item, "remove": remove_item, "count": count_items}


def run_command(word, item):
    return COMMANDS[word](item)


def replay():
    for word in ("add", "remove", "count"):
        run_command(word, "washer")


replay()
