# How an exercise becomes a library (the lesson, which tests call) and its programs (given/main.cpp):
# what a folder builds is its entry in course.json ("build" and "programs", hoc_folder() below), and
# each folder's CMakeLists.txt, in Exercises/ only, is the one line
#
#   hoc_folder()
#
# The student's room: every Exercises/X shows at its top README.md, CMakeLists.txt, Makefile, the
# files the student edits (the ones with TODOs; in Exercise 01, the two it reads line by line and
# then breaks on purpose) and at most one folder given/: the code the student reads but does not edit
# (main.cpp, headers, the host code of an exercise whose lesson is a kernel, serial references,
# given kernels, helpers). An exercise with several parts keeps
# part 1 at its top as above, and each further part in a folder partN_<topic>/ of the same shape:
# the part's files to edit at its top, its given code in partN_<topic>/given/ (Exercise 02:
# part2_build_log/; Exercise 09: part2_dynamic_local/, part3_images/, part4_tile_order/; Exercise 15:
# part2_shared_context/; Exercise A: part2_builtins/). A part with nothing to edit has only given/.
# Paths in "sources" and "main" are relative to Exercises/X (e.g. part2_build_log/given/build_log_main.cpp).
# Every folder of the room (X, X/given, X/partN_*, X/partN_*/given) is on the include
# path and, for an exercise, on the kernel search path (HOC_KERNEL_DIRS). tests/room/ checks the shape:
# at most 8 entries at an exercise's top, every file of Solutions/X has a twin in Exercises/X, and
# the READMEs name given and part files with their folder (`given/main.cpp`).
#
# The same folder is built twice: as the student's exercise (Exercises/CMakeLists.txt) and as the
# solution (Solutions/CMakeLists.txt, hoc_solution()). Solutions/X holds only the files that differ
# from Exercises/X, the lesson, at the same relative paths (Solutions/X/part2_shared_context/
# shared_context.cpp for Exercise 15); every other file (given/, headers, the CMakeLists.txt
# itself) is taken from Exercises/X, so nothing is kept in sync by hand and `diff -r` shows only the
# lesson.
#
# Solutions find their kernels in Kernels/; exercises in their own room (plus the rooms of
# "kernels_from", e.g. Exercise 05 uses the kernel the student wrote in Exercise 04).
# The folder's library (the lesson) links hoc::common (Common/) and the "libraries" it names (e.g.
# matmul, hoc::matmul); its programs link hoc::cli too (Cli/: the command line every main.cpp parses
# with), and hoc::matmul_main where it uses matmul (the matrix programs' one main). How each program is run and checked (script/run, tests/reliability) is in the same entry
# (cmake/HocManifest.cmake). The plain-make build reads the same facts (Make_def_files/course.mk).

# One precompiled header (the C++ bindings and the standard headers every program uses), built once
# and reused by every course target: CL/opencl.hpp alone costs seconds per file to parse.
option(HOC_PCH "Precompile CL/opencl.hpp once for all course targets" ON)
function(hoc_use_pch target)
  if(HOC_PCH AND TARGET hoc_pch)
    target_precompile_headers(${target} REUSE_FROM hoc_pch)
  endif()
endfunction()

# "solution" inside hoc_solution(), else "exercise" (a folder of Exercises/).
function(_hoc_kind out_kind)
  if(HOC_KIND STREQUAL "solution")
    set(${out_kind} solution PARENT_SCOPE)
    return()
  endif()
  get_filename_component(parent "${CMAKE_CURRENT_SOURCE_DIR}" DIRECTORY)
  get_filename_component(parent "${parent}" NAME)
  if(NOT parent STREQUAL "Exercises")
    message(FATAL_ERROR "hoc_folder() is for folders in Exercises/, not ${CMAKE_CURRENT_SOURCE_DIR}")
  endif()
  set(${out_kind} exercise PARENT_SCOPE)
endfunction()

