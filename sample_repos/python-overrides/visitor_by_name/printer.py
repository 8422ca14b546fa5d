from visitor import Visitor


class Printer(Visitor):
    def visit_Num(self, node):
        return str(node.value)

    def visit_Add(self, node):
        return self.visit(node.left) + " + " + self.visit(node.right)

    def render(self, node):
        return self.visit(node)


class Handler:
    def handle(self, command):
        return getattr(self, "do_" + command)()

    def do_stop(self):
        return "stopped"

    def do_start(self):
        return "started"
