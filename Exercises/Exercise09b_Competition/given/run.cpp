#include "run.hpp"

#include <iostream>

#include "hoc/matmul/matmul.hpp"

Variant chooseVariant(const cl::Device& device, const std::optional<Variant>& given, hoc::matmul::Dims d,
                      const std::string& cache, bool retune, bool noTune)
{
    const auto variants = sgemmVariants(device);
    Variant variant = variants.front();
    if (given) {
        variant = *given;
    } else if (!noTune) {
        const auto tuned = tuneSgemm(device, variants, tuningSize(device, d), cache, retune, &std::cout);
        std::cout << tuned.note << "\n";
        variant = tuned.best;
    }
    std::cout << "Variant: " << variant.text() << "\n";
    return variant;
}

hoc::Extra globalTraffic(const Variant& variant, hoc::matmul::Dims d)
{
    hoc::Extra traffic;
    const bool panel = variant.kernel == "sgemm_panel", local = variant.kernel == "sgemm_local";
    if (panel || local || variant.kernel == "sgemm_tiles") {
        const int blockM = local ? variant.at("TS") : panel ? variant.at("RM") : variant.at("BM");
        const int blockN = local ? variant.at("TS") : panel ? variant.at("NV") * variant.at("VW") : variant.at("BN");
        traffic.emplace_back(
            "bytes", hoc::matmul::bytesTiled(d, static_cast<std::size_t>(blockM), static_cast<std::size_t>(blockN)));
    }
    return traffic;
}