# The folders of a room that exist, in this order: `root`, root/given, then each partN_*/ and its given/.
function(_hoc_room_dirs out root)
  set(dirs "${root}")
  if(IS_DIRECTORY "${root}/given")
    list(APPEND dirs "${root}/given")
  endif()
  file(GLOB parts LIST_DIRECTORIES true "${root}/part[0-9]*")
  list(SORT parts)
  foreach(part IN LISTS parts)
    if(IS_DIRECTORY "${part}")
      list(APPEND dirs "${part}")
      if(IS_DIRECTORY "${part}/given")
        list(APPEND dirs "${part}/given")
      endif()
    endif()
  endforeach()
  set(${out} ${dirs} PARENT_SCOPE)
endfunction()

# The full paths of `files`: a solution's own file where Solutions/X has one, else Exercises/X's
# (an absolute path is taken as it is).
function(_hoc_sources out)
  set(paths "")
  foreach(file IN LISTS ARGN)
    if(IS_ABSOLUTE "${file}")
      list(APPEND paths "${file}")
    elseif(HOC_KIND STREQUAL "solution" AND EXISTS "${HOC_LESSON_DIR}/${file}")
      list(APPEND paths "${HOC_LESSON_DIR}/${file}")
    else()
      list(APPEND paths "${CMAKE_CURRENT_SOURCE_DIR}/${file}")
    endif()
  endforeach()
  set(${out} ${paths} PARENT_SCOPE)
endfunction()

# hoc_solution(Folder): builds Exercises/Folder/CMakeLists.txt as the solution, with the files of
# Solutions/Folder in place of the exercise's. A file there that is
# identical to its exercise twin is a breach found by the test room.shape (tests/room/check_room.py:
# delete it, it is taken from Exercises/ anyway; a student whose own file came out the same is not
# stopped), and a header is an error here (the exercise's main.cpp would still include the exercise's
# copy: declarations are shared).
function(hoc_solution folder)
  set(lesson_dir "${CMAKE_CURRENT_SOURCE_DIR}/${folder}")
  set(exercise_dir "${PROJECT_SOURCE_DIR}/Exercises/${folder}")
  if(NOT IS_DIRECTORY "${exercise_dir}")
    message(FATAL_ERROR "Solutions/${folder} has no exercise: Exercises/${folder} is missing")
  endif()
  file(GLOB_RECURSE lesson_files RELATIVE "${lesson_dir}" CONFIGURE_DEPENDS "${lesson_dir}/*")
  foreach(file IN LISTS lesson_files)
    if(file MATCHES "\\.(h|hpp)$" AND EXISTS "${exercise_dir}/${file}")
      message(FATAL_ERROR "Solutions/${folder}/${file}: a solution cannot replace a header; the "
                          "declarations are shared, keep them in Exercises/${folder}/${file}")
    endif()
  endforeach()
  set(HOC_KIND solution)
  set(HOC_LESSON_DIR "${lesson_dir}")
  add_subdirectory("${exercise_dir}" "${CMAKE_CURRENT_BINARY_DIR}/${folder}")
endfunction()

# The course table says, for every solution program, how it is run and checked: one hoc_course()
# call each, made by cmake/HocManifest.cmake from the programs of course.json (docs/manifest.md names
# the field of each keyword), read by script/run (through build/course.txt) and by the reliability
# tests (tests/reliability/):
#   hoc_course(Folder program [RUN_ARGS arg...] [QUICK_ARGS arg...] [NO_RUN] [HOST_ONLY] [checks...])
#   RUN_ARGS arg...           the instructor's run (script/run); QUICK_ARGS for script/run --quick.
#   NO_RUN                    left out of script/run (e.g. a long benchmark).
#   CHECK_ARGS arg...         a tiny run (sizes that are no multiple of a work-group, e.g. 100 or
#                             1000): oclgrind runs it with its checks on, and the missing-kernel and
#                             broken-kernel tests start from it. Every program with a kernel gives it.
#                             Several runs (e.g. one per kernel design) are separated by THEN:
#                             CHECK_ARGS --design simple --steps 1000 THEN --design tree --steps 1000
#                             A run that starts with NO_UNINITIALIZED is checked without oclgrind's
#                             uninitialized-value check, for kernels it cannot follow (image reads,
#                             strided async copies, LLVM's freeze instruction); every other check
#                             stays on. A run that starts with UNIFORM_WRITES (after NO_UNINITIALIZED,
#                             if both) also reports two work-items writing the same value to one
#                             element, which oclgrind lets pass by default (oclgrind --uniform-writes).
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
set(HOC_TABLE_KEYWORDS RUN_ARGS QUICK_ARGS ${HOC_CHECK_KEYWORDS})
set(HOC_TABLE_FLAGS NO_RUN ${HOC_CHECK_FLAGS})

