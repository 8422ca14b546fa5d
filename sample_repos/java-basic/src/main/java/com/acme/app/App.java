package com.acme.app;

import com.acme.model.*;
import com.acme.repo.UserRepository;
import com.acme.util.Strings;
import static com.acme.util.Strings.shout;

public class App {
    private UserRepository repo;

    public App(UserRepository repo) {
        this.repo = repo;
    }

    public void register(String name) {
        User user = new User(Strings.format(name));
        repo.save(user);
        this.log(user);
    }

    public String greet(String name) {
        Named found = this.repo.find(name);
        return shout(found.name());
    }

    private void log(User user) {
        System.out.println(user.describe());
    }

    public static void main(String[] args) {
        App app = new App(new UserRepository());
        app.register("ada");
        new Report(app).print("ada");
    }
}
