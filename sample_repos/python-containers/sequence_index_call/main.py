"""Health checks kept in a list; the first one is the cheap one."""


def check_disk():
    return "disk ok"


def check_network():
    return "network ok"


def check_database():
    return "database ok"


CHECKS = [check_disk, check_network, check_database]
FALLBACKS = (check_network, check_database)


def quick_check():
    return CHECKS[0]()


def retry_check():
    return FALLBACKS[1]()


print(quick_check(), retry_check())
