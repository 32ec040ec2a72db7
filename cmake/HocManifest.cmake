# The course manifest, course.json at the top: the one description of the course. Every list of the
# exercises reads it: Exercises/CMakeLists.txt and Solutions/CMakeLists.txt (course order), the course
# table of runs and checks (hoc_course(), below), build/course.txt (script/run, hoc-runner), the
# self-check's tests (checker/CMakeLists.txt), script/check, the room and README-table tests.
# The checker's planted bugs are not here but in checker/planted/ (they show solution lines).
# docs/manifest.md describes its fields. Adding an exercise is its folder (Exercises/X, Solutions/X)
# plus one entry in course.json.
#
# After include(HocManifest):
#   HOC_MANIFEST             the file read (course.json; -DHOC_MANIFEST=FILE names another, e.g. a
#                            test's scratch course)
#   HOC_COURSE_FOLDERS       the folders built here, in course order (an entry whose "needs" names an
#                            option that is off, e.g. HOC_MPI, is left out)
#   hoc_manifest_entry(out folder)   the folder's entry, as JSON text
#   hoc_manifest_test(out folder)    the folder's GoogleTest file
#   hoc_json_list(out json key...)   the array at key... of json as a CMake list ("" when absent)
#   hoc_json_get(out json key...)    the value at key... ("" when absent)
#   hoc_manifest_hints(dir)          writes the hints as C++ headers, dir/hoc_hints/<Folder>.hpp and
#                                    dir/hoc_hints/shared.hpp (tests/support/hoc_hint.hpp)

