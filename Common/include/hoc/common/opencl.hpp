// The one place that configures the Khronos C++ bindings (CL/opencl.hpp) for the whole course.
//
// The slides use the older header and macro names; the modern equivalents are:
//   #include <CL/cl.hpp>              ->  #include <CL/opencl.hpp>
//   #define __CL_ENABLE_EXCEPTIONS    ->  #define CL_HPP_ENABLE_EXCEPTIONS
//   cl::make_kernel<...>              ->  cl::KernelFunctor<...>
#pragma once

#ifndef CL_HPP_TARGET_OPENCL_VERSION
#define CL_HPP_TARGET_OPENCL_VERSION 120
#endif
#ifndef CL_HPP_MINIMUM_OPENCL_VERSION
#define CL_HPP_MINIMUM_OPENCL_VERSION 120
#endif
#ifndef CL_HPP_ENABLE_EXCEPTIONS
#define CL_HPP_ENABLE_EXCEPTIONS
#endif

#include <CL/opencl.hpp>
