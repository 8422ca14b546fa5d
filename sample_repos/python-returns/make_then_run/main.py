class Job:
    def __init__(self, name):
        self.name = name

    def run(self):
        print("running", self.name)


def make_job(name):
    return Job(name)


make_job("nightly").run()