function(hoc_course folder program)
  cmake_parse_arguments(ARG "${HOC_TABLE_FLAGS}" "" "${HOC_TABLE_KEYWORDS}" ${ARGN})
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "hoc_course(${folder} ${program}): unknown words ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  set(key HOC_COURSE_${folder}_${program})
  get_property(known GLOBAL PROPERTY ${key} SET)
  if(known)
    message(FATAL_ERROR "hoc_course(${folder} ${program}) is in the course table twice")
  endif()
  set_property(GLOBAL PROPERTY ${key} TRUE)
  set_property(GLOBAL APPEND PROPERTY HOC_COURSE_ENTRIES "${folder}/${program}")
  foreach(keyword IN LISTS HOC_TABLE_KEYWORDS HOC_TABLE_FLAGS)
    set_property(GLOBAL PROPERTY ${key}_${keyword} "${ARG_${keyword}}")
  endforeach()
endfunction()

# hoc_folder(): builds the folder as its entry in course.json says (each folder's CMakeLists.txt is this
# one line). The entry's "build" gives the folder's library, the lesson that the tests call:
#   "sources"       its files (paths relative to Exercises/X, e.g. part2_build_log/build_log.cpp)
#   "libraries"     the course libraries it uses: matmul, measure, pi, cli, mpi (hoc::<name>)
#   "kernels_from"  the ids of exercises whose rooms are on its kernel path too (Exercise 05 runs the
#                   kernel the student wrote in Exercise 04); a solution finds every kernel in Kernels/
#   "uses"          the ids of exercises whose libraries it links, of the same kind (Exercise 21's sweep
#                   runs the host code of Exercises 10, 16 and 17)
# and each of its "programs" one program: "main" (given/main.cpp when absent), "title" (the line it
# prints first: HOC_TITLE, with HOC_FOLDER, in its main file) and "uses" as above. A program with a
# "module" (Exercise 9b's race, "Competition") is built by that module's folder instead, after the
# course (Competition/CMakeLists.txt, with hoc_module_programs() and hoc_program()).
function(hoc_folder)
  if(ARGN)
    message(FATAL_ERROR "hoc_folder() takes no arguments: what the folder builds is its entry in course.json")
  endif()
  get_filename_component(folder "${CMAKE_CURRENT_SOURCE_DIR}" NAME)
  _hoc_kind(kind)
  hoc_manifest_entry(entry ${folder})
  hoc_json_list(sources "${entry}" build sources)
  hoc_json_list(libraries "${entry}" build libraries)
  hoc_json_list(kernels_from "${entry}" build kernels_from)
  hoc_json_list(uses "${entry}" build uses)
  if(NOT sources)
    message(FATAL_ERROR "${HOC_MANIFEST}: the entry of ${folder} has no \"build\": {\"sources\": [...]}")
  endif()

  if(kind STREQUAL "solution")
    set(kernel_dirs "${PROJECT_SOURCE_DIR}/Kernels")
  else()
    _hoc_room_dirs(dirs "${CMAKE_CURRENT_SOURCE_DIR}")
    foreach(id IN LISTS kernels_from)
      hoc_manifest_folder(other ${id})
      _hoc_room_dirs(other_dirs "${PROJECT_SOURCE_DIR}/Exercises/${other}")
      list(APPEND dirs ${other_dirs})
    endforeach()
    string(REPLACE ";" ":" kernel_dirs "${dirs}")
  endif()

  set(lib ${folder}_${kind})
  _hoc_sources(paths ${sources})
  add_library(${lib} STATIC ${paths})
  if(kind STREQUAL "solution")
    _hoc_room_dirs(lesson_dirs "${HOC_LESSON_DIR}")
    target_include_directories(${lib} PUBLIC ${lesson_dirs})
  endif()
  _hoc_room_dirs(room_dirs "${CMAKE_CURRENT_SOURCE_DIR}")
  target_include_directories(${lib} PUBLIC ${room_dirs})
  target_link_libraries(${lib} PUBLIC hoc::common)
  foreach(name IN LISTS libraries)
    _hoc_library_target(target ${name} "${folder}")
    target_link_libraries(${lib} PUBLIC ${target})
  endforeach()
  if("matmul" IN_LIST libraries AND "cli" IN_LIST libraries)
    target_link_libraries(${lib} PUBLIC hoc::matmul_main)  # its own command line with Matmul's size options
  endif()
  _hoc_link_uses(${lib} PUBLIC ${kind} ${uses})
  target_compile_definitions(${lib} PRIVATE "HOC_KERNEL_DIRS=\"${kernel_dirs}\"")
  set_target_properties(${lib} PROPERTIES HOC_KERNEL_DIRS "${kernel_dirs}" HOC_FOLDER ${folder})
  hoc_use_pch(${lib})
  if(kind STREQUAL "exercise")
    hoc_line_tables(${lib})  # the self-check names the student's host code by file and line (tests/trace)
  endif()

  string(JSON count ERROR_VARIABLE error LENGTH "${entry}" programs)
  if(error OR count EQUAL 0)
    return()
  endif()
  math(EXPR last "${count} - 1")
  foreach(i RANGE ${last})
    string(JSON program GET "${entry}" programs ${i})
    hoc_json_get(module "${program}" module)
    if(NOT module)
      hoc_program(${folder} ${kind} "${program}")
    endif()
  endforeach()
