def make_counter(label):
    count = 0

    def increment():
        nonlocal count
        count += 1
        print(label, count)

    return increment


clicks = make_counter("clicks")
clicks()
clicks()
