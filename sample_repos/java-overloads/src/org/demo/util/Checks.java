package org.demo.util;

public final class Checks {
    private Checks() {}

    public static int require(int value) {
        return value;
    }

    public static int require(int value, String message) {
        return require(value);
    }

    public static String join(String... parts) {
        return String.join(",", parts);
    }

    public static boolean positive(int value) {
        return value > 0;
    }
}
