from jobs import Job


class Backup(Job):
    def step(self):
        return "backed up"


class Cleanup(Job):
    def step(self):
        return "cleaned"
