class Card:
    def __init__(self, rank):
        self.rank = rank

    def __repr__(self):
        return f"Card({self.rank})"


class Deck:
    def __init__(self, cards):
        self.cards = cards

    def __len__(self):
        return len(self.cards)

    def __bool__(self):
        return bool(self.cards)

    def __str__(self):
        return "deck of " + str(len(self.cards))

    def __iter__(self):
        return iter(self.cards)


def inspect():
    card = Card(7)
    deck = Deck([card])
    print(len(deck), bool(deck), str(card), repr(card))
    print(deck)
    return list(deck)


inspect()
