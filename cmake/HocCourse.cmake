# How an exercise or solution folder becomes a library (the lesson, which tests call) and a
# program (main.cpp, a thin wrapper). A folder's CMakeLists.txt is the same in Exercises/ and
# Solutions/:
#
#   hoc_folder(PROGRAM vadd SOURCES vadd.cpp RUN_ARGS --size 1048576)
#
# Solutions find their kernels in Kernels/; exercises in their own folder (plus the folders of
# KERNELS_FROM, e.g. Exercise 05 uses the kernel the student wrote in Exercise 04).

# One precompiled header (the C++ bindings and the standard headers every program uses), built once
# and reused by every course target: CL/opencl.hpp alone costs seconds per file to parse.
option(HOC_PCH "Precompile CL/opencl.hpp once for all course targets" ON)
function(hoc_use_pch target)
  if(HOC_PCH AND TARGET hoc_pch)
    target_precompile_headers(${target} REUSE_FROM hoc_pch)
  endif()
endfunction()

function(_hoc_kind out_kind)
  get_filename_component(parent "${CMAKE_CURRENT_SOURCE_DIR}" DIRECTORY)
  get_filename_component(parent "${parent}" NAME)
  if(parent STREQUAL "Solutions")
    set(${out_kind} solution PARENT_SCOPE)
  elseif(parent STREQUAL "Exercises")
    set(${out_kind} exercise PARENT_SCOPE)
  else()
    message(FATAL_ERROR "hoc_folder() is for folders in Exercises/ or Solutions/, not ${CMAKE_CURRENT_SOURCE_DIR}")
  endif()
endfunction()

# What the reliability tests (tests/reliability/) need to know about a solution program; the same
# keywords in hoc_folder() and hoc_program(), ignored for exercises:
#   CHECK_ARGS arg...         a tiny run (sizes that are no multiple of a work-group, e.g. 100 or
#                             1000): oclgrind runs it with its checks on, and the missing-kernel and
#                             broken-kernel tests start from it. Every program with a kernel gives it.
#                             Several runs (e.g. one per kernel design) are separated by THEN:
#                             CHECK_ARGS --design simple --steps 1000 THEN --design tree --steps 1000
#                             A run that starts with NO_UNINITIALIZED is checked without oclgrind's
#                             uninitialized-value check, for kernels it cannot follow (image reads,
#                             strided async copies, LLVM's freeze instruction); every other check
#                             stays on.
#   SIZE_OPTIONS opt...       options that take a size or count: each is given abc, -5, 0 and 10^30.
#   OVERSIZE_ARGS arg...      arguments that need more than 1 MiB of device memory: run on an oclgrind
#                             device with 1 MiB, the program must stop and name the limit.
#   WORKGROUP_OPTIONS opt...  options that take a work-group size or tile side: 32 on a device that
#                             allows 16 work-items must be refused naming the limit; 3 (dividing no
#                             CHECK_ARGS size) must give a correct result or a clear refusal.
#   LOCAL_MEMORY_ARGS arg...  arguments whose run needs more than 256 bytes of local memory: on an
#                             oclgrind device with 256 bytes the program must stop and name the limit.
#   HOST_ONLY                 the program uses no OpenCL at all (a serial reference program): it is
#                             not expected to fail on a machine without OpenCL.
# Every solution program, with or without these, is also tested for an unknown flag, --device and
# --platform that match nothing, and (unless HOST_ONLY) a machine with no OpenCL platform.
set(HOC_CHECK_KEYWORDS CHECK_ARGS SIZE_OPTIONS OVERSIZE_ARGS WORKGROUP_OPTIONS LOCAL_MEMORY_ARGS)
set(HOC_CHECK_FLAGS HOST_ONLY)

