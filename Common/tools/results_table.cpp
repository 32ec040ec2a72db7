// hoc-results FILE...: one row per result in the JSON files written by the course programs
// (--json), printed as a Markdown table in the order given. A file that is missing or unreadable
// is a row that says so. Exit status 1 when any result is wrong or missing.
#include <cstdio>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

namespace {

std::string fixed(double value, int digits)
{
    std::ostringstream s;
    s << std::fixed << std::setprecision(digits) << value;
    return s.str();
}

std::string timeText(double seconds)
{
    if (seconds <= 0)
        return "";
    if (seconds < 1e-3)
        return fixed(seconds * 1e6, 1) + " us";
    if (seconds < 1)
        return fixed(seconds * 1e3, 3) + " ms";
    return fixed(seconds, 3) + " s";
}

}  // namespace

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::cerr << "usage: hoc-results RESULT.json...\n";
        return 2;
    }
    bool allGood = true;
    std::cout << "| exercise | result | device | correct | time | rate |\n";
    std::cout << "|---|---|---|---|---|---|\n";
    for (int i = 1; i < argc; ++i) {
        std::ifstream in(argv[i]);
        nlohmann::json doc;
        try {
            in >> doc;
        } catch (const std::exception&) {
            std::string name = argv[i];
            name = name.substr(name.find_last_of('/') + 1);
            std::cout << "| " << name << " | (no results: the program failed) | | no | | |\n";
            allGood = false;
            continue;
        }
        const std::string exercise = doc.value("exercise", "?");
        const std::string device = doc["device"].value("name", "") + " (" + doc["device"].value("type", "") + ")";
        if (doc["results"].empty()) {
            std::cout << "| " << exercise << " | (no results) | " << device << " | no | | |\n";
            allGood = false;
        }
        for (const auto& r : doc["results"]) {
            const bool correct = r.value("correct", false);
            allGood = allGood && correct;
            std::string what = r.value("name", "");
            if (!r.value("size", "").empty())
                what += ", " + r.value("size", "");
            const double rate = r.value("rate", 0.0);
            std::cout << "| " << exercise << " | " << what << " | " << device << " | " << (correct ? "yes" : "NO")
                      << " | " << timeText(r.value("seconds", 0.0)) << " | "
                      << (rate > 0 ? fixed(rate, rate >= 100 ? 1 : 3) + " " + r.value("unit", "") : "") << " |\n";
        }
    }
    return allGood ? 0 : 1;
}
