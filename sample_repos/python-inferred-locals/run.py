from billing import service

if __name__ == "__main__":
    print(service.bill("ada", [("tea", 300)]))
