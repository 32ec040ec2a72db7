// Helpers for the matrix-multiplication tests (Exercises 04-09): the sizes every variant is tested
// with, and a check whose failure names the code under test, the size, the first wrong element by row
// and column, and where in C the wrong elements are.
//
// The tolerance is not a guess: hoc::matmul::errorBounds gives each element of C the standard bound
// for a float dot product summed in any order, ((1 + u)^K - 1) * sum_k |a_ik| |b_kj| (at most Higham's
// gamma_K = K u / (1 - K u), and valid for every K), u = 2^-24 (plus the rounding of the exact value to
// float), against a reference summed in double.
// Every correct kernel, blocked, chunked or with fused multiply-adds, stays within it; a missing or
// doubled term of the sum, or a value read from the wrong place, does not (on random inputs in [-1, 1)).
// C as a whole is also held to the normwise bound (hoc::matmul::normBound), which grows like
// sqrt(K) u instead of K u and so refuses a wrong C where the elementwise bounds cannot.
#pragma once

#include <algorithm>
#include <cmath>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "hoc/matmul/matmul_host.hpp"
#include "hoc_hints/shared.hpp"
#include "hoc_test.hpp"
#if HOC_HAVE_TRACE
#include "hoc_trace.hpp"
#endif

namespace hoc::test {

using hoc::matmul::Dims;

// M x N x K: tiny, square around powers of two and of the work-group and tile sizes (16, 64, 256),
// not multiples of anything (17 x 33 x 65, 100, 255, 257), one column (128 x 1 x 256), and one larger
// rectangular size that is still quick for PoCL on two cores.
inline const std::vector<Dims>& matmulSizes()
{
    static const std::vector<Dims> sizes = {{1, 1, 1},       {16, 16, 16},   {17, 33, 65},    {64, 64, 64},
                                            {100, 100, 100}, {128, 1, 256},  {255, 255, 255}, {256, 256, 256},
                                            {257, 257, 257}, {300, 200, 500}};
    return sizes;
}

// Test names: "M17_N33_K65".
inline std::string sizeName(const ::testing::TestParamInfo<Dims>& info)
{
    const Dims d = info.param;
    return "M" + std::to_string(d.m) + "_N" + std::to_string(d.n) + "_K" + std::to_string(d.k);
}

namespace detail {

// A sum over k that starts again part-way instead of carrying on (a chunked kernel whose later chunks
// overwrite C instead of adding to it): the first k0 in 1 .. K-1 at which the wrong element C[i][j]
// equals the sum of the terms k0 .. K-1 alone, within its bound, or 0 where none does. On random
// inputs in [-1, 1) a suffix of the dot product matching by chance is unlikely, and the caller asks
// several wrong elements for the same k0.
inline std::size_t restartedAt(const hoc::matmul::Inputs& in, Dims d, std::size_t i, std::size_t j, float got,
                               double bound)
{
    double suffix = 0.0;
    for (std::size_t k = d.k; k-- > 1;) {
        suffix += static_cast<double>(in.a[i * d.k + k]) * static_cast<double>(in.b[k * d.n + j]);
        if (std::fabs(static_cast<double>(got) - suffix) <= bound)
            return k;
    }
    return 0;
}

// The wrong elements that are the sum of the terms k0 .. K-1 alone, for one k0 shared by up to 8 of
// them (every one asked): the hint, or "" where they are not.
inline std::string restartedSums(const std::vector<double>& expected, const std::vector<float>& got,
                                 const std::vector<double>& bound, Dims d, const hoc::matmul::Inputs& in)
{
    std::size_t k0 = 0, asked = 0, first = 0;
    for (std::size_t at = 0; at < d.m * d.n && asked < 8; ++at) {
        if (std::fabs(static_cast<double>(got[at]) - expected[at]) <= bound[at])
            continue;
        const std::size_t here = restartedAt(in, d, at / d.n, at % d.n, got[at], bound[at]);
        if (here == 0 || (k0 != 0 && here != k0))
            return "";
        first = asked == 0 ? at : first;
        k0 = here, ++asked;
    }
    if (asked < 2)
        return "";
    return ". " + hoc::test::hint(hoc::hints::shared::sum_restarted, {{"k0", std::to_string(k0)},
                                                                      {"last", std::to_string(d.k - 1)},
                                                                      {"asked", std::to_string(asked)},
                                                                      {"row", std::to_string(first / d.n)},
                                                                      {"column", std::to_string(first % d.n)},
                                                                      {"value", std::to_string(got[first])}});
}

// What the wrong elements hold, read from their values against the inputs: the same value for each of up
// to 8 wrong elements (all asked must agree) of one of these, tried in order: the element across the
// diagonal (C stored transposed), a neighbour's value (C written one element off), a sum over k with A
// or B (or both) read as if stored transposed, the sum without its first or last term, or the right
// value times one factor. The hint, or "" where none explains them all.
inline std::string productPattern(const std::vector<double>& expected, const std::vector<float>& got,
                                  const std::vector<double>& bound, Dims d, const hoc::matmul::Inputs& in)
{
    const std::size_t M = d.m, N = d.n, K = d.k;
    std::vector<std::size_t> wrong, asked, spread;
    for (std::size_t at = 0; at < M * N; ++at)
        if (!(std::fabs(static_cast<double>(got[at]) - expected[at]) <= bound[at]))
            wrong.push_back(at);
    asked.assign(wrong.begin(), wrong.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(wrong.size(), 8)));
    // Also up to 8 spread from the first wrong element to the last: the first few alone (all in row 1,
    // say) fit "row 1 holds row 0, its neighbour" as well as "every row holds row 0".
    for (std::size_t s = 0; s < std::min<std::size_t>(wrong.size(), 8); ++s)
        spread.push_back(wrong[wrong.size() <= 8 ? s : s * (wrong.size() - 1) / 7]);
    if (asked.empty())
        return "";
    // A dot product of K terms in float: the element's own bound, or the same bound for another sum.
    const auto close = [&](double value, double magnitude, float g) {
        const double tol = (static_cast<double>(K) + 2) * 0x1p-24 * magnitude + 1e-30;
        return std::fabs(static_cast<double>(g) - value) <= tol;
    };
    const auto a = [&](std::size_t i, std::size_t k) { return static_cast<double>(in.a[i * K + k]); };
    const auto b = [&](std::size_t k, std::size_t j) { return static_cast<double>(in.b[k * N + j]); };
    const auto every = [&](auto&& holds) {
        return std::all_of(asked.begin(), asked.end(), [&](std::size_t at) { return holds(at / N, at % N); });
    };
    const std::size_t row = asked[0] / N, column = asked[0] % N;
    const std::string asks = std::to_string(asked.size()), rows = std::to_string(row), columns = std::to_string(column);
    const auto magnitudeOf = [&](auto&& term) {
        return [&, term](std::size_t i, std::size_t j) {
            double sum = 0, abs = 0;
            for (std::size_t k = 0; k < K; ++k) {
                const double t = term(i, j, k);
                sum += t, abs += std::fabs(t);
            }
            return std::pair<double, double>{sum, abs};
        };
    };
    const auto matches = [&](auto&& term) {
        const auto value = magnitudeOf(term);
        return every([&](std::size_t i, std::size_t j) {
            const auto [sum, abs] = value(i, j);
            return close(sum, abs, got[i * N + j]);
        });
    };
    if (M == N && M > 1 && every([&](std::size_t i, std::size_t j) {
            return i != j && std::fabs(static_cast<double>(got[i * N + j]) - expected[j * N + i]) <= bound[j * N + i];
        }))
        return ". " +
               hoc::test::hint(hoc::hints::shared::c_transposed, {{"asked", asks}, {"row", rows}, {"column", columns}});
    // One column's (or row's) right value in every element: the column of B (row of A) read does not
    // follow the element's own, the same one for every element asked (B's column 0 for all, say), on the
    // wrong elements spread over C, before a neighbour's value is tried.
    for (const bool sameColumn : {true, false}) {
        const std::size_t count = sameColumn ? N : M;
        for (std::size_t fixed = 0; fixed < count; ++fixed) {
            if (fixed == (sameColumn ? column : row))
                continue;
            const bool holds = std::all_of(spread.begin(), spread.end(), [&](std::size_t at) {
                const std::size_t i = at / N, j = at % N;
                const std::size_t other = sameColumn ? i * N + fixed : fixed * N + j;
                return (sameColumn ? j : i) != fixed &&
                       std::fabs(static_cast<double>(got[i * N + j]) - expected[other]) <= bound[other];
            });
            if (holds)
                return ". " +
                       hoc::test::hint(
                           sameColumn ? hoc::hints::shared::one_column : hoc::hints::shared::one_row,
                           {{"asked", asks}, {"row", rows}, {"column", columns}, {"fixed", std::to_string(fixed)}});
        }
    }
    // C written one element off: a neighbour's right value, the same neighbour for every element asked.
    const int steps[4][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}};
    for (const auto& step : steps) {
        const bool inside = every([&](std::size_t i, std::size_t j) {
            const long r = static_cast<long>(i) + step[0], c = static_cast<long>(j) + step[1];
            if (r < 0 || c < 0 || r >= static_cast<long>(M) || c >= static_cast<long>(N))
                return false;
            const std::size_t other = static_cast<std::size_t>(r) * N + static_cast<std::size_t>(c);
            return std::fabs(static_cast<double>(got[i * N + j]) - expected[other]) <= bound[other];
        });
        if (inside)
            return ". " + hoc::test::hint(hoc::hints::shared::c_neighbour,
                                          {{"asked", asks},
                                           {"row", rows},
                                           {"column", columns},
                                           {"other_row", std::to_string(static_cast<long>(row) + step[0])},
                                           {"other_column", std::to_string(static_cast<long>(column) + step[1])}});
    }
    // A sum carried on from the element before (the sum not set back to 0 between the elements one
    // work-item computes): each wrong element is its right value plus the one before it as written, along
    // the row or down the column.
    for (const bool alongRow : {true, false}) {
        const bool carried = every([&](std::size_t i, std::size_t j) {
            if ((alongRow ? j : i) == 0)
                return false;
            const std::size_t before = alongRow ? i * N + j - 1 : (i - 1) * N + j;
            const double value = expected[i * N + j] + static_cast<double>(got[before]);
            const double tol = bound[i * N + j] + (static_cast<double>(K) + 2) * 0x1p-24 * std::fabs(got[before]);
            return std::fabs(static_cast<double>(got[i * N + j]) - value) <= tol;
        });
        if (carried)
            return ". " + hoc::test::hint(hoc::hints::shared::sum_carried,
                                          {{"asked", asks},
                                           {"row", rows},
                                           {"column", columns},
                                           {"before", alongRow ? "C[" + rows + "][" + std::to_string(column - 1) + "]"
                                                               : "C[" + std::to_string(row - 1) + "][" + columns + "]"},
                                           {"along", alongRow ? "along its row" : "down its column"}});
    }
    // A or B read as if transposed: A's element (i, k) taken from k * M + i, B's (k, j) from j * K + k.
    const auto aT = [&](std::size_t i, std::size_t k) { return static_cast<double>(in.a[k * M + i]); };
    const auto bT = [&](std::size_t k, std::size_t j) { return static_cast<double>(in.b[j * K + k]); };
    if (matches([&](std::size_t i, std::size_t j, std::size_t k) { return aT(i, k) * bT(k, j); }))
        return ". " + hoc::test::hint(hoc::hints::shared::both_transposed,
                                      {{"asked", asks}, {"row", rows}, {"column", columns}});
    if (matches([&](std::size_t i, std::size_t j, std::size_t k) { return aT(i, k) * b(k, j); }))
        return ". " + hoc::test::hint(hoc::hints::shared::a_transposed, {{"asked", asks},
                                                                         {"row", rows},
                                                                         {"column", columns},
                                                                         {"m", std::to_string(M)},
                                                                         {"k", std::to_string(K)}});
    if (matches([&](std::size_t i, std::size_t j, std::size_t k) { return a(i, k) * bT(k, j); }))
        return ". " + hoc::test::hint(hoc::hints::shared::b_transposed, {{"asked", asks},
                                                                         {"row", rows},
                                                                         {"column", columns},
                                                                         {"n", std::to_string(N)},
                                                                         {"k", std::to_string(K)}});
    // A chunked sum (Exercise 07's step 2) whose later chunks read A's row, or B's rows, again from
    // the start instead of from the chunk's start: the term for k takes A[row][k % P] (B[k % P][column])
    // for one period P below K, the same for every element asked.
    for (const bool inA : {true, false})
        for (std::size_t p = 1; p < K; ++p)
            if (matches([&](std::size_t i, std::size_t j, std::size_t k) {
                    return inA ? a(i, k % p) * b(k, j) : a(i, k) * b(k % p, j);
                }))
                return ". " + hoc::test::hint(hoc::hints::shared::chunk_from_start,
                                              {{"asked", asks},
                                               {"row", rows},
                                               {"column", columns},
                                               {"p", std::to_string(p)},
                                               {"term", inA ? "A[row][k % " + std::to_string(p) + "] * B[k][column]"
                                                            : "A[row][k] * B[k % " + std::to_string(p) + "][column]"},
                                               {"what", inA ? "elements of A" : "rows of B"},
                                               {"from", inA ? "the start of A's row" : "B's first row"}});
    if (K > 1) {  // at K = 1, leaving the one term out is not told from not writing C
        for (const std::size_t left : {std::size_t{0}, K - 1})
            if (matches(
                    [&](std::size_t i, std::size_t j, std::size_t k) { return k == left ? 0.0 : a(i, k) * b(k, j); }))
                return ". " +
                       hoc::test::hint(hoc::hints::shared::term_left_out, {{"asked", asks},
                                                                           {"row", rows},
                                                                           {"column", columns},
                                                                           {"which", left == 0 ? "first" : "last"},
                                                                           {"left", std::to_string(left)},
                                                                           {"last", std::to_string(K - 1)}});
    }
    // The right value times one factor, the same for every element asked (elements far from 0).
    double factor = 0;
    bool scaled = true;
    for (const std::size_t at : asked) {
        if (std::fabs(expected[at]) < 1e-3) {
            scaled = false;
            break;
        }
        const double f = static_cast<double>(got[at]) / expected[at];
        if (factor == 0)
            factor = f;
        scaled = scaled && std::fabs(f - factor) <= 1e-4 * std::fabs(factor);
    }
    if (scaled && asked.size() >= 2 && std::fabs(factor - 1) > 1e-3) {
        std::ostringstream text;
        text << factor;
        return ". " + hoc::test::hint(hoc::hints::shared::c_scaled,
                                      {{"asked", asks}, {"row", rows}, {"column", columns}, {"factor", text.str()}});
    }
    return "";
}

