class Job:
    def run(self):
        print("running", type(self).__name__)
        return self.step()

    def step(self):
        raise NotImplementedError
