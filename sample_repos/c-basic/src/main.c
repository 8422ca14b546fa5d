#include <stdio.h>
#include "store.h"
#include "util.h"

int check(int value);            /* defined in limits.c */
extern void flush_output(void);  /* defined nowhere in this repository */

/* The parameter `log_msg` shadows the global function of that name. */
static void report(const struct Store *store, void (*log_msg)(const char *)) {
    log_msg("report");
    printf("total=%d\n", store_total(store));
}

int main(void) {
    struct Store *store = store_new();
    int (*op)(int) = square;
    store_add(store, op(3));
    store_add(store, square(4));
    if (check(7)) {
        report(store, log_msg);
    }
    flush_output();
    free(store);
    return 0;
}
