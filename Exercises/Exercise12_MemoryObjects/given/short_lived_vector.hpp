// Exercise 12: a host vector whose death the program can see, safely (used by the host-memory
// lifetime part, the PyOpenCL notes' "crashy puzzle").
//
// Its memory is borrowed from `heap`, which the caller keeps alive longer. When it goes out of scope
// it fills that memory with the byte 0xDD, as a debugging allocator fills memory it frees, and as
// the next owner of freed memory overwrites it with its own data. A real std::vector would free the
// memory instead: a command still reading it would then read whatever lives there next, or crash,
// or seem to work; here the program can look afterwards and say which bytes the device got.
#pragma once

#include <algorithm>
#include <cstring>
#include <vector>

constexpr unsigned char kPoisonByte = 0xDD;

class ShortLivedVector {
public:
    ShortLivedVector(std::vector<float>& heap, const std::vector<float>& values) : heap_(heap)
    {
        heap_.resize(values.size());
        std::copy(values.begin(), values.end(), heap_.begin());
    }
    ~ShortLivedVector() { std::memset(heap_.data(), kPoisonByte, heap_.size() * sizeof(float)); }
    ShortLivedVector(const ShortLivedVector&) = delete;
    ShortLivedVector& operator=(const ShortLivedVector&) = delete;

    float* data() { return heap_.data(); }
    std::size_t size() const { return heap_.size(); }

private:
    std::vector<float>& heap_;
};

// The float whose four bytes are all kPoisonByte (about -1.99e18).
inline float poisonValue()
{
    float f;
    unsigned char bytes[sizeof(float)];
    std::memset(bytes, kPoisonByte, sizeof bytes);
    std::memcpy(&f, bytes, sizeof f);
    return f;
}
