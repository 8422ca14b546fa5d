def shout(text):
    print(text + "!")


def get_handler():
    return shout


def greet_twice(name):
    handler = get_handler()
    handler("hello " + name)


get_handler()("hello")
greet_twice("ada")
