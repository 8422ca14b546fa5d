def write_compressed(data):
    print("compressed", len(data))


def write_plain(data):
    print("plain", data)


def log_debug(message):
    print("debug:", message)


def save(data, compress=False, verbose=False):
    writer = write_compressed if compress else write_plain
    writer(data)
    logger = verbose and log_debug
    if logger:
        logger("saved")


save("abc")
save("abc", compress=True, verbose=True)
