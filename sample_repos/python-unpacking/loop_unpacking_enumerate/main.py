def on_start():
    print("start")


def on_stop():
    print("stop")


HOOKS = [("start", on_start), ("stop", on_stop)]


def fire_all():
    for index, (name, hook) in enumerate(HOOKS):
        print(index, name)
        hook()


fire_all()
