// hoc-results FILE...: the results table from JSON files the course programs wrote (--json), in
// the order given, devices side by side (the same table hoc-runner prints; a file from hoc-roofline
// gives its device's roofs). A missing or unreadable file is a failure the table lists.
// Exit status 1 when a result is wrong or a file is missing, 2 without files.
#include <iostream>

#include "hoc/tools/results.hpp"
#include "hoc/tools/writers.hpp"

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::cerr << "usage: hoc-results RESULT.json...\n";
        return 2;
    }
    std::vector<hoc::tools::Run> runs;
    for (int i = 1; i < argc; ++i)
        runs.push_back(hoc::tools::runFromFile(argv[i]));
    const auto table = hoc::tools::buildTable(runs);
    std::cout << hoc::tools::markdown(table);
    return table.allGood() ? 0 : 1;
}
