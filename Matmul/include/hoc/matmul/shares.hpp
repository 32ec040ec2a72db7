// C = A * B computed in shares of C's rows, each on its own device (Exercise 15b's MPI ranks): the
// table of the shares, the sum of C and the result, C checked against A * B.
#pragma once

#include <string>
#include <vector>

#include "hoc/common/opencl.hpp"
#include "hoc/common/report.hpp"
#include "hoc/matmul/dims.hpp"

namespace hoc::matmul {

// What one share did.
struct RowShare {
    std::string host, device;
    double first = 0, count = 0;  // its rows of C: first .. first + count - 1 (count 0: none)
    double speed = 0;             // rows/s measured before the split
    double kernel_s = 0;          // its kernel time
    double busy_s = 0;            // from its first write to the end of its read
};

// Prints the table of the shares (a row each: host, rows of C, share of M, speed, kernel ms, busy
// ms, device) and the sum of C ("  sum of C: ...", to the last bit: the same C gives the same sum),
// and reports C as the result `name`, checked against A * B (check in matmul.hpp), in `wall_s`, with
// "sum_of_c" for the --json record beside `extra`.
void reportRowShares(Report& report, const std::string& name, const std::vector<RowShare>& shares,
                     const std::vector<float>& a, const std::vector<float>& b, const std::vector<float>& c, Dims d,
                     double wall_s, Extra extra);

// Refuses (hoc::UsageError, exit status 2) what the host of the rank that holds A, B and C cannot
// hold when C's rows are shared out: A, B and its own copy of B, its rows of A and C, the whole C
// gathered and the check's reference; its copy of B and its rows of A and C in buffers too, where
// `device`'s memory is the host's.
void requireRowSharesHostMemory(const cl::Device& device, Dims d, const std::string& what);

}  // namespace hoc::matmul
