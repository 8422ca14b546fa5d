def save_draft():
    print("saved")


def close_window():
    print("closed")


def dispatch(event, **handlers):
    if event == "save":
        handlers["on_save"]()
    callback = handlers.get("on_close")
    if callback:
        callback()


dispatch("save", on_save=save_draft, on_close=close_window)
