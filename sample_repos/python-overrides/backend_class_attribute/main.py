class Plain:
    def push(self, item):
        return [item]


class Sorted:
    def push(self, item):
        return sorted([item])


class Queue:
    backend_type = Plain

    def __init__(self):
        self.backend = self.backend_type()

    def put(self, item):
        return self.backend.push(item)


class SortedQueue(Queue):
    backend_type = Sorted


def fill():
    Queue().put(1)
    SortedQueue().put(2)


fill()