// The range the host ran the kernel in, where it explains the wrong elements: the last 2D launch recorded
// after `since` (tests/trace) whose range leaves out exactly the wrong elements, reading dimension 0 as
// the column (the course's order): the range in the order (rows, columns), or rounded down. "" where
// the record has no such launch.
inline std::string rangeHint([[maybe_unused]] std::size_t since, [[maybe_unused]] const std::vector<double>& expected,
                             [[maybe_unused]] const std::vector<float>& got,
                             [[maybe_unused]] const std::vector<double>& bound, [[maybe_unused]] Dims d)
{
#if HOC_HAVE_TRACE
    const std::vector<hoc::trace::Launch> launches = hoc::trace::launches("", since);
    const auto last = std::find_if(launches.rbegin(), launches.rend(),
                                   [](const auto& l) { return l.dims == 1 || l.dims == 2; });
    if (last == launches.rend())
        return "";
    if (last->dims == 1) {
        // One work-item per row (or per column) of C: the wrong elements are exactly the rows (columns)
        // from the range's size on.
        const std::size_t g = last->global[0];
        for (const bool rows : {true, false}) {
            bool explains = true, leavesOut = false;
            for (std::size_t at = 0; at < d.m * d.n && explains; ++at) {
                const bool wrong = !(std::fabs(static_cast<double>(got[at]) - expected[at]) <= bound[at]);
                const bool outside = (rows ? at / d.n : at % d.n) >= g;
                leavesOut = leavesOut || outside;
                explains = wrong == outside;
            }
            if (explains && leavesOut)
                return ". " +
                       hoc::test::hint(hoc::hints::shared::range_1d_short,
                                       {{"at", last->site.known() ? " at " + last->site.text() : ""},
                                        {"g", std::to_string(g)},
                                        {"what", rows ? "rows" : "columns"},
                                        {"count", rows ? "M = " + std::to_string(d.m) : "N = " + std::to_string(d.n)}});
        }
        return "";
    }
    const std::size_t g0 = last->global[0], g1 = last->global[1];
    bool explains = true, leavesOut = false;
    for (std::size_t i = 0; i < d.m && explains; ++i)
        for (std::size_t j = 0; j < d.n && explains; ++j) {
            const std::size_t at = i * d.n + j;
            const bool wrong = !(std::fabs(static_cast<double>(got[at]) - expected[at]) <= bound[at]);
            const bool outside = j >= g0 || i >= g1;
            leavesOut = leavesOut || outside;
            explains = wrong == outside;
        }
    if (!explains || !leavesOut)
        return "";
    const std::string at = last->site.known() ? " at " + last->site.text() : "";
    const bool swapped = g0 >= d.m && g1 >= d.n;
    return ". " + hoc::test::hint(swapped ? hoc::hints::shared::range_order : hoc::hints::shared::range_short,
                                  {{"at", at},
                                   {"g0", std::to_string(g0)},
                                   {"g1", std::to_string(g1)},
                                   {"n", std::to_string(d.n)},
                                   {"m", std::to_string(d.m)}});
#else
    return "";
#endif
}

