package com.acme.app;

class Report {
    private final App app;

    Report(App app) {
        this.app = app;
    }

    void print(String name) {
        String line = app.greet(name);
        System.out.println(line);
        flush();
    }

    private void flush() {
        System.out.flush();
    }
}
