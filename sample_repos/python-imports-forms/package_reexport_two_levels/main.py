"""The application entry point uses only the top-level package."""

import app
from app import start_server


def main():
    start_server(8080)
    app.start_server(8443)


main()
