#ifndef STORE_H
#define STORE_H

struct Store {
    int total;
    int count;
};

struct Store *store_new(void);
void store_add(struct Store *store, int value);
int store_total(const struct Store *store);

#endif
