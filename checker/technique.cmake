# The technique checks of course.json (an exercise's "technique" entries, docs/manifest.md): does the
# student's kernel use the idea its exercise teaches? Included by checker/CMakeLists.txt.
#
#   exercise.<Folder>.technique.<check>  (label exercises: script/check) a check whose evidence is
#       oclgrind's instruction counts ("counts"): technique.py runs the student's program on oclgrind with
#       --inst-counts and holds the kernel's loads, stores, barriers, ... to the entry's bounds. Without
#       oclgrind it says which evidence it could not collect and is skipped. A check whose evidence a
#       course test gives ("test") is that GoogleTest test, already among the exercise's tests.
#   selfcheck.technique.<Folder>.<check>.<case>  (label solutions: CI) the check itself, both ways:
#       every "absent" case (checker/technique/<Folder>/<case>/: the naive or given kernel in the
#       student's file) must fail it with a first message naming the student's file and the entry's
#       hint; the solution ("solution"), the exercise's alternative ("alternative", where it has the
#       entry's file) and every "present" case (a correct kernel in another shape) must pass it.
set(technique ${HOC_PYTHON} -m checker.technique)
set(technique_cases ${CMAKE_CURRENT_SOURCE_DIR}/technique)

# The probe of local accesses (probe/oclgrind_probe.cpp): an oclgrind plugin that says which work-item
# touched which local address, for the bounds no total of --inst-counts shows (one work-item counting
# alone, a tile column in one bank). It restates oclgrind 21.10's plugin interface, so it is built next
# to that version only; elsewhere the checks that read it are skipped, saying why.
set(technique_probe "")
if(HOC_OCLGRIND)
  execute_process(COMMAND ${HOC_OCLGRIND} --version OUTPUT_VARIABLE oclgrind_version ERROR_QUIET)
  if(oclgrind_version MATCHES "Oclgrind 21\\.10")
    add_library(hoc_oclgrind_probe MODULE ${CMAKE_CURRENT_SOURCE_DIR}/probe/oclgrind_probe.cpp)
    target_compile_options(hoc_oclgrind_probe PRIVATE -fno-rtti)  # oclgrind's own classes carry no RTTI
    set(technique_probe --probe $<TARGET_FILE:hoc_oclgrind_probe>)
  else()
    message(STATUS "oclgrind is not 21.10: the probe of local accesses is not built, and the technique checks "
                   "that read it are skipped")
  endif()
endif()

# _hoc_technique_field(out entry index field): the field of the exercise's technique check `index`, or of
# the check it is "like" when it does not give it itself.
function(_hoc_technique_field out entry index field)
  string(JSON value ERROR_VARIABLE error GET "${entry}" technique ${index} ${field})
  if(error)
    set(value "")
    hoc_json_get(like "${entry}" technique ${index} like)
    string(JSON count LENGTH "${entry}" technique)
    math(EXPR last "${count} - 1")
    foreach(other RANGE ${last})
      hoc_json_get(name "${entry}" technique ${other} check)
      if(like AND name STREQUAL like)
        hoc_json_get(value "${entry}" technique ${other} ${field})
      endif()
    endforeach()
  endif()
  set(${out} "${value}" PARENT_SCOPE)
endfunction()

# _hoc_technique_cases(out entry index field): the case folders an entry lists under field (absent or
# present), as JSON arrays give them.
function(_hoc_technique_cases out entry index field)
  _hoc_technique_field(list "${entry}" ${index} ${field})
  set(cases "")
  if(list)
    string(JSON count LENGTH "${list}")
    if(count GREATER 0)
      math(EXPR last "${count} - 1")
      foreach(i RANGE ${last})
        string(JSON case GET "${list}" ${i})
        list(APPEND cases ${case})
      endforeach()
    endif()
  endif()
  set(${out} "${cases}" PARENT_SCOPE)
endfunction()