endfunction()

# The CMake target of a library of "build": "libraries".
function(_hoc_library_target out name folder)
  set(target hoc::${name})  # "mpi": hoc::mpi (Mpi/), which links MPI's own library
  if(NOT TARGET ${target})
    message(FATAL_ERROR "${HOC_MANIFEST}: ${folder} uses the library \"${name}\", which is not one of the "
                        "course's (matmul, matmul_buffers, measure, measure_times, pi, pi_run, cli, mpi)")
  endif()
  set(${out} ${target} PARENT_SCOPE)
endfunction()

# Links `target` with the libraries of the exercises `ids...`, of the same kind.
function(_hoc_link_uses target scope kind)
  foreach(id IN LISTS ARGN)
    hoc_manifest_folder(other ${id})
    target_link_libraries(${target} ${scope} ${other}_${kind})
  endforeach()
endfunction()

# hoc_program(Folder kind PROGRAM_JSON [MAIN file]): one program of the folder (its entry's
# "programs" item), linked with the folder's library (and those its "uses" names) and Cli. MAIN, an
# absolute path, replaces the entry's "main" (a module's program: Competition/benchmark.cpp).
function(hoc_program folder kind program)
  cmake_parse_arguments(ARG "" "MAIN" "" ${ARGN})
  string(JSON name GET "${program}" name)
  hoc_json_get(title "${program}" title)
  hoc_json_list(uses "${program}" uses)
  if(ARG_MAIN)
    set(main "${ARG_MAIN}")
  else()
    hoc_json_get(main "${program}" main)
    if(NOT main)
      set(main given/main.cpp)
    endif()
    _hoc_sources(main ${main})
  endif()
  if(NOT title)
    message(FATAL_ERROR "${HOC_MANIFEST}: the program ${name} of ${folder} has no \"title\" (the line it prints first)")
  endif()
  set(lib ${folder}_${kind})
  set(exe ${kind}_${folder}_${name})
  add_executable(${exe} ${main})
  set_target_properties(${exe} PROPERTIES OUTPUT_NAME ${name})
  target_link_libraries(${exe} PRIVATE ${lib} hoc::cli)
  hoc_manifest_entry(entry ${folder})
  hoc_json_list(libraries "${entry}" build libraries)
  if("matmul" IN_LIST libraries)
    target_link_libraries(${exe} PRIVATE hoc::matmul_main)  # hoc::matmul::programMain (Matmul/main/)
  endif()
  if("measure" IN_LIST libraries)
    target_link_libraries(${exe} PRIVATE hoc::measure_main)  # hoc::sweepMain (Measure/main/)
  endif()
  _hoc_link_uses(${exe} PRIVATE ${kind} ${uses})
  get_target_property(kernel_dirs ${lib} HOC_KERNEL_DIRS)
  # The program's folder and title, which its main file gives hoc::CommandLine (hoc/cli/main.hpp).
  target_compile_definitions(${exe} PRIVATE "HOC_KERNEL_DIRS=\"${kernel_dirs}\"" "HOC_FOLDER=\"${folder}\""
                                            "HOC_TITLE=\"${title}\"")
  # On the target too (checker reads it): a folder added twice (exercise and solution) has one
  # directory property, the last one set, so only the target knows its own kind's folders.
  set_target_properties(${exe} PROPERTIES HOC_KERNEL_DIRS "${kernel_dirs}" HOC_FOLDER ${folder})
  hoc_use_pch(${exe})
  set_property(GLOBAL APPEND PROPERTY HOC_${kind}_PROGRAMS_ALL ${exe})  # for the check_* targets (tests/)
  if(kind STREQUAL "exercise")
    hoc_traced(${exe})  # its OpenCL calls recorded for the self-check (tests/trace)
  endif()
  if(NOT kind STREQUAL "solution")
    return()
  endif()

  # A solution program: its row of the course table.
  set(key HOC_COURSE_${folder}_${name})
  get_property(known GLOBAL PROPERTY ${key} SET)
  if(NOT known)
    message(FATAL_ERROR "${folder}/${name} has no row in the course table: add "
                        "a program \"${name}\" to the entry of ${folder} in course.json")
  endif()
  set_property(GLOBAL APPEND PROPERTY HOC_COURSE_BUILT "${folder}/${name}")
  foreach(keyword IN LISTS HOC_TABLE_KEYWORDS HOC_TABLE_FLAGS)
    get_property(${keyword} GLOBAL PROPERTY ${key}_${keyword})
  endforeach()
  # For tests/reliability/: every solution program, and what its checks need.
  set_property(GLOBAL APPEND PROPERTY HOC_SOLUTION_PROGRAMS ${exe})
  foreach(keyword IN LISTS HOC_CHECK_KEYWORDS HOC_CHECK_FLAGS)
    set_property(TARGET ${exe} PROPERTY HOC_${keyword} ${${keyword}})
  endforeach()
  if(NOT NO_RUN)
    # One line per program: folder, program path, arguments for a normal run, for a --quick run.
    string(REPLACE ";" " " run_args "${RUN_ARGS}")
    string(REPLACE ";" " " quick_args "${QUICK_ARGS}")
    set_property(GLOBAL PROPERTY HOC_COURSE_PROGRAM_${folder}_${name}
                 "${folder}\t$<TARGET_FILE:${exe}>\t${run_args}\t${quick_args}")
  endif()
