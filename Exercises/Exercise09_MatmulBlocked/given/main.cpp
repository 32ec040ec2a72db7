// Exercise 9: command line, inputs, check and report for the blocked kernel and its variants
// (hoc::matmul::programMain, hoc/matmul/main.hpp). The OpenCL work is in
// matmul_blocked.cpp, matmul_blocked_dynamic.cpp and matmul_image.cpp.
#include <algorithm>

#include "hoc/matmul/main.hpp"
#include "matmul_blocked.hpp"

int main(int argc, char** argv)
{
    long tile = 16;
    std::vector<std::string> keys;
    for (const auto& v : blockedVariants(1))
        keys.push_back(v.key);
    std::vector<std::string> chosen = keys;
    const auto options = [&](hoc::CommandLine& cli) {
        cli.option("--tile", tile, "Tile side: tile x tile work-groups, two tiles in local memory", 1, 1024);
        cli.listOption("--variants", chosen, "The kernels to run (default: all)", keys);
    };
    const auto runs = [&] {
        std::vector<hoc::matmul::ProgramRun> chosenRuns;
        for (const auto& variant : blockedVariants(static_cast<std::size_t>(tile)))
            if (std::find(chosen.begin(), chosen.end(), variant.key) != chosen.end())
                chosenRuns.push_back({variant.label, variant.run, variant.bytes});
        return chosenRuns;
    };
    return hoc::matmul::programMain(argc, argv, HOC_FOLDER, HOC_TITLE, options, runs);
}
