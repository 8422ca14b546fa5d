#pragma once

namespace inv {
namespace util {

int clamp(int value, int low, int high);

}  // namespace util

int checksum(int value);

}  // namespace inv