endfunction()

# hoc_module_programs(module out): the programs of course.json that `module` builds (their "module"):
# out_FOLDERS, their folders, and out_INDICES, their places in the folder's "programs" (parallel lists).
function(hoc_module_programs module out)
  set(folders "")
  set(indices "")
  foreach(folder IN LISTS HOC_COURSE_FOLDERS)
    hoc_manifest_entry(entry ${folder})
    string(JSON count ERROR_VARIABLE error LENGTH "${entry}" programs)
    if(error OR count EQUAL 0)
      continue()
    endif()
    math(EXPR last "${count} - 1")
    foreach(i RANGE ${last})
      hoc_json_get(owner "${entry}" programs ${i} module)
      if(owner STREQUAL module)
        list(APPEND folders ${folder})
        list(APPEND indices ${i})
      endif()
    endforeach()
  endforeach()
  set(${out}_FOLDERS ${folders} PARENT_SCOPE)
  set(${out}_INDICES ${indices} PARENT_SCOPE)
endfunction()

# build/course.txt: every solution program in course order, for script/run. Also checks that every
# row of the course table names a program that was built.
function(hoc_write_course_list file)
  get_property(entries GLOBAL PROPERTY HOC_COURSE_ENTRIES)
  get_property(built GLOBAL PROPERTY HOC_COURSE_BUILT)
  foreach(entry IN LISTS entries)
    if(NOT entry IN_LIST built)
      message(FATAL_ERROR "course.json has a program ${entry}, which no solution folder builds")
    endif()
  endforeach()
  # In course order (course.json's), whichever folder built the program.
  set(lines "")
  foreach(entry IN LISTS entries)
    string(REPLACE "/" "_" key "${entry}")
    get_property(line GLOBAL PROPERTY HOC_COURSE_PROGRAM_${key})
    if(line)
      list(APPEND lines "${line}")
    endif()
  endforeach()
  string(REPLACE ";" "\n" text "${lines}")
  file(GENERATE OUTPUT "${file}" CONTENT "${text}\n")
