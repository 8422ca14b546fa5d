def run_job(name, *, action, on_error=None):
    try:
        return action()
    except OSError as error:
        if on_error is not None:
            on_error(name, error)
        return None
