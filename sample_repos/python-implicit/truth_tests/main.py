class Queue:
    def __init__(self):
        self.items = []

    def __len__(self):
        return len(self.items)


class Pending:
    def __init__(self, count):
        self.count = count

    def __bool__(self):
        self.count -= 1
        return self.count >= 0


def drain(flag):
    queue = Queue()
    pending = Pending(2)
    if queue:
        print("busy")
    while pending:
        print("waiting")
    if not pending and flag:
        print("done")


drain(True)
