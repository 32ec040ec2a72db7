# Finds what the course needs; each missing piece stops configure with the Debian package to install.
# (script/bootstrap installs all of them.)

function(hoc_missing what package)
  message(FATAL_ERROR "${what} not found. Install it with: sudo apt-get install ${package}  "
                      "(or run script/bootstrap, which installs everything the course needs)")
endfunction()

# The ICD loader: Khronos OpenCL-ICD-Loader when its CMake package is installed, else the system's.
# Its OpenCL::OpenCL links OpenCL::Headers without finding that target itself: the Khronos headers'
# package (OpenCLHeaders, from opencl-c-headers on Debian) must be found first, as Khronos documents.
find_package(OpenCLHeaders CONFIG QUIET)
if(TARGET OpenCL::Headers)
  find_package(OpenCLICDLoader CONFIG QUIET)
endif()
if(TARGET OpenCL::OpenCL)
  message(STATUS "OpenCL loader: Khronos OpenCL-ICD-Loader (${OpenCLICDLoader_DIR})")
else()
  find_package(OpenCL QUIET)
  if(NOT OpenCL_FOUND)
    if(NOT OpenCL_INCLUDE_DIR)
      hoc_missing("The OpenCL C headers (CL/cl.h)" "opencl-c-headers")
    endif()
    hoc_missing("The OpenCL ICD loader (libOpenCL.so)" "ocl-icd-opencl-dev")
  endif()
  message(STATUS "OpenCL loader: ${OpenCL_LIBRARY}")
endif()

find_path(HOC_CLHPP_INCLUDE_DIR CL/opencl.hpp HINTS ${OpenCL_INCLUDE_DIR})
if(NOT HOC_CLHPP_INCLUDE_DIR)
  hoc_missing("The OpenCL C++ bindings (CL/opencl.hpp)" "opencl-clhpp-headers")
endif()

find_package(CLI11 CONFIG QUIET)
if(NOT TARGET CLI11::CLI11)
  hoc_missing("CLI11 (command-line parsing)" "libcli11-dev")
endif()

find_package(nlohmann_json 3 CONFIG QUIET)
if(NOT TARGET nlohmann_json::nlohmann_json)
  hoc_missing("nlohmann/json" "nlohmann-json3-dev")
endif()

if(HOC_BUILD_TESTS)
  find_package(GTest QUIET)
  if(NOT TARGET GTest::gtest_main)
    hoc_missing("GoogleTest" "googletest libgtest-dev")
  endif()
  include(GoogleTest)
endif()

# The instructor's tools (Tools/): libcsv writes the CSV results (results.html takes Chart.js from
# Debian's libjs-chart.js at run time, so it is no build dependency).
# The static library is preferred, so hoc-runner can be copied to a machine without it.
find_path(HOC_CSV_INCLUDE_DIR csv.h)
find_library(HOC_CSV_LIBRARY NAMES libcsv.a csv)
if(NOT HOC_CSV_INCLUDE_DIR OR NOT HOC_CSV_LIBRARY)
  hoc_missing("libcsv (writes the CSV results)" "libcsv-dev")
endif()
add_library(hoc::csv UNKNOWN IMPORTED)
set_target_properties(hoc::csv PROPERTIES IMPORTED_LOCATION "${HOC_CSV_LIBRARY}"
                                          INTERFACE_INCLUDE_DIRECTORIES "${HOC_CSV_INCLUDE_DIR}")

# The optional packages as this configure sees them, one view for the build and the tools: each is
# probed by the programs it installs, its state kept in the cache (HOC_INSTALLED_<name>) and written to
# build/installed.txt ("name<TAB>found|missing<TAB>programs"). When a probe differs from the last
# configure's (Open MPI installed since, oclgrind removed), the cached results of its search
# (`forget`: regular expressions of cache variables) are dropped, so that it is looked for again and
# the build, its tests and build/course.txt follow; script/check compares installed.txt with the
# machine before it builds and configures again when they differ.
#   hoc_installed(name "forget regex" program...)
set(HOC_INSTALLED_LINES "")
function(hoc_installed name forget)
  set(state found)
  foreach(program IN LISTS ARGN)
    find_program(_hoc_probe ${program} NO_CACHE)
    if(NOT _hoc_probe)
      set(state missing)
    endif()
    unset(_hoc_probe)
  endforeach()
  if(DEFINED HOC_INSTALLED_${name} AND NOT HOC_INSTALLED_${name} STREQUAL state)
    message(STATUS "${name}: ${state} since the last configure (${ARGN}): looked for again")
    get_cmake_property(cached CACHE_VARIABLES)
    foreach(variable IN LISTS cached)
      if(variable MATCHES "${forget}")
        unset(${variable} CACHE)
      endif()
    endforeach()
  endif()
  set(HOC_INSTALLED_${name} ${state} CACHE INTERNAL "${name} as the last configure saw it (hoc_installed)")
  list(JOIN ARGN " " programs)
  set(HOC_INSTALLED_LINES "${HOC_INSTALLED_LINES}${name}\t${state}\t${programs}\n" PARENT_SCOPE)
endfunction()
hoc_installed(mpi "^MPI_|^MPIEXEC_|^HOC_MPI" mpicxx mpiexec)
hoc_installed(oclgrind "^HOC_OCLGRIND$|^HOC_OCLGRIND_KERNEL$" oclgrind oclgrind-kernel)
file(WRITE "${CMAKE_BINARY_DIR}/installed.txt" "${HOC_INSTALLED_LINES}")

# MPI, for Exercise 15b only (one computation over several processes and machines): Open MPI from
# Debian (libopenmpi-dev for the compiler wrapper and library, openmpi-bin for mpirun). Optional:
# without it the rest of the course builds and Exercise 15b is left out, as the line below says.
# The program uses MPI's C functions (the C++ bindings were removed from the MPI standard in 3.0):
# MPI_CXX_SKIP_MPICXX leaves Open MPI's libmpi_cxx out.
set(MPI_CXX_SKIP_MPICXX ON)
find_package(MPI COMPONENTS CXX QUIET)
if(MPI_CXX_FOUND AND MPIEXEC_EXECUTABLE)
  set(HOC_MPI ON)
  message(STATUS "MPI: ${MPIEXEC_EXECUTABLE} (MPI ${MPI_CXX_VERSION}): Exercise 15b_Mpi is built and tested")
else()
  set(HOC_MPI OFF)
  message(STATUS "MPI not found: Exercise 15b_Mpi is left out "
                 "(install it with: sudo apt-get install libopenmpi-dev openmpi-bin)")
endif()
# The options an exercise of course.json can need (its "needs"), each decided above.
set(HOC_MANIFEST_NEEDS HOC_MPI)
