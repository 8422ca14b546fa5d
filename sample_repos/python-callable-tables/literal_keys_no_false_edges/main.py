def add():
    print("add")


def remove():
    print("remove")


COMMANDS = {"add": add, "remove": remove}


def run(name):
    COMMANDS["add"]()
    if "list" in COMMANDS:
        COMMANDS["list"]()
    COMMANDS[name]()


run("remove")
