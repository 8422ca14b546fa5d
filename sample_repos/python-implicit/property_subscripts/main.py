"""Properties read on an element of a list, a tuple or a dict whose values are known:
`xs[0].size` calls the getter of the element's class, as `box.size` does."""


class Box:
    def __init__(self, width):
        self.width = width

    @property
    def size(self):
        return self.width * self.width


class Shelf:
    def __init__(self, boxes: list[Box]):
        self.boxes = boxes

    def last_size(self):
        return self.boxes[-1].size


def from_literal():
    boxes = [Box(1), Box(2)]
    return boxes[0].size + boxes[1].size


def from_annotation(boxes: list[Box], pair: tuple[Box, Box]):
    first = boxes[0].size
    return first, pair[1].size


def from_dict():
    by_name = {"small": Box(1), "large": Box(5)}
    return by_name["large"].size


def from_unknown(names):
    return names[0].size if names else 0


def main():
    shelf = Shelf([Box(3), Box(4)])
    print(from_literal(), from_annotation([Box(2)], (Box(1), Box(2))), from_dict())
    print(shelf.last_size(), from_unknown([]))


main()
