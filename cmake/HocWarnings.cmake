# Compiler warnings for every target of the course (libraries, exercises, solutions, tests, tools):
# -Wall -Wextra -Wpedantic, always shown. HOC_WERROR turns them into errors.
#
# Its default: ON in CI (the environment variable CI is set), so a warning fails CI, and ON with the
# compilers the project is built with and kept warning-free (HOC_WERROR_COMPILERS), so a developer
# sees a new warning as CI will. OFF with any other compiler: a newer GCC or Clang adds warnings, and
# a student's build must not stop on a warning in code they did not write on a compiler the course
# was not tested with; the warnings are still printed. Either way -DHOC_WERROR=ON or OFF decides.
set(HOC_WERROR_COMPILERS "GNU-12" CACHE STRING
    "Compilers (ID-major version, ;-separated) whose builds are warning-free: HOC_WERROR defaults to ON with them")
set(hoc_compiler "${CMAKE_CXX_COMPILER_ID}-${CMAKE_CXX_COMPILER_VERSION}")
string(REGEX REPLACE "^([^-]+-[0-9]+).*" "\\1" hoc_compiler "${hoc_compiler}")
if(DEFINED ENV{CI} OR hoc_compiler IN_LIST HOC_WERROR_COMPILERS)
  set(hoc_werror_default ON)
else()
  set(hoc_werror_default OFF)
endif()
option(HOC_WERROR "Treat compiler warnings as errors" ${hoc_werror_default})
if(NOT HOC_WERROR AND NOT hoc_werror_default)
  message(STATUS "Compiler warnings are shown, not errors: ${hoc_compiler} is not among the compilers the course "
                 "is kept warning-free with (${HOC_WERROR_COMPILERS}); -DHOC_WERROR=ON makes them errors")
endif()
if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
  add_compile_options(-Wall -Wextra -Wpedantic $<$<BOOL:${HOC_WERROR}>:-Werror>)
endif()