// Where the wrong elements are, and a hint when the pattern points at a usual mistake. With the inputs
// (in), a value that is only the last part of its sum over k is told as such.
inline std::string whereWrong(const std::vector<double>& expected, const std::vector<float>& got,
                              const std::vector<double>& bound, Dims d, const hoc::matmul::Inputs* in = nullptr,
                              const std::string& range = "")
{
    std::size_t rowLo = d.m, rowHi = 0, colLo = d.n, colHi = 0, wrong = 0, nan = 0;
    bool allZero = true;
    for (std::size_t i = 0; i < d.m; ++i)
        for (std::size_t j = 0; j < d.n; ++j) {
            const std::size_t at = i * d.n + j;
            allZero = allZero && got[at] == 0.0f;
            if (!(std::fabs(static_cast<double>(got[at]) - expected[at]) <= bound[at])) {
                rowLo = std::min(rowLo, i), rowHi = std::max(rowHi, i);
                colLo = std::min(colLo, j), colHi = std::max(colHi, j);
                ++wrong;
                nan += std::isnan(got[at]) ? 1 : 0;
            }
        }
    std::string text = "; the wrong elements lie in rows " + std::to_string(rowLo) + "-" + std::to_string(rowHi) +
                       " and columns " + std::to_string(colLo) + "-" + std::to_string(colHi) + " of C (" +
                       std::to_string(d.m) + " x " + std::to_string(d.n) + ")";
    // C not written shows as NaN (hoc::matmul::Buffers fills C with NaN) or, where the host made C
    // itself (Exercise 05), as zeros: say so before any guess about indices, for 1 x 1 too.
    const auto add = [&text](const hoc::test::Hint& hint) { text += ". " + hoc::test::hint(hint); };
    if (!range.empty())  // the host's range leaves out exactly these: that, not the kernel, is the cause
        text += range;
    else if (allZero && d.m * d.n == 1)
        text += ". " + hoc::test::hint(hoc::hints::shared::c_one_zero, {{"k", std::to_string(d.k)}});
    else if (allZero)
        add(hoc::hints::shared::c_all_zero);
    else if (nan == wrong && wrong == d.m * d.n)
        add(hoc::hints::shared::c_all_nan);
    else if (nan == wrong)
        add(hoc::hints::shared::c_some_nan);
    else if (const std::string restart = in ? restartedSums(expected, got, bound, d, *in) : ""; !restart.empty())
        text += restart;
    else if (const std::string pattern = in ? productPattern(expected, got, bound, d, *in) : ""; !pattern.empty())
        text += pattern;
    else if (wrong == d.m * d.n && d.m * d.n == 1)
        add(hoc::hints::shared::one_wrong);
    else if (wrong == d.m * d.n && d.m == d.n)
        add(hoc::hints::shared::all_wrong_square);
    else if (wrong == d.m * d.n)
        add(hoc::hints::shared::all_wrong);
    // An off-by-one bound spoils a whole last column (or row); swapped i and j spoil scattered
    // elements of it, so the hint needs every element of that column (row) to be wrong.
    else if (colLo == d.n - 1 && colHi == d.n - 1 && d.n > 1 && wrong == d.m)
        add(hoc::hints::shared::last_column);
    else if (rowLo == d.m - 1 && rowHi == d.m - 1 && d.m > 1 && wrong == d.n)
        add(hoc::hints::shared::last_row);
    else if (d.m != d.n && wrong > 0)
        add(hoc::hints::shared::index_formulas);
    return text;
}

}  // namespace detail

}  // namespace hoc::test

