package org.demo.core;

public class Report extends Square {
    private final Shape main;

    public Report(Shape main) {
        super(2);
        this.main = main;
    }

    static double total(Shape shape, Base base) {
        base.grow(1);
        base.grow(1, 2);
        return shape.area();
    }

    static int size(Square square) {
        return square.count();
    }

    String render() {
        Base other = new Circle();
        Square square = new Square(3, "big");
        return main.label() + other.describe() + square.count() + total(main, other);
    }
}
