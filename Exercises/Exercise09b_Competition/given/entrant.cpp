// Exercise 9b's entry in the race (Competition/ races it against the BLAS libraries): this room's
// Sgemm, its variants and its tuner, behind the interface of hoc/matmul/contender.hpp.
#include <memory>

#include "hoc/matmul/contender.hpp"
#include "sgemm.hpp"

namespace {

class SgemmEntrant : public hoc::matmul::Entrant {
public:
    std::vector<Variant> variants(const cl::Device& device, bool quick) const override
    {
        return sgemmVariants(device, quick);
    }
    std::unique_ptr<hoc::matmul::Contender> contender(const cl::Device& device, const Variant& variant) const override
    {
        return std::make_unique<Sgemm>(device, variant);
    }
    hoc::tuning::Outcome tune(const cl::Device& device, const std::vector<Variant>& variants, hoc::matmul::Dims d,
                              const std::string& cacheFile, bool force, std::ostream* log) const override
    {
        return tuneSgemm(device, variants, d, cacheFile, force, log);
    }
    hoc::matmul::Dims tuningSize(const cl::Device& device, hoc::matmul::Dims d) const override
    {
        return ::tuningSize(device, d);
    }
    std::string source() const override { return Sgemm::source(); }
};

}  // namespace

const hoc::matmul::Entrant& hoc::matmul::entrant()
{
    static const SgemmEntrant entrant;
    return entrant;
}
