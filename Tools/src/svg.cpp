#include "hoc/tools/svg.hpp"

#include <cmath>
#include <cstdio>
#include <pugixml.hpp>
#include <sstream>

namespace hoc::tools {

struct Svg::Document {
    pugi::xml_document xml;
    pugi::xml_node root;
};

namespace {

std::string number(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", value);
    return text;
}

}  // namespace

Svg::Svg(double width, double height, const std::string& title) : doc_(std::make_unique<Document>())
{
    auto declaration = doc_->xml.append_child(pugi::node_declaration);
    declaration.append_attribute("version") = "1.0";
    declaration.append_attribute("encoding") = "UTF-8";
    doc_->root = doc_->xml.append_child("svg");
    doc_->root.append_attribute("xmlns") = "http://www.w3.org/2000/svg";
    doc_->root.append_attribute("width") = number(width).c_str();
    doc_->root.append_attribute("height") = number(height).c_str();
    doc_->root.append_attribute("viewBox") = ("0 0 " + number(width) + " " + number(height)).c_str();
    doc_->root.append_attribute("font-family") = "DejaVu Sans, Arial, Helvetica, sans-serif";
    doc_->root.append_child("title").text() = title.c_str();
    rect(0, 0, width, height, "#ffffff");
}

Svg::~Svg() = default;

void Svg::rect(double x, double y, double w, double h, const std::string& fill, const std::string& stroke)
{
    auto n = doc_->root.append_child("rect");
    n.append_attribute("x") = number(x).c_str();
    n.append_attribute("y") = number(y).c_str();
    n.append_attribute("width") = number(w).c_str();
    n.append_attribute("height") = number(h).c_str();
    n.append_attribute("fill") = fill.c_str();
    n.append_attribute("stroke") = stroke.c_str();
}

void Svg::line(double x1, double y1, double x2, double y2, const std::string& stroke, double width,
               const std::string& dash)
{
    auto n = doc_->root.append_child("line");
    n.append_attribute("x1") = number(x1).c_str();
    n.append_attribute("y1") = number(y1).c_str();
    n.append_attribute("x2") = number(x2).c_str();
    n.append_attribute("y2") = number(y2).c_str();
    n.append_attribute("stroke") = stroke.c_str();
    n.append_attribute("stroke-width") = number(width).c_str();
    if (!dash.empty())
        n.append_attribute("stroke-dasharray") = dash.c_str();
}

void Svg::polyline(const std::vector<std::pair<double, double>>& points, const std::string& stroke, double width,
                   const std::string& dash)
{
    std::string list;
    for (const auto& [x, y] : points)
        list += (list.empty() ? "" : " ") + number(x) + "," + number(y);
    auto n = doc_->root.append_child("polyline");
    n.append_attribute("points") = list.c_str();
    n.append_attribute("fill") = "none";
    n.append_attribute("stroke") = stroke.c_str();
    n.append_attribute("stroke-width") = number(width).c_str();
    n.append_attribute("stroke-linejoin") = "round";
    if (!dash.empty())
        n.append_attribute("stroke-dasharray") = dash.c_str();
}

void Svg::circle(double cx, double cy, double r, const std::string& fill, const std::string& tooltip)
{
    auto n = doc_->root.append_child("circle");
    n.append_attribute("cx") = number(cx).c_str();
    n.append_attribute("cy") = number(cy).c_str();
    n.append_attribute("r") = number(r).c_str();
    n.append_attribute("fill") = fill.c_str();
    n.append_attribute("stroke") = "#ffffff";
    n.append_attribute("stroke-width") = "1";
    if (!tooltip.empty())
        n.append_child("title").text() = tooltip.c_str();
}

void Svg::cross(double cx, double cy, double r, const std::string& stroke, const std::string& tooltip)
{
    auto g = doc_->root.append_child("g");
    g.append_attribute("stroke") = stroke.c_str();
    g.append_attribute("stroke-width") = "2.5";
    for (int sign : {1, -1}) {
        auto n = g.append_child("line");
        n.append_attribute("x1") = number(cx - r).c_str();
        n.append_attribute("y1") = number(cy - sign * r).c_str();
        n.append_attribute("x2") = number(cx + r).c_str();
        n.append_attribute("y2") = number(cy + sign * r).c_str();
    }
    if (!tooltip.empty())
        g.append_child("title").text() = tooltip.c_str();
}

void Svg::text(double x, double y, const std::string& text, const TextStyle& style)
{
    auto n = doc_->root.append_child("text");
    n.append_attribute("x") = number(x).c_str();
    n.append_attribute("y") = number(y).c_str();
    n.append_attribute("font-size") = number(style.size).c_str();
    n.append_attribute("text-anchor") = style.anchor.c_str();
    n.append_attribute("fill") = style.fill.c_str();
    if (style.bold)
        n.append_attribute("font-weight") = "bold";
    if (style.rotate != 0)
        n.append_attribute("transform") =
            ("rotate(" + number(style.rotate) + " " + number(x) + " " + number(y) + ")").c_str();
    n.text() = text.c_str();
}

std::string Svg::str() const
{
    std::ostringstream out;
    doc_->xml.save(out, "  ", pugi::format_indent, pugi::encoding_utf8);
    return out.str();
}

LogAxis LogAxis::covering(double minValue, double maxValue, double from, double to)
{
    LogAxis axis;
    axis.lo = std::pow(10.0, std::floor(std::log10(minValue)));
    axis.hi = std::pow(10.0, std::ceil(std::log10(maxValue)));
    if (axis.hi <= axis.lo)
        axis.hi = axis.lo * 10;
    axis.from = from;
    axis.to = to;
    return axis;
}

double LogAxis::operator()(double value) const
{
    const double t = (std::log10(value) - std::log10(lo)) / (std::log10(hi) - std::log10(lo));
    return from + t * (to - from);
}

std::vector<double> LogAxis::decades() const
{
    std::vector<double> result;
    const int first = static_cast<int>(std::lround(std::log10(lo)));
    const int last = static_cast<int>(std::lround(std::log10(hi)));
    for (int e = first; e <= last; ++e)
        result.push_back(std::pow(10.0, e));
    return result;
}

std::string decadeLabel(double decade)
{
    const int e = static_cast<int>(std::lround(std::log10(decade)));
    static const char* kSuffix[] = {"", "k", "M", "G", "T", "P"};
    if (e >= 0 && e < 18)
        return std::string(e % 3 == 0 ? "1" : e % 3 == 1 ? "10" : "100") + kSuffix[e / 3];
    if (e < 0 && e >= -4) {
        std::string text = "0.";
        for (int i = -1; i > e; --i)
            text += '0';
        return text + "1";
    }
    char text[16];
    std::snprintf(text, sizeof text, "1e%+d", e);
    return text;
}

}  // namespace hoc::tools
