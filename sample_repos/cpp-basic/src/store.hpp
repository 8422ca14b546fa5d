#pragma once
#include <vector>

namespace inv {

// No constructor of its own: `Counter c;` constructs the class itself.
class Counter {
public:
    void bump() { ++count_; }

    int count_ = 0;
};

class Store {
public:
    explicit Store(int capacity);  // defined in store.cpp, like `make`, `add` and `total`
    static Store* make();
    void add(int value);
    int total() const;

protected:
    void remember(int value) { values_.push_back(value); }

    Counter counter_;

private:
    int capacity_;
    std::vector<int> values_;
};

class AuditedStore : public Store {
public:
    AuditedStore() : Store(10) {}
    void add_checked(int value);
};

}  // namespace inv
