#include "devices.hpp"

#include <cstdio>
#include <iostream>

#include "hoc/common/device.hpp"

std::vector<cl::Device> chooseDevices(const cl::Device& device, const std::string& split, std::size_t parts)
{
    std::vector<cl::Device> devices;
    if (split == "subdevices") {
        DeviceSet set = subDevices(device, parts);
        if (!set.note.empty())
            std::cout << "note: " << set.note << "\n";
        devices = std::move(set.devices);
    } else if (split == "platform") {
        cl::Platform(device.getInfo<CL_DEVICE_PLATFORM>()).getDevices(CL_DEVICE_TYPE_ALL, &devices);
    } else if (split == "all") {
        for (const auto& entry : hoc::allDevices())
            devices.push_back(entry.device);
    } else {
        devices = {device};
    }
    std::cout << "Splitting over " << devices.size() << (devices.size() == 1 ? " device\n" : " devices\n");
    return devices;
}

void printShares(const SplitResult& r, const std::vector<cl::Device>& devices, const hoc::matmul::Dims& d)
{
    std::printf("  %-3s %13s %7s %15s %11s %11s   %s\n", "#", "rows of C", "share", "speed (rows/s)", "kernel ms",
                "busy ms", "device");
    for (std::size_t i = 0; i < r.shares.size(); ++i) {
        const auto& s = r.shares[i];
        const std::string range = s.rows ? std::to_string(s.first_row) + "-" + std::to_string(s.first_row + s.rows - 1)
                                         : "none";
        const std::string what = s.device + hoc::subDeviceNote(devices[i]);
        std::printf("  %-3zu %13s %6.1f%% %15.1f %11.3f %11.3f   %s\n", i, range.c_str(),
                    100.0 * static_cast<double>(s.rows) / static_cast<double>(d.m), s.speed, s.kernel_s * 1e3,
                    s.busy_s * 1e3, what.c_str());
    }
}
