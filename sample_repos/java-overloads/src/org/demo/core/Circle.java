package org.demo.core;

public class Circle extends Base {
    public Circle() {
        super();
    }

    @Override
    public double area() {
        return 3 * size * size;
    }

    @Override
    public String kind() {
        return "circle";
    }
}
