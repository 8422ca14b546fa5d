from delta import main


def release():
    main()


if __name__ == "__main__":
    release()
