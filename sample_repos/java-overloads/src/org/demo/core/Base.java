package org.demo.core;

import static org.demo.util.Checks.require;

public abstract class Base implements Shape {
    protected final int size;

    protected Base(int size) {
        this.size = require(size);
    }

    protected Base() {
        this(1);
    }

    public abstract String kind();

    public String describe() {
        return kind() + " " + label();
    }

    public void grow(int by) {}

    public void grow(int by, int times) {
        grow(by * times);
    }
}
