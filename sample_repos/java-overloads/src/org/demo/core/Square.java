package org.demo.core;

import static org.demo.util.Checks.*;

public class Square extends Base {
    private final Square[] parts = new Square[0];

    public Square(int size) {
        super(size);
    }

    public Square(int size, String name) {
        this(require(size, name));
    }

    @Override
    public double area() {
        return size * size;
    }

    @Override
    public String kind() {
        return join("square", String.valueOf(positive(size)));
    }

    public int count() {
        int total = 0;
        for (Square part : parts) {
            total += part.count();
        }
        return total + parts[0].count();
    }
}