set(HOC_MANIFEST "${PROJECT_SOURCE_DIR}/course.json" CACHE FILEPATH "The course manifest")
set_property(DIRECTORY "${PROJECT_SOURCE_DIR}" APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${HOC_MANIFEST}")

# The manifest checked before anything reads a field of it (cmake/HocManifestCheck.cmake).
include(HocManifestCheck)
hoc_manifest_read(_hoc_manifest)

function(hoc_json_get out json)
  string(JSON value ERROR_VARIABLE error GET "${json}" ${ARGN})
  if(error)
    set(value "")
  endif()
  set(${out} "${value}" PARENT_SCOPE)
endfunction()

function(hoc_json_list out json)
  set(result "")
  string(JSON count ERROR_VARIABLE error LENGTH "${json}" ${ARGN})
  if(NOT error AND count GREATER 0)
    math(EXPR last "${count} - 1")
    foreach(i RANGE ${last})
      string(JSON item GET "${json}" ${ARGN} ${i})
      list(APPEND result "${item}")
    endforeach()
  endif()
  set(${out} "${result}" PARENT_SCOPE)
endfunction()

# hoc_manifest_test(out folder): the folder's GoogleTest file (the entry's "test", else
# tests/course/test_<folder>.cpp), a full path.
function(hoc_manifest_test out folder)
  get_property(entry GLOBAL PROPERTY HOC_MANIFEST_${folder})
  hoc_json_get(test "${entry}" test)
  if(NOT test)
    set(test tests/course/test_${folder}.cpp)
  endif()
  set(${out} "${PROJECT_SOURCE_DIR}/${test}" PARENT_SCOPE)
endfunction()

function(hoc_manifest_entry out folder)
  get_property(entry GLOBAL PROPERTY HOC_MANIFEST_${folder})
  set(${out} "${entry}" PARENT_SCOPE)
endfunction()

# hoc_manifest_folder(out id): the folder of the exercise `id` ("04"), which must be built here.
function(hoc_manifest_folder out id)
  get_property(folder GLOBAL PROPERTY HOC_MANIFEST_ID_${id})
  if(NOT folder)
    message(FATAL_ERROR "${HOC_MANIFEST}: no exercise built here has the id \"${id}\"")
  endif()
  set(${out} ${folder} PARENT_SCOPE)
endfunction()

# The exercises in course order; each entry kept as a global property for hoc_manifest_entry().
set(HOC_COURSE_FOLDERS "")
string(JSON _hoc_count LENGTH "${_hoc_manifest}" exercises)
math(EXPR _hoc_last "${_hoc_count} - 1")
foreach(_hoc_i RANGE ${_hoc_last})
  string(JSON _hoc_entry GET "${_hoc_manifest}" exercises ${_hoc_i})
  string(JSON _hoc_folder GET "${_hoc_entry}" folder)
  hoc_json_get(_hoc_needs "${_hoc_entry}" needs)
  if(_hoc_folder IN_LIST HOC_COURSE_FOLDERS)
    message(FATAL_ERROR "${HOC_MANIFEST}: ${_hoc_folder} is listed twice")
  endif()
  if(NOT IS_DIRECTORY "${PROJECT_SOURCE_DIR}/Exercises/${_hoc_folder}")
    message(FATAL_ERROR "${HOC_MANIFEST} lists ${_hoc_folder}, but Exercises/${_hoc_folder} is missing")
  endif()
  # The planted bugs show the solutions' lines, which the student must not find in the manifest.
  string(JSON _hoc_planted ERROR_VARIABLE _hoc_error GET "${_hoc_entry}" planted)
  if(NOT _hoc_error)
    message(FATAL_ERROR "${HOC_MANIFEST}: ${_hoc_folder} has \"planted\" bugs: each is a file of "
                        "checker/planted/${_hoc_folder}/ now, not an entry of the manifest "
                        "(docs/manifest.md, \"Planted bugs\")")
  endif()
  if(_hoc_needs AND NOT ${_hoc_needs})
    continue()
  endif()
  string(JSON _hoc_id GET "${_hoc_entry}" id)
  get_property(_hoc_known GLOBAL PROPERTY HOC_MANIFEST_ID_${_hoc_id})
  if(_hoc_known)
    message(FATAL_ERROR "${HOC_MANIFEST}: the id ${_hoc_id} is both ${_hoc_known}'s and ${_hoc_folder}'s")
  endif()
  set_property(GLOBAL PROPERTY HOC_MANIFEST_ID_${_hoc_id} ${_hoc_folder})
  set_property(GLOBAL PROPERTY HOC_MANIFEST_${_hoc_folder} "${_hoc_entry}")
  list(APPEND HOC_COURSE_FOLDERS ${_hoc_folder})
endforeach()

# A folder of Exercises/ that the manifest does not list is a mistake (it would never be built).
file(GLOB _hoc_rooms LIST_DIRECTORIES true RELATIVE "${PROJECT_SOURCE_DIR}/Exercises"
     "${PROJECT_SOURCE_DIR}/Exercises/Exercise*")
foreach(_hoc_room IN LISTS _hoc_rooms)
  string(FIND "${_hoc_manifest}" "\"folder\": \"${_hoc_room}\"" _hoc_at)
  if(IS_DIRECTORY "${PROJECT_SOURCE_DIR}/Exercises/${_hoc_room}" AND _hoc_at EQUAL -1)
    message(FATAL_ERROR "Exercises/${_hoc_room} has no entry in ${HOC_MANIFEST}")
  endif()
endforeach()

# The course table: one hoc_course() row per program of every entry (cmake/HocCourse.cmake explains
# the keywords; docs/manifest.md the fields they come from).
function(_hoc_manifest_programs folder entry)
  string(JSON count ERROR_VARIABLE error LENGTH "${entry}" programs)
  if(error OR count EQUAL 0)
    return()
  endif()
  math(EXPR last "${count} - 1")
  foreach(i RANGE ${last})
    string(JSON program GET "${entry}" programs ${i})
    string(JSON name GET "${program}" name)
    set(words "")
    foreach(pair "run;RUN_ARGS" "quick;QUICK_ARGS" "size_options;SIZE_OPTIONS" "oversize;OVERSIZE_ARGS"
                 "workgroup_options;WORKGROUP_OPTIONS" "local_memory;LOCAL_MEMORY_ARGS")
      list(GET pair 0 field)
      list(GET pair 1 keyword)
      hoc_json_list(values "${program}" ${field})
      if(values)
        list(APPEND words ${keyword} ${values})
      endif()
    endforeach()
    foreach(pair "no_run;NO_RUN" "host_only;HOST_ONLY")
      list(GET pair 0 field)
      list(GET pair 1 flag)
      hoc_json_get(value "${program}" ${field})
      if(value)
        list(APPEND words ${flag})
      endif()
    endforeach()
    string(JSON runs ERROR_VARIABLE error LENGTH "${program}" check)
    if(NOT error AND runs GREATER 0)
      list(APPEND words CHECK_ARGS)
      math(EXPR last_run "${runs} - 1")
      foreach(r RANGE ${last_run})
        if(r GREATER 0)
          list(APPEND words THEN)
        endif()
        hoc_json_get(no_uninitialized "${program}" check ${r} no_uninitialized)
        if(no_uninitialized)
          list(APPEND words NO_UNINITIALIZED)
        endif()
        hoc_json_get(uniform_writes "${program}" check ${r} uniform_writes)
        if(uniform_writes)
          list(APPEND words UNIFORM_WRITES)
        endif()
        hoc_json_list(args "${program}" check ${r} args)
        list(APPEND words ${args})
      endforeach()
    endif()
    hoc_course(${folder} ${name} ${words})
  endforeach()
endfunction()

foreach(_hoc_folder IN LISTS HOC_COURSE_FOLDERS)
  hoc_manifest_entry(_hoc_entry ${_hoc_folder})
  _hoc_manifest_programs(${_hoc_folder} "${_hoc_entry}")
endforeach()

# Kernels handed out finished: the same file in the exercise's folder and in Kernels/ (checked).
hoc_json_list(_hoc_given "${_hoc_manifest}" given_kernels)
hoc_given_kernels(${_hoc_given})

# The hints of the course tests: each exercise's "hints" and the manifest's own (the test support's,
# shared by several exercises), each {"id": NAME, "text": TEXT}, become hoc::test::Hint constants,
# hoc::hints::NAME in dir/hoc_hints/<Folder>.hpp and hoc::hints::shared::NAME in dir/hoc_hints/shared.hpp
# (written only when they change, so that a hint edited rebuilds the tests that include it only).
function(_hoc_hints_header out json namespace)
  file(RELATIVE_PATH manifest "${PROJECT_SOURCE_DIR}" "${HOC_MANIFEST}")
  set(header "// Written by cmake/HocManifest.cmake from ${manifest}: edit the hints there.\n#pragma once\n\n")
  string(APPEND header "#include \"hoc_hint.hpp\"\n\nnamespace ${namespace} {\n\n")
  string(JSON count ERROR_VARIABLE error LENGTH "${json}" hints)
  set(ids "")
  if(NOT error AND count GREATER 0)
    math(EXPR last "${count} - 1")
    foreach(i RANGE ${last})
      string(JSON id GET "${json}" hints ${i} id)
      string(JSON text GET "${json}" hints ${i} text)
      if(NOT id MATCHES "^[a-z][a-z0-9_]*$")
        message(FATAL_ERROR "${HOC_MANIFEST}: the hint id \"${id}\" is not a lower-case name (a-z, 0-9, _)")
      endif()
      if(id IN_LIST ids)
        message(FATAL_ERROR "${HOC_MANIFEST}: the hint ${id} of ${namespace} is there twice")
      endif()
      string(FIND "${text}" ")hint\"" at)
      if(NOT at EQUAL -1)
        message(FATAL_ERROR "${HOC_MANIFEST}: the hint ${id} holds )hint\", which ends its C++ string")
      endif()
      list(APPEND ids ${id})
      string(APPEND header "inline constexpr hoc::test::Hint ${id}{\"${id}\", R\"hint(${text})hint\"};\n")
    endforeach()
  endif()
  string(APPEND header "\n}  // namespace ${namespace}\n")
  file(WRITE "${out}.new" "${header}")
  configure_file("${out}.new" "${out}" COPYONLY)
endfunction()

function(hoc_manifest_hints dir)
  _hoc_hints_header("${dir}/hoc_hints/shared.hpp" "${_hoc_manifest}" hoc::hints::shared)
  foreach(folder IN LISTS HOC_COURSE_FOLDERS)
    hoc_manifest_entry(entry ${folder})
    _hoc_hints_header("${dir}/hoc_hints/${folder}.hpp" "${entry}" hoc::hints)
  endforeach()
endfunction()

# hoc_manifest_exercises_header(file): every exercise's folder, id and place on the results page, as a
# C++ table (hoc::course::kExercises, for Tools' page: an exercise's id for its folder; an entry's
# "matmul_progression" puts its MFLOPS results in the page's matmul progression chart). Every entry is
# there, built here or not (a page may show results of another machine's run).
function(hoc_manifest_exercises_header file)
  file(RELATIVE_PATH manifest "${PROJECT_SOURCE_DIR}" "${HOC_MANIFEST}")
  set(text "// Written by cmake/HocManifest.cmake from ${manifest}: edit the exercises there.\n#pragma once\n\n")
  string(APPEND text "namespace hoc::course {\n\nstruct Exercise {\n    const char* folder;\n    const char* id;\n")
  string(APPEND text "    bool matmulProgression;  // its MFLOPS results are points of the matmul progression chart\n};\n\n")
  string(APPEND text "inline constexpr Exercise kExercises[] = {\n")
  string(JSON count LENGTH "${_hoc_manifest}" exercises)
  math(EXPR last "${count} - 1")
  foreach(i RANGE ${last})
    string(JSON folder GET "${_hoc_manifest}" exercises ${i} folder)
    string(JSON id GET "${_hoc_manifest}" exercises ${i} id)
    hoc_json_get(progression "${_hoc_manifest}" exercises ${i} matmul_progression)
    if(progression)
      set(progression true)
    else()
      set(progression false)
    endif()
    string(APPEND text "    {\"${folder}\", \"${id}\", ${progression}},\n")
  endforeach()
  string(APPEND text "};\n\n}  // namespace hoc::course\n")
  file(WRITE "${file}.new" "${text}")
  configure_file("${file}.new" "${file}" COPYONLY)
endfunction()
