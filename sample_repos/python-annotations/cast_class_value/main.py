import typing as t


class Command:
    def __init__(self, name):
        self.name = name


class Group(Command):
    def __init__(self, name):
        super().__init__(name)
        self.commands = []


def command(name, cls=None):
    if cls is None:
        cls = t.cast(t.Type[Command], Command)
    return cls(name)


def group(name):
    return command(name, cls=Group)


print(command("a").name, group("b").commands)
