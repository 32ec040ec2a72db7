# Compiler warnings for every target of the course (libraries, exercises, solutions, tests, tools):
# -Wall -Wextra -Wpedantic, always shown. HOC_WERROR turns them into errors.
#
# Its default: ON in CI (the environment variable CI is set), so a warning in the course's code fails
# CI; OFF elsewhere, where the warnings are printed: a student's build must not stop on an unused
# variable in code they are still writing, nor on a warning a newer compiler adds to code they did not
# write. -DHOC_WERROR=ON gives a developer CI's build.
if(DEFINED ENV{CI})
  set(hoc_werror_default ON)
else()
  set(hoc_werror_default OFF)
endif()
option(HOC_WERROR "Treat compiler warnings as errors" ${hoc_werror_default})
if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
  add_compile_options(-Wall -Wextra -Wpedantic $<$<BOOL:${HOC_WERROR}>:-Werror>)
endif()
