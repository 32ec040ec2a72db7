// hoc-results [--html FILE] RESULT.json...: the results table from JSON files the course programs
// wrote (--json), in the order given, devices side by side (the same table hoc-runner prints; a file
// from hoc-roofline gives its device's roofs). A missing or unreadable file is a failure the table
// lists, and so is one that says its program did not finish ("finished": false; its results are
// shown). --html also writes the instructor's page (results.html) from them: the page of a run made
// elsewhere, or made again after the page changed, without running anything.
// Exit status 1 when a result is wrong or a file is missing, 2 for a bad command line (a --html path
// that is not a page or an empty file is one, and so is a --chartjs that is not a build of Chart.js)
// or a results file with a field of the wrong type ("rate": "fast"; the message names the field),
// 3 when the page cannot be written.
#include <CLI/CLI.hpp>
#include <iostream>

#include "hoc/common/errors.hpp"
#include "hoc/common/files.hpp"
#include "hoc/tools/html.hpp"
#include "hoc/tools/results.hpp"
#include "hoc/tools/writers.hpp"

int main(int argc, char** argv)
{
    CLI::App app("hoc-results: the results table (and page) from the JSON files the course programs wrote");
    std::vector<std::string> files;
    std::string page, chartJs;
    app.add_option("files", files, "RESULT.json files (--json of the programs, hoc-runner's json/ folder)")->required();
    app.add_option("--html", page, "Also write the instructor's page to this file (e.g. results.html)");
    app.add_option("--chartjs", chartJs, "Chart.js for the page (default: Debian's libjs-chart.js)");
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return app.exit(e) == 0 ? 0 : 2;
    }

    // Only an empty file or a page (ours or another) is replaced: never a source file named by mistake.
    const hoc::Replaceable aPage = [](const std::string& text) {
        return text.find_first_not_of(" \t\r\n") == std::string::npos || text.find("<html") < 512;
    };
    std::string chartJsText;
    if (!page.empty()) {
        try {
            hoc::checkWritable(page, "--html", aPage);
            chartJsText = hoc::tools::readChartJs(chartJs);  // only a build of Chart.js goes into the page
        } catch (const std::exception& e) {
            std::cerr << "error: " << e.what() << "\n";
            return 2;
        }
    }

    // A file with a field of the wrong type is the user's input, named before anything is written.
    for (const auto& file : files) {
        nlohmann::json doc;
        hoc::tools::ResultFileState state{};
        const std::string problem = hoc::tools::readResultFile(file, doc, &state);
        if (state == hoc::tools::ResultFileState::WrongType) {
            std::cerr << "error: " << problem << "\n";
            return 2;
        }
    }
    std::vector<hoc::tools::Run> runs;
    for (const auto& file : files)
        runs.push_back(hoc::tools::runFromFile(file));
    const auto table = hoc::tools::buildTable(runs);
    std::cout << hoc::tools::markdown(table);
    if (!page.empty()) {
        try {
            const nlohmann::json run = {{"command", std::vector<std::string>(argv, argv + argc)},
                                        {"files", files.size()}};
            hoc::writeFile(page, hoc::tools::html(table, run, chartJsText), "--html", aPage);
        } catch (const std::exception& e) {
            std::cerr << "error: " << e.what() << "\n";
            return 3;
        }
        std::cout << "\nThe page: " << page << "\n";
    }
    return table.allGood() ? 0 : 1;
}
