#include "util.hpp"

namespace inv::util {

int clamp(int value, int low, int high) {
    return value < low ? low : (value > high ? high : value);
}

}  // namespace inv::util

namespace inv {

int checksum(int value) {
    return util::clamp(value, 0, 255) ^ 0x5a;
}

}  // namespace inv
