def log_quietly(message):
    pass


def log_loudly(message):
    print("LOG:", message)


log = log_quietly


def enable_verbose():
    global log
    log = log_loudly


def process(item):
    log("processing " + item)


process("first")
enable_verbose()
process("second")
