def score(player):
    return player["wins"] * 3 + player["draws"]


def ranking(players):
    points = lambda player: score(player)
    return sorted((points(player) for player in players), reverse=True)


def leader(players):
    pick = lambda ranked: ranked[0]
    return pick(ranking(players))


print(leader([{"wins": 2, "draws": 1}, {"wins": 3, "draws": 0}]))
