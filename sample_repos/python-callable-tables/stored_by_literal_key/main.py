def start():
    print("starting")


def stop():
    print("stopping")


ACTIONS = {}
ACTIONS["start"] = start
ACTIONS["stop"] = stop


def boot():
    ACTIONS["start"]()
    pause = ACTIONS.get("pause")
    if pause is not None:
        pause()


boot()
