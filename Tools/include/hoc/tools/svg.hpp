// A small SVG writer for the runner's charts. The document is built with pugixml (Debian's
// libpugixml-dev), so every attribute and text is escaped and the output is well-formed XML.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace hoc::tools {

struct TextStyle {
    double size = 12;
    std::string anchor = "start";  // "start", "middle", "end"
    double rotate = 0;             // degrees, about the text's anchor point
    std::string fill = "#222222";
    bool bold = false;
};

class Svg {
public:
    Svg(double width, double height, const std::string& title);
    ~Svg();
    Svg(const Svg&) = delete;
    Svg& operator=(const Svg&) = delete;

    void rect(double x, double y, double w, double h, const std::string& fill, const std::string& stroke = "none");
    void line(double x1, double y1, double x2, double y2, const std::string& stroke, double width = 1,
              const std::string& dash = "");
    void polyline(const std::vector<std::pair<double, double>>& points, const std::string& stroke, double width = 2,
                  const std::string& dash = "");
    // A filled marker; `tooltip` becomes its <title> (shown when the pointer rests on it).
    void circle(double cx, double cy, double r, const std::string& fill, const std::string& tooltip = "");
    // An X marker (a wrong result).
    void cross(double cx, double cy, double r, const std::string& stroke, const std::string& tooltip = "");
    void text(double x, double y, const std::string& text, const TextStyle& style = {});

    std::string str() const;

private:
    struct Document;
    std::unique_ptr<Document> doc_;
};

// A logarithmic axis from decade `lo` to decade `hi` drawn from pixel `from` to pixel `to`.
struct LogAxis {
    double lo = 1, hi = 10;
    double from = 0, to = 1;

    // The decades around [minValue, maxValue] (both > 0); at least one decade.
    static LogAxis covering(double minValue, double maxValue, double from, double to);
    double operator()(double value) const;  // pixel of `value`
    std::vector<double> decades() const;    // lo, 10 lo, ..., hi
};

// 0.001 -> "0.001", 1 -> "1", 1000 -> "1k", 1e7 -> "10M", 1e-5 -> "1e-5".
std::string decadeLabel(double decade);

}  // namespace hoc::tools