namespace hoc::matmul {

// How GoogleTest prints a size (ctest's "# GetParam() = M17 N33 K65", failure messages), instead of
// its bytes. Found by argument-dependent lookup, so it lives in Dims's namespace.
inline void PrintTo(const Dims& d, std::ostream* out) { *out << "M" << d.m << " N" << d.n << " K" << d.k; }

}  // namespace hoc::matmul

namespace hoc::test {

// Runs `host` (a matmul host function) on the standard random inputs for `d` and checks C against
// the double reference within the error bound above. `what` names the kernel.
// wall_holds_kernel: the host's time (timing.wall_s) is taken around the kernel call and C's copy back, as
// Exercise 05 asks; then the kernel's time must fit in it (its unit is checked).
template <typename Host>
::testing::AssertionResult matmulCorrect(Host&& host, Dims d, const std::string& what, bool wall_holds_kernel = false)
{
    const hoc::matmul::Inputs in = hoc::matmul::randomInputs(d);
#if HOC_HAVE_TRACE
    const std::size_t since = hoc::trace::mark();
#else
    const std::size_t since = 0;
#endif
    const hoc::matmul::MatmulResult r = run([&] { return host(device(), in.a, in.b, d); });
    const hoc::matmul::ExpectedC e = hoc::matmul::expectedC(in.a, in.b, d);
    const std::vector<double>& expected = e.value;
    const std::vector<double>& bound = e.bound;
    const CheckResult check = hoc::matmul::check(e, r.c);
    const std::string where = std::string(HOC_UNDER_TEST) + ": " + what + ", " + d.text();
    if (!check.problem.empty())
        return ::testing::AssertionFailure() << where << ": " << check.problem;
    if (!check.ok && check.wrong == 0)  // every element within its bound, the whole beyond the normwise one
        return ::testing::AssertionFailure() << where << ": C is wrong as a whole: " << check.message();
    if (!check.ok)
        return ::testing::AssertionFailure()
               << where << ": " << check.wrong << " of " << check.count << " elements of C wrong; first C["
               << check.first / d.n << "][" << check.first % d.n << "] (row, column): expected " << check.expected
               << ", got " << check.got << " (allowed difference " << check.allowed << ")"
               << detail::whereWrong(expected, r.c, bound, d, &in, detail::rangeHint(since, expected, r.c, bound, d));
    if (!(r.timing.kernel_s > 0))
        return ::testing::AssertionFailure() << where << ": the kernel's profiling event reports no run time";
    // The kernel ran between the first command and C back on the host, so its time fits in the host's
    // time around them: twice it (and a millisecond for the timers' grain) is a margin no unit error
    // (a thousand times or more) stays within.
    if (wall_holds_kernel && r.timing.kernel_s > 2 * r.timing.wall_s + 1e-3)
        return ::testing::AssertionFailure() << where << ": the kernel's time is not in seconds\n  hint: "
                                             << hoc::test::hint(hoc::hints::shared::kernel_time_unit,
                                                                {{"kernel", std::to_string(r.timing.kernel_s) + " s"},
                                                                 {"wall", std::to_string(r.timing.wall_s) + " s"}});
    return ::testing::AssertionSuccess();
}

}  // namespace hoc::test
