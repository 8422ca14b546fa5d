class Queue:
    def __init__(self, items):
        self.items = items

    def __len__(self):
        return len(self.items)


class Flag:
    def __init__(self, on):
        self.on = on

    def __bool__(self):
        return self.on


def check(queue: Queue, flag: Flag):
    ready = queue or None
    if flag and queue:
        return ready
    return None


def main():
    print(check(Queue([1]), Flag(True)))


main()
