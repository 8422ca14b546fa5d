import typing as t


class Group:
    def __init__(self, names):
        self.names = names

    def list_commands(self):
        return sorted(self.names)


class Context:
    def __init__(self, command):
        self.command = command


def complete(ctx):
    multi = t.cast(Group, ctx.command)
    return multi.list_commands()


contexts = [Context(Group(["b", "a"]))]
print(complete(contexts[0]))
