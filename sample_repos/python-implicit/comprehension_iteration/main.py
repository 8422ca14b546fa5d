class Track:
    def __init__(self, title):
        self.title = title


class Cursor:
    def __init__(self, tracks):
        self.tracks = list(tracks)

    def __next__(self):
        if not self.tracks:
            raise StopIteration
        return self.tracks.pop(0)


class Playlist:
    def __init__(self, titles):
        self.tracks = [Track(t) for t in titles]

    def __iter__(self):
        return Cursor(self.tracks)


def titles():
    return [track.title for track in Playlist(["a", "b"])]


print(titles())
