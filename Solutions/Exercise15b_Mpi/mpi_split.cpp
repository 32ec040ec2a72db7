// Exercise 15b: several processes (MPI ranks), each with its own OpenCL device, compute one result
// together. Each part: agree on who does what, compute on the device, combine with MPI. Every step
// that can fail on one rank (a device, a kernel) is checked by all ranks together (`together`,
// hoc/mpi/ranks.hpp) before the next collective, so that an error stops every rank instead of leaving
// the others waiting for it.
#include "mpi_split.hpp"

#include <algorithm>
#include <memory>

#include "hoc/common/errors.hpp"
#include "rank_work.hpp"

PiOverRanks piOverRanks(const Ranks& ranks, const cl::Device& device, std::uint64_t steps, hoc::Repeats repeats)
{
    // Who does what: the same layout on every rank, the work-items shared out in equal blocks.
    const PiLayout layout = piLayout(steps);
    const auto r = static_cast<std::uint64_t>(ranks.rank), size = static_cast<std::uint64_t>(ranks.size);
    const std::uint64_t first = layout.items * r / size, last = layout.items * (r + 1) / size;

    // Compute: this rank's work-items on its device.
    PiPart part;
    together(ranks, [&] { part = piPart(device, layout, first, last - first, repeats); });

    // Combine: the sum of every rank's part, on rank 0.
    double total = 0;
    MPI_Reduce(&part.sum, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);

    PiOverRanks result;
    result.niters = layout.niters;
    result.pi = ranks.rank == 0 ? total / static_cast<double>(steps) : 0.0;
    RankRow row = rankRow(ranks, device);
    row.first = static_cast<double>(std::min(steps, first * layout.niters));
    row.count = static_cast<double>(std::min(steps, last * layout.niters)) - row.first;
    row.part = part.sum / static_cast<double>(steps);
    row.kernel_s = part.kernel_s;
    result.rows = gatherRows(row);
    return result;
}

MatmulOverRanks matmulOverRanks(const Ranks& ranks, const cl::Device& device, const std::vector<float>& a,
                                std::vector<float> b, hoc::matmul::Dims d)
{
    // Every rank needs all of B: rank 0 sends it to the others.
    b.resize(d.k * d.n);
    MPI_Bcast(b.data(), static_cast<int>(b.size()), MPI_FLOAT, 0, MPI_COMM_WORLD);

    // Measure: each rank times its device on the first eighth of the rows (Exercise 15's probe).
    std::unique_ptr<MatmulRows> worker;
    double speed = 0;
    together(ranks, [&] {
        worker = std::make_unique<MatmulRows>(device, b, d);
        speed = worker->speed(std::max<std::size_t>(1, (d.m + 7) / 8));
    });

    // Split: every rank learns every speed (MPI_Allgather) and computes the same shares. counts and
    // offsets are in floats, as MPI_Scatterv and MPI_Gatherv take them: rank i's rows of A are
    // a_counts[i] floats from a_offsets[i], its rows of C c_counts[i] floats from c_offsets[i].
    std::vector<double> speeds(static_cast<std::size_t>(ranks.size));
    MPI_Allgather(&speed, 1, MPI_DOUBLE, speeds.data(), 1, MPI_DOUBLE, MPI_COMM_WORLD);
    const std::vector<std::size_t> rows = splitRows(d.m, speeds);
    std::vector<int> a_counts, a_offsets, c_counts, c_offsets;
    std::size_t first = 0, my_first = 0;
    for (int i = 0; i < ranks.size; ++i) {
        const std::size_t n = rows[static_cast<std::size_t>(i)];
        a_counts.push_back(static_cast<int>(n * d.k));
        a_offsets.push_back(static_cast<int>(first * d.k));
        c_counts.push_back(static_cast<int>(n * d.n));
        c_offsets.push_back(static_cast<int>(first * d.n));
        if (i == ranks.rank)
            my_first = first;
        first += n;
    }
    const std::size_t my_rows = rows[static_cast<std::size_t>(ranks.rank)];
    std::vector<float> my_a(my_rows * d.k), my_c(my_rows * d.n);
    MatmulOverRanks result;
    if (ranks.rank == 0)
        result.c.assign(d.m * d.n, 0.0f);

    MPI_Barrier(MPI_COMM_WORLD);  // start the clock when every rank is ready
    const double start = MPI_Wtime();

    // Scatter: rank i receives its rows of A into my_a.
    MPI_Scatterv(a.data(), a_counts.data(), a_offsets.data(), MPI_FLOAT, my_a.data(), a_counts[ranks.rank], MPI_FLOAT,
                 0, MPI_COMM_WORLD);

    // Compute: this rank's rows of C on its device.
    MatmulRows::Timing timing;
    together(ranks, [&] { timing = worker->run(my_a.data(), my_rows, my_c.data()); });

    // Gather: rank 0 receives every rank's rows of C into result.c.
    MPI_Gatherv(my_c.data(), c_counts[ranks.rank], MPI_FLOAT, result.c.data(), c_counts.data(), c_offsets.data(),
                MPI_FLOAT, 0, MPI_COMM_WORLD);

    result.wall_s = MPI_Wtime() - start;

    RankRow row = rankRow(ranks, device);
    row.first = static_cast<double>(my_first);
    row.count = static_cast<double>(my_rows);
    row.speed = speed;
    row.kernel_s = timing.kernel_s;
    row.busy_s = timing.busy_s;
    result.rows = gatherRows(row);
    return result;
}
