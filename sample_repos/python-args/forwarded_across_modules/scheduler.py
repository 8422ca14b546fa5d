"""Runs jobs now or later."""


def run_now(job):
    print("running job")
    job()


def schedule(job, delay=0):
    if delay == 0:
        run_now(job)
    else:
        print("delayed by", delay)
