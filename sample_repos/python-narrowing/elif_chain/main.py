class Number:
    def __init__(self, value):
        self.value = value

    def evaluate(self):
        return self.value


class Sum:
    def __init__(self, left, right):
        self.left = left
        self.right = right

    def evaluate(self):
        return self.left.evaluate() + self.right.evaluate()


def show(node):
    if isinstance(node, Number):
        return "number"
    elif isinstance(node, Sum):
        return "sum of " + str(node.evaluate())
    return "?"


def value_of(node):
    if isinstance(node, (Number, Sum)):
        return node.evaluate()
    return 0


tree = Sum(Number(1), Number(2))
print(show(tree), value_of(tree))
