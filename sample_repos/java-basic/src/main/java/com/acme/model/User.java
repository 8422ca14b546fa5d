package com.acme.model;

public class User extends Entity implements Named {
    private final String name;

    public User(String name) {
        this.name = name;
    }

    @Override
    public String name() {
        return name;
    }

    public String card() {
        return describe();
    }

    @Override
    protected String label() {
        return "user " + super.label();
    }
}
