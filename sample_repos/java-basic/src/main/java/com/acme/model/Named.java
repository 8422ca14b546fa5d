package com.acme.model;

public interface Named {
    String name();
}
