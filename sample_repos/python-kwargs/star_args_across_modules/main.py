import events

SEEN = []


def log_event(name):
    print("event", name)


def count_event(name):
    SEEN.append(name)


events.emit(log_event, count_event)
