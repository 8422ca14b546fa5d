def main():
    from gamma.report import headline

    return headline("release")
