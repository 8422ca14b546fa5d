#include <stdio.h>
#include "util.h"

/* File-local: store.c has a `check` of its own, and limits.c the global one. */
static int check(int value) { return value >= 0; }

int clamp(int value, int low, int high) {
    if (!check(value)) {
        return low;
    }
    return value > high ? high : value;
}

void log_msg(const char *message) {
    printf("%s\n", message);
}
