def default_handler(event):
    print("default", event)


def custom_handler(event):
    print("custom", event)


handler = default_handler


def install():
    global handler
    handler = custom_handler


def reset():
    global handler
    handler = default_handler


def dispatch(event):
    handler(event)


dispatch("a")
install()
dispatch("b")
reset()
