from parser import Parser


def main():
    try:
        Parser("2024-13-01").parse_date()
    except Exception as error:
        print(error)


main()
