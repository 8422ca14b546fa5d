def send_welcome(user):
    print("welcome,", user)


def for_each_user(users, action):
    for user in users:
        action(user)


for_each_user(["ada", "linus"], send_welcome)
