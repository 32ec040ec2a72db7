# Host bugs the self-check must name in the host file (label solutions; needs oclgrind): a copy of a
# solution program whose host FILE has one line replaced, built with line tables and the record of its
# OpenCL calls (tests/trace), run by selfcheck.py on oclgrind. The first finding must be KIND, its first
# message must start with the host file (Solutions/<Folder>/FILE: the copy lies under a folder of that
# name, so the record's lines read as the student's would) and say each of TEXTS, words drawn from the
# evidence (the buffer's size against what the kernel reaches, the kernel's parameters against the
# launch's arguments, a buffer's flags against what the kernel does with it).
#   hoc_host_planted(Folder bug program FILE "line as the solution has it" "line with the bug" KIND
#                    "TEXT;..." program arguments...)
# The configuration stops when the solution no longer has the line, so that a planted bug never drifts.
function(hoc_host_planted folder bug program file old new kind texts)
  set(exe solution_${folder}_${program})
  set(lib ${folder}_solution)
  if(NOT TARGET ${exe} OR NOT HOC_TRACE_SUPPORTED)
    return()
  endif()
  get_target_property(sources ${lib} SOURCES)
  set(source "")
  foreach(s IN LISTS sources)
    get_filename_component(name ${s} NAME)
    if(name STREQUAL file)
      set(source ${s})
    endif()
  endforeach()
  if(NOT source)
    message(FATAL_ERROR "hoc_host_planted(${folder} ${bug}): ${lib} builds no ${file}")
  endif()
  file(READ ${source} content)
  string(FIND "${content}" "${old}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "hoc_host_planted(${folder} ${bug}): ${source} no longer has the line '${old}': "
                        "move the planted bug to where that code is now")
  endif()
  string(REPLACE "${old}" "${new}" planted "${content}")
  set(copy ${CMAKE_CURRENT_BINARY_DIR}/host_planted/${bug}/Solutions/${folder}/${file})
  file(GENERATE OUTPUT ${copy} CONTENT "${planted}")
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${source})
  set(planted_lib ${lib}_host_planted_${bug})
  hoc_library_copy(${planted_lib} ${lib} ${source} ${copy})
  target_compile_options(${planted_lib} PRIVATE -Wno-error)  # the bug may leave a name unused
  hoc_line_tables(${planted_lib})
  # The program again, its folder's library replaced by the planted copy.
  get_target_property(main ${exe} SOURCES)
  get_target_property(libraries ${exe} LINK_LIBRARIES)
  list(TRANSFORM libraries REPLACE "^${lib}$" "${planted_lib}")
  get_target_property(definitions ${exe} COMPILE_DEFINITIONS)
  get_target_property(kernel_dirs ${exe} HOC_KERNEL_DIRS)
  set(copy_exe test_${folder}_host_planted_${bug})
  add_executable(${copy_exe} ${main})
  target_link_libraries(${copy_exe} PRIVATE ${libraries})
  if(definitions)
    target_compile_definitions(${copy_exe} PRIVATE ${definitions})
  endif()
  target_compile_options(${copy_exe} PRIVATE -Wno-error)
  hoc_traced(${copy_exe})
  add_dependencies(check_solutions ${copy_exe})
  set(expect_texts "")
  foreach(text IN LISTS texts)
    list(APPEND expect_texts --expect-text "${text}")
  endforeach()
  set(test selfcheck.planted.${folder}.${bug})
  add_test(NAME ${test}
           COMMAND ${selfcheck} oclgrind --exercise ${folder} --kernels ${kernel_dirs} --expect ${kind}
                   --expect-where Solutions/${folder}/${file}: ${expect_texts}
                   -- $<TARGET_FILE:${copy_exe}> ${ARGN} --platform Oclgrind
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(${test} PROPERTIES LABELS "solutions;oclgrind;selfcheck" TIMEOUT 300)
endfunction()

if(NOT HOC_OCLGRIND)
  return()
endif()
# Exercise 01: the output buffer made with the element count where bytes are meant.
hoc_host_planted(Exercise01_Vadd c_size_in_elements vadd vadd.cpp
                 "cl::Buffer d_c(context, CL_MEM_WRITE_ONLY, sizeof(float) * h_a.size());"
                 "cl::Buffer d_c(context, CL_MEM_WRITE_ONLY, h_a.size());  // planted bug: a count of elements"
                 host-buffer-size "this buffer (d_c) holds 1000 bytes (CL_MEM_SIZE);the size was given in elements" --size 1000)
# Exercise 03: the output and the last input passed the other way round (the kernel then reads the
# write-only buffer and writes a read-only one), and the output buffer made read-only.
hoc_host_planted(Exercise03_Vadd3 c_and_d_swapped vadd3 vadd3.cpp
                 "d_a, d_b, d_c, d_d, count);"
                 "d_a, d_b, d_d, d_c, count);  // planted bug: C and D swapped"
                 host-arguments "the two are swapped;Pass the arguments in the order of the kernel's parameters"
                 --size 1000)
hoc_host_planted(Exercise03_Vadd3 d_read_only vadd3 vadd3.cpp
                 "cl::Buffer d_d(context, CL_MEM_WRITE_ONLY, sizeof(float) * h_a.size());"
                 "cl::Buffer d_d(context, CL_MEM_READ_ONLY, sizeof(float) * h_a.size());  // planted bug"
                 buffer-flags "made read-only (CL_MEM_READ_ONLY)" --size 1000)
