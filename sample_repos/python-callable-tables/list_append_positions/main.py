def prepare():
    print("prepare")


def cook():
    print("cook")


def serve():
    print("serve")


def dinner():
    steps = [prepare]
    steps.append(cook)
    steps.append(serve)
    steps[0]()
    steps[-1]()
    for step in steps:
        step()


dinner()
