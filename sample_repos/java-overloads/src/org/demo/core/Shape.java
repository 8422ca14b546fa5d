package org.demo.core;

public interface Shape {
    double area();

    default String label() {
        return "shape " + area();
    }
}