# hoc_folder(PROGRAM name [MAIN main.cpp] SOURCES lesson.cpp... [KERNELS_FROM folder...]
#            [LIBRARIES target...] [RUN_ARGS arg...] [QUICK_ARGS arg...] [NO_RUN] [CHECK_ARGS ...]...)
function(hoc_folder)
  cmake_parse_arguments(ARG "NO_RUN;${HOC_CHECK_FLAGS}" "PROGRAM;MAIN" "SOURCES;KERNELS_FROM;LIBRARIES;RUN_ARGS;QUICK_ARGS;${HOC_CHECK_KEYWORDS}" ${ARGN})
  get_filename_component(folder "${CMAKE_CURRENT_SOURCE_DIR}" NAME)
  _hoc_kind(kind)
  if(NOT ARG_MAIN)
    set(ARG_MAIN main.cpp)
  endif()

  if(kind STREQUAL "solution")
    set(kernel_dirs "${PROJECT_SOURCE_DIR}/Kernels")
  else()
    set(kernel_dirs "${CMAKE_CURRENT_SOURCE_DIR}")
    foreach(other IN LISTS ARG_KERNELS_FROM)
      string(APPEND kernel_dirs ":${PROJECT_SOURCE_DIR}/Exercises/${other}")
    endforeach()
  endif()

  set_property(DIRECTORY PROPERTY HOC_KERNEL_DIRS "${kernel_dirs}")

  set(lib ${folder}_${kind})
  add_library(${lib} STATIC ${ARG_SOURCES})
  target_include_directories(${lib} PUBLIC "${CMAKE_CURRENT_SOURCE_DIR}")
  target_link_libraries(${lib} PUBLIC hoc::common ${ARG_LIBRARIES})
  target_compile_definitions(${lib} PRIVATE "HOC_KERNEL_DIRS=\"${kernel_dirs}\"")
  hoc_use_pch(${lib})

  if(ARG_PROGRAM)
    set(no_run "")
    if(ARG_NO_RUN)
      set(no_run NO_RUN)
    endif()
    set(checks "")
    foreach(keyword IN LISTS HOC_CHECK_KEYWORDS)
      list(APPEND checks ${keyword} ${ARG_${keyword}})
    endforeach()
    foreach(flag IN LISTS HOC_CHECK_FLAGS)
      if(ARG_${flag})
        list(APPEND checks ${flag})
      endif()
    endforeach()
    hoc_program(PROGRAM ${ARG_PROGRAM} MAIN ${ARG_MAIN} RUN_ARGS ${ARG_RUN_ARGS} QUICK_ARGS ${ARG_QUICK_ARGS} ${no_run}
                ${checks})
  endif()
endfunction()

# A further program in the same folder, linked with the folder's library:
#   hoc_program(PROGRAM pi_serial MAIN pi_serial.cpp [USES folder...] [RUN_ARGS ...] [QUICK_ARGS ...] [NO_RUN]
#               [CHECK_ARGS ...]...)
# USES links the libraries of other folders of the same kind (solutions with solutions, exercises
# with exercises): Exercise 09's matmul_table runs the host code of Exercises 05-08.
function(hoc_program)
  cmake_parse_arguments(ARG "NO_RUN;${HOC_CHECK_FLAGS}" "PROGRAM;MAIN" "USES;RUN_ARGS;QUICK_ARGS;${HOC_CHECK_KEYWORDS}" ${ARGN})
  get_filename_component(folder "${CMAKE_CURRENT_SOURCE_DIR}" NAME)
  _hoc_kind(kind)
  set(exe ${kind}_${folder}_${ARG_PROGRAM})
  add_executable(${exe} ${ARG_MAIN})
  set_target_properties(${exe} PROPERTIES OUTPUT_NAME ${ARG_PROGRAM})
  target_link_libraries(${exe} PRIVATE ${folder}_${kind} hoc::main)
  foreach(other IN LISTS ARG_USES)
    target_link_libraries(${exe} PRIVATE ${other}_${kind})
  endforeach()
  get_property(kernel_dirs DIRECTORY PROPERTY HOC_KERNEL_DIRS)
  target_compile_definitions(${exe} PRIVATE "HOC_KERNEL_DIRS=\"${kernel_dirs}\"")
  hoc_use_pch(${exe})
  set_property(GLOBAL APPEND PROPERTY HOC_${kind}_PROGRAMS_ALL ${exe})  # for the check_* targets (tests/)
  if(kind STREQUAL "solution")
    # For tests/reliability/: every solution program, and what its checks need.
    set_property(GLOBAL APPEND PROPERTY HOC_SOLUTION_PROGRAMS ${exe})
    set_target_properties(${exe} PROPERTIES HOC_FOLDER ${folder})
    foreach(keyword IN LISTS HOC_CHECK_KEYWORDS HOC_CHECK_FLAGS)
      set_property(TARGET ${exe} PROPERTY HOC_${keyword} ${ARG_${keyword}})
    endforeach()
  endif()
  if(kind STREQUAL "solution" AND NOT ARG_NO_RUN)
    # One line per program: folder, program path, arguments for a normal run, for a --quick run.
    string(REPLACE ";" " " run_args "${ARG_RUN_ARGS}")
    string(REPLACE ";" " " quick_args "${ARG_QUICK_ARGS}")
    set_property(GLOBAL APPEND PROPERTY HOC_COURSE_PROGRAMS
                 "${folder}\t$<TARGET_FILE:${exe}>\t${run_args}\t${quick_args}")
  endif()
endfunction()

function(hoc_write_course_list file)
  get_property(lines GLOBAL PROPERTY HOC_COURSE_PROGRAMS)
  string(REPLACE ";" "\n" text "${lines}")
  file(GENERATE OUTPUT "${file}" CONTENT "${text}\n")
endfunction()
