def on_save(doc):
    print("saved", doc)


def on_close(doc):
    print("closed", doc)


def edit_document(doc, **hooks):
    hooks["saved"](doc)
    hooks["closed"](doc)


edit_document("notes.txt", saved=on_save, closed=on_close)
