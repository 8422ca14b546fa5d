class Number:
    def evaluate(self):
        return 1


class Text:
    def evaluate(self):
        return "text"


class Blank:
    def evaluate(self):
        return None


class Command:
    def __init__(self, callback):
        self.callback = callback

    def __call__(self):
        return "never called: invoke runs the callback"


def kind(node):
    if isinstance(node, Number):
        return "number"
    elif isinstance(node, Text):
        return "text " + node.evaluate()
    else:
        return node.evaluate()


def describe(node):
    if isinstance(node, (Number, Blank)):
        return "plain"
    return node.evaluate()


def invoke(callback):
    if isinstance(callback, Command):
        callback = callback.callback
    return callback()


def hello():
    return "hello"


def main():
    for node in (Number(), Text(), Blank()):
        print(kind(node), describe(node))
    print(invoke(Command(hello)), invoke(hello))


main()
