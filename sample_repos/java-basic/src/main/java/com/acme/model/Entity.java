package com.acme.model;

public abstract class Entity {
    public String describe() {
        return label();
    }

    protected String label() {
        return "entity";
    }
}
