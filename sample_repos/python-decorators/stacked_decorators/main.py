def require_login(func):
    def check_login(*args):
        print("checking login")
        return func(*args)
    return check_login


def audit(func):
    def record(*args):
        print("audit:", func.__name__)
        return func(*args)
    return record


@require_login
@audit
def delete_account(user_id):
    print("deleting account", user_id)


delete_account(7)
