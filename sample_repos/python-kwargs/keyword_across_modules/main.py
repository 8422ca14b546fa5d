from jobs import run_job


def backup():
    raise OSError("disk full")


def alert(name, error):
    print(name, "failed:", error)


run_job("backup", action=backup, on_error=alert)
