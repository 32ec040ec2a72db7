// Exercise 15: the rows are shared in proportion to the speeds and add up to M; the split over
// sub-devices gives bit for bit the single-device result (the same kernel computes every element
// of C in the same order on either); both are within the error bound of the reference.
#include <cmath>
#include <numeric>

#include "hoc/data.hpp"
#include "hoc_test.hpp"
#include "multi_device.hpp"

TEST(Exercise15SplitRows, InProportionAndAddingUp)
{
    const std::vector<std::vector<double>> cases = {{1}, {1, 1}, {3, 1}, {1, 2, 5}, {1000, 1}, {1, 1, 1}};
    for (const std::size_t m : {1u, 7u, 100u, 1000u}) {
        for (const auto& speeds : cases) {
            const auto rows = splitRows(m, speeds);
            std::string speedText;
            for (const double s : speeds)
                speedText += (speedText.empty() ? "" : ", ") + std::to_string(static_cast<int>(s));
            const std::string what = std::string(HOC_UNDER_TEST) + ": splitRows(" + std::to_string(m) + ", {" +
                                     speedText + "}): ";
            ASSERT_EQ(rows.size(), speeds.size()) << what << "expected one share per device";
            const std::size_t sum = std::accumulate(rows.begin(), rows.end(), std::size_t{0});
            ASSERT_EQ(sum, m) << what << "the shares add up to " << sum << ", not " << m;
            // Each share is within one row of its exact proportion (rounding a running total moves
            // each boundary by at most half a row).
            const double total = std::accumulate(speeds.begin(), speeds.end(), 0.0);
            for (std::size_t i = 0; i < speeds.size(); ++i)
                ASSERT_LE(std::fabs(static_cast<double>(rows[i]) - m * speeds[i] / total), 1.0)
                    << what << "device " << i << " got " << rows[i] << " rows, its proportion is "
                    << m * speeds[i] / total;
        }
    }
}

TEST(Exercise15Split, SubDevicesGiveTheSingleDeviceResult)
{
    const cl::Device& device = hoc::test::device();
    const DeviceSet set = hoc::test::run([&] { return subDevices(device, 2); });
    const bool canSplit = device.getInfo<CL_DEVICE_PARTITION_MAX_SUB_DEVICES>() >= 2 &&
                          device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>() >= 2;
    if (canSplit)
        EXPECT_EQ(set.devices.size(), 2u) << HOC_UNDER_TEST << ": this device can be split in two, but: " << set.note;
    else
        EXPECT_EQ(set.devices.size(), 1u) << "a device that cannot be split is used whole";
    EXPECT_EQ(set.note.empty(), set.devices.size() > 1) << "a note exactly when falling back: '" << set.note << "'";

    // Rectangular, M not a multiple of the work-group side.
    const hoc::matmul::Dims d{77, 45, 61};
    const auto a = hoc::randomFloats(d.m * d.k, 51, -1, 1), b = hoc::randomFloats(d.k * d.n, 52, -1, 1);
    const SplitResult whole = hoc::test::run([&] { return splitMatmul({device}, a, b, d); });
    const SplitResult split = hoc::test::run([&] { return splitMatmul(set.devices, a, b, d); });

    EXPECT_TRUE(hoc::test::correct(hoc::matmul::check(a, b, whole.c, d), "C = A * B on one device, " + d.text()));
    EXPECT_TRUE(hoc::test::correct(hoc::compare(std::vector<double>(whole.c.begin(), whole.c.end()), split.c),
                                   "C over " + std::to_string(set.devices.size()) + " sub-devices == C on one device"));
    ASSERT_EQ(whole.shares.size(), 1u);
    EXPECT_EQ(whole.shares[0].rows, d.m) << "one device computes every row";
    ASSERT_EQ(split.shares.size(), set.devices.size()) << HOC_UNDER_TEST << ": one share per device";
    std::size_t next = 0;
    for (const auto& s : split.shares) {
        EXPECT_EQ(s.first_row, next) << HOC_UNDER_TEST << ": the shares cover the rows in order, without gaps";
        EXPECT_GT(s.speed, 0.0) << "every device's speed is measured";
        if (s.rows > 0)
            EXPECT_GT(s.kernel_s, 0.0) << "a device with rows reports its kernel time";
        next = s.first_row + s.rows;
    }
    EXPECT_EQ(next, d.m);
}
