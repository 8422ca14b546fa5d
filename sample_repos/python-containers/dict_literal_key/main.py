"""Job control: each command word maps to a handler function."""


def start_job(name):
    print("starting", name)


def stop_job(name):
    print("stopping", name)


def job_status(name):
    return name + ": idle"


HANDLERS = {"start": start_job, "stop": stop_job, "status": job_status}


def boot():
    HANDLERS["start"]("backup")


def shutdown():
    HANDLERS["stop"]("backup")


boot()
shutdown()
