#include <cstdio>
#include "store.hpp"
#include "util.hpp"

namespace inv {

Store::Store(int capacity) : capacity_(capacity) {}

Store* Store::make() {
    return new Store(util::clamp(100, 1, 50));
}

void Store::add(int value) {
    remember(util::clamp(value, 0, capacity_));
    this->counter_.bump();
}

int Store::total() const {
    int sum = 0;
    for (int value : values_) {
        sum += value;
    }
    std::printf("total %d\n", sum);
    return sum;
}

void AuditedStore::add_checked(int value) {
    if (checksum(value) != 0) {
        add(value);
    } else {
        this->remember(0);
    }
    printf("checked %d\n", value);
}

}  // namespace inv
