"""A playlist iterates its songs through a generator __iter__."""


def format_title(song):
    return "> " + song


class Playlist:
    def __init__(self, songs):
        self.songs = songs

    def __iter__(self):
        for song in self.songs:
            yield format_title(song)


def play_all():
    for title in Playlist(["intro", "theme"]):
        print(title)


play_all()