set(technique_checks 0)
foreach(folder IN LISTS HOC_COURSE_FOLDERS)
  hoc_manifest_entry(entry ${folder})
  string(JSON count ERROR_VARIABLE error LENGTH "${entry}" technique)
  if(error OR count EQUAL 0)
    continue()
  endif()
  set(alternative_files "")
  if(EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/alternatives/${folder})
    file(GLOB alternative_files RELATIVE ${CMAKE_CURRENT_SOURCE_DIR}/alternatives/${folder}
         ${CMAKE_CURRENT_SOURCE_DIR}/alternatives/${folder}/*)
    list(TRANSFORM alternative_files REPLACE "\\.diff$" "")
  endif()
  math(EXPR last "${count} - 1")
  foreach(i RANGE ${last})
    hoc_json_get(check "${entry}" technique ${i} check)
    _hoc_technique_field(program "${entry}" ${i} program)
    _hoc_technique_field(test "${entry}" ${i} test)
    _hoc_technique_field(file "${entry}" ${i} file)
    _hoc_technique_cases(absent "${entry}" ${i} absent)
    _hoc_technique_cases(present "${entry}" ${i} present)
    foreach(case IN LISTS absent present)
      if(NOT IS_DIRECTORY ${technique_cases}/${folder}/${case})
        message(FATAL_ERROR "course.json: ${folder}'s technique check ${check} names the case ${case}, but "
                            "${technique_cases}/${folder}/${case}/ does not exist")
      endif()
    endforeach()
    set(name selfcheck.technique.${folder}.${check})
    math(EXPR technique_checks "${technique_checks} + 1")
    if(program)
      # Evidence from oclgrind's counts: the student's program (its kernels from the room), the solution's,
      # and the cases, each found first where the student's file would be.
      set(exercise_exe exercise_${folder}_${program})
      set(solution_exe solution_${folder}_${program})
      if(NOT TARGET ${solution_exe})
        message(FATAL_ERROR "course.json: ${folder}'s technique check ${check} runs ${program}, which ${folder} does not build")
      endif()
      if(TARGET ${exercise_exe})
        get_target_property(kernel_dirs ${exercise_exe} HOC_KERNEL_DIRS)
        add_test(NAME exercise.${folder}.technique.${check}
                 COMMAND ${technique} --exercise ${folder} --check ${check} --program $<TARGET_FILE:${exercise_exe}>
                         --kernels ${kernel_dirs} --name exercise.${folder}.technique.${check} ${technique_probe}
                 WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
        set_tests_properties(exercise.${folder}.technique.${check} PROPERTIES LABELS "exercises" TIMEOUT 300
                             SKIP_RETURN_CODE 77)
      endif()
      get_target_property(kernel_dirs ${solution_exe} HOC_KERNEL_DIRS)
      set(run ${technique} --exercise ${folder} --check ${check} --program $<TARGET_FILE:${solution_exe}>
              --kernels ${kernel_dirs} ${technique_probe})
      if(TARGET hoc_oclgrind_probe)
        hoc_selfcheck_program(${folder} hoc_oclgrind_probe)
        if(TARGET check_${folder})
          add_dependencies(check_${folder} hoc_oclgrind_probe)
        endif()
      endif()
      set(tests solution)
      set(solution_args --expect pass)
      set(alternative_args --alternative --expect pass)
      # The alternative, where it has the file and its tests ("filter", when it holds only some of the
      # file's kernels) include the kernel.
      _hoc_technique_field(kernel "${entry}" ${i} kernel)
      hoc_json_get(alternative_filter "${entry}" alternative filter)
      string(FIND "${alternative_filter}" "${kernel}" in_filter)
      if(file IN_LIST alternative_files AND (NOT alternative_filter OR in_filter GREATER -1))
        list(APPEND tests alternative)
      endif()
      foreach(case IN LISTS absent)
        list(APPEND tests ${case})
        set(${case}_args --case ${technique_cases}/${folder}/${case} --expect fail)
      endforeach()
      foreach(case IN LISTS present)
        list(APPEND tests ${case})
        set(${case}_args --case ${technique_cases}/${folder}/${case} --expect pass)
      endforeach()
      foreach(case IN LISTS tests)
        if(HOC_OCLGRIND)
          add_test(NAME ${name}.${case} COMMAND ${run} ${${case}_args} WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
          set_tests_properties(${name}.${case} PROPERTIES LABELS "solutions;oclgrind;selfcheck" TIMEOUT 300)
        else()
          hoc_skipped_test(${name}.${case} "solutions;selfcheck"
                           "the technique check reads oclgrind's instruction counts. ${HOC_OCLGRIND_MISSING}")
        endif()
      endforeach()
    elseif(test)
      # Evidence a course test gives: the solution's test program, filtered to that test, with each
      # case's kernels found first (exit 77, skipped, where the test finds that this device does not give
      # its evidence). The solution and the alternative run it among their own tests
      # (solution.<Folder>.*, selfcheck.alternative.<Folder>).
      if(NOT TARGET test_${folder}_solution)
        continue()
      endif()
      foreach(case IN LISTS absent present)
        set(expect fail)
        if(case IN_LIST present)
          set(expect pass)
        endif()
        # A case of host code (its folder holds a .cpp of the solution's library: Exercise 06's launch,
        # 19's events) is built into a copy of the library and of the test program, as an alternative's is.
        set(program test_${folder}_solution)
        # The .cpp is whole, or .cpp.diff: the solution's file with the diff applied, written when building
        # (technique.py write: a diff that no longer applies stops the build naming the lines gone).
        file(GLOB hosts RELATIVE ${technique_cases}/${folder}/${case} CONFIGURE_DEPENDS
             ${technique_cases}/${folder}/${case}/*.cpp ${technique_cases}/${folder}/${case}/*.cpp.diff)
        foreach(host IN LISTS hosts)
          set(lib ${folder}_solution)
          set(case_file ${technique_cases}/${folder}/${case}/${host})
          string(REGEX REPLACE "\\.diff$" "" host ${host})
          set(source ${PROJECT_SOURCE_DIR}/Solutions/${folder}/${host})
          get_target_property(sources ${lib} SOURCES)
          if(NOT source IN_LIST sources)
            message(FATAL_ERROR "${case_file}: ${lib} builds no ${source} for it to replace")
          endif()
          if(case_file MATCHES "\\.diff$")
            set(written ${CMAKE_CURRENT_BINARY_DIR}/technique/${folder}/${case}/${host})
            add_custom_command(OUTPUT ${written}
                               COMMAND ${technique} write --exercise ${folder} --case ${technique_cases}/${folder}/${case}
                                       --file ${host} --out ${written}
                               DEPENDS ${source} ${case_file} ${CMAKE_CURRENT_SOURCE_DIR}/technique.py ${CMAKE_CURRENT_SOURCE_DIR}/alternative.py
                               COMMENT "${folder}'s technique case ${case}: ${host} with ${host}.diff applied")
            set(case_file ${written})
          endif()
          hoc_library_copy(${lib}_technique_${case} ${lib} ${source} ${case_file})
          set(program test_${folder}_technique_${case})
          hoc_manifest_test(test_source ${folder})
          add_executable(${program} ${test_source})
          target_link_libraries(${program} PRIVATE ${lib}_technique_${case} hoc_test_support)
          hoc_traced(${program})  # the course tests may read the recorded launches (tests/trace)
          target_compile_definitions(${program} PRIVATE "HOC_UNDER_TEST=\"Solutions/${folder}\"")
          hoc_use_test_pch(${program})
          hoc_selfcheck_program(${folder} ${program})
        endforeach()
        add_test(NAME ${name}.${case}
                 COMMAND ${technique} gtest --exercise ${folder} --check ${check} --case ${technique_cases}/${folder}/${case}
                         --expect ${expect} -- $<TARGET_FILE:${program}>
                 WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
        set_tests_properties(${name}.${case} PROPERTIES LABELS "solutions;selfcheck" TIMEOUT 300 SKIP_RETURN_CODE 77)
      endforeach()
    else()
      message(FATAL_ERROR "course.json: ${folder}'s technique check ${check} has neither a program (oclgrind's "
                          "counts) nor a test (a course test's evidence)")
    endif()
  endforeach()
endforeach()
message(STATUS "Technique checks: ${technique_checks} (course.json's \"technique\" entries)")
