#include <stdlib.h>
#include "store.h"
#include "util.h"

static int check(int value) { return value < 1000; }

struct Store *store_new(void) {
    struct Store *store = malloc(sizeof *store);
    store->total = 0;
    store->count = 0;
    return store;
}

void store_add(struct Store *store, int value) {
    if (check(value)) {
        store->total += clamp(value, 0, 100);
        store->count++;
    }
}

int store_total(const struct Store *store) {
    return store->total;
}