endfunction()

# hoc_given_kernels(Folder/given/file.cl...): kernels an exercise hands out finished (its lesson is the
# host code, a measurement or a build log). The student's copy is Exercises/Folder/.../file.cl, the
# solutions' is Kernels/file.cl; nobody keeps the two in step by hand: the test room.shape
# (tests/room/check_room.py) fails if they differ, or if an exercise holds an undeclared copy of a kernel
# of Kernels/. It is a test, not a configuration error, so that a student who breaks a given kernel on
# purpose (Exercise 01 asks for it) or whose own kernel comes out as the solution's still builds; the
# test skips files the student changed (git: modified against HEAD), so CI's clean clone checks them all.
function(hoc_given_kernels)
  foreach(given IN LISTS ARGN)
    get_filename_component(file "${given}" NAME)
    if(NOT EXISTS "${PROJECT_SOURCE_DIR}/Exercises/${given}" OR NOT EXISTS "${PROJECT_SOURCE_DIR}/Kernels/${file}")
      message(FATAL_ERROR "hoc_given_kernels: Exercises/${given} and Kernels/${file} must both exist")
    endif()
    set_property(GLOBAL APPEND PROPERTY HOC_GIVEN_KERNELS "${given}")
  endforeach()
endfunction()

# A check run of CHECK_ARGS may start with the markers NO_UNINITIALIZED and UNIFORM_WRITES (hoc_course
# above): takes them off the front of the list `run_var` and sets `options_var` to the options they
# stand for, as tests/reliability/oclgrind_check takes them (--no-uninitialized, --uniform-writes).
function(hoc_check_run_options run_var options_var)
  set(run ${${run_var}})
  set(options "")
  foreach(pair "NO_UNINITIALIZED;--no-uninitialized" "UNIFORM_WRITES;--uniform-writes")
    list(GET pair 0 word)
    list(GET pair 1 option)
    list(LENGTH run count)
    if(count GREATER 0)
      list(GET run 0 marker)
      if(marker STREQUAL word)
        list(REMOVE_AT run 0)
        list(APPEND options ${option})
      endif()
    endif()
  endforeach()
  set(${run_var} ${run} PARENT_SCOPE)
  set(${options_var} ${options} PARENT_SCOPE)
endfunction()
