#include <algorithm>
#include <vector>
#include "store.hpp"
#include "util.hpp"

void log_event(const char* name);  // defined nowhere in this repository

static int twice(int x) { return 2 * x; }

inv::Store shared(1);

int main() {
    log_event("start");
    inv::Store local(5);
    local.add(inv::util::clamp(twice(1), 0, 9));

    inv::Store braced{7};
    inv::Store* made = inv::Store::make();
    made->add(3);

    auto* audited = new inv::AuditedStore();
    audited->add_checked(7);
    audited->add(8);

    inv::Counter counter;
    counter.bump();

    std::vector<int> totals;
    totals.push_back(local.total());
    totals.push_back(shared.total());
    std::sort(totals.begin(), totals.end());

    delete made;
    delete audited;
    return 0;
}
