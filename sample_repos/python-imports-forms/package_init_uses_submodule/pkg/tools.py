def describe():
    return "tools"
