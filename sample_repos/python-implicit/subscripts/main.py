class Grid:
    def __init__(self):
        self.cells = {}

    def __getitem__(self, key):
        return self.cells.get(key, 0)

    def __setitem__(self, key, value):
        self.cells[key] = value

    def __delitem__(self, key):
        del self.cells[key]

    def __class_getitem__(cls, item):
        return cls


def paint(grid: "Grid[int]"):
    grid[1, 1] = 5
    grid[0, 1] = 7
    first = grid[0, 1]
    del grid[0, 1]
    return first, grid.cells[1, 1]


paint(Grid())
