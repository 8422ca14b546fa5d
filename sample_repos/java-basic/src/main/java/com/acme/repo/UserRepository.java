package com.acme.repo;

import com.acme.model.User;
import java.util.List;

public class UserRepository {
    private List<User> users;

    public void save(User user) {
        users.add(user);
    }

    public User find(String name) {
        for (User user : users) {
            if (name.equals(user.name())) {
                return user;
            }
        }
        return null;
    }
}
