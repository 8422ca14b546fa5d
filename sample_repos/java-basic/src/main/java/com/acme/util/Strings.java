package com.acme.util;

public final class Strings {
    private Strings() {
    }

    public static String format(String value) {
        return "[" + value + "]";
    }

    public static String shout(String value) {
        return format(value) + "!";
    }
}
