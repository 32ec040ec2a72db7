// The names of an enum's values as one table, instead of a switch per name in every exercise that
// lists its kernels or modes (Exercises 12, 16, 17, 18, 20, 21):
//
//   std::string kernelName(TransposeKernel kernel)
//   {
//       static const hoc::Names<TransposeKernel> names{{TransposeKernel::Naive, "transpose_naive"},
//                                                      {TransposeKernel::Tiled, "transpose_tiled"}};
//       return names(kernel);
//   }
//
// A value the table leaves out is a mistake in the program, not in its input: hoc::Failure naming
// the value (exit status 3), never an empty or made-up name.
#pragma once

#include <algorithm>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "hoc/common/errors.hpp"

namespace hoc {

template <typename Enum> class Names {
public:
    Names(std::initializer_list<std::pair<Enum, std::string>> names) : names_(names) {}

    const std::string& operator()(Enum value) const
    {
        for (const auto& [key, name] : names_)
            if (key == value)
                return name;
        throw Failure("no name for value " + std::to_string(static_cast<long long>(value)) + " of an enum");
    }

private:
    std::vector<std::pair<Enum, std::string>> names_;
};

// The name `nameOf` gives each of `values`, in their order: a --kernels option's choices, a table's
// columns.
template <typename Enum, typename NameOf>
std::vector<std::string> namesOf(const std::vector<Enum>& values, NameOf nameOf)
{
    std::vector<std::string> names;
    for (const Enum value : values)
        names.push_back(nameOf(value));
    return names;
}

// The values of `all` whose name (`nameOf`) is one of `chosen` (a --kernels option's words), in the
// order of `all`, whatever the order of `chosen`.
template <typename Enum, typename NameOf>
std::vector<Enum> chosenOf(const std::vector<Enum>& all, const std::vector<std::string>& chosen, NameOf nameOf)
{
    std::vector<Enum> values;
    for (const Enum value : all)
        if (std::find(chosen.begin(), chosen.end(), nameOf(value)) != chosen.end())
            values.push_back(value);
    return values;
}

}  // namespace hoc
