# The cases of input a careless or unlucky user gives, one bad-input test each (included by
# CMakeLists.txt here; the generic cases of every program - a size that wraps modulo 2^64, an empty
# --device or --platform, HOC_DEVICE=' ' - are in its loop). Named bad_input.<what>.<case>:
#   size_arithmetic   numbers that wrap, products that overflow the kernels' indices (exit 2)
#   error_bound       error bounds at their edges: K = 2^24 - 1, 2^24, 2^24 + 1, steps x iterations =
#                     2^25 (exit 0 with the bound printed finite for a correct result, exit 1 for garbage)
#   host_memory       host memory checked before anything large is allocated (exit 2, naming what the
#                     run needs and what the machine has); HOC_HOST_MEMORY_LIMIT plays a small machine
#   command_line      command-line mistakes: exit 2, never 3; hoc-runner's --timeout and --device

# The programs by their names in course.json, program_<name> (the first of that name in course order:
# a copy of an exercise, as selfcheck.scratch makes, keeps its programs' names).
foreach(exe IN LISTS programs)
  get_target_property(name ${exe} OUTPUT_NAME)
  if(NOT DEFINED program_${name})
    set(program_${name} $<TARGET_FILE:${exe}>)
  endif()
endforeach()
set(sgemm ${program_sgemm})
set(benchmark ${program_sgemm_benchmark})
set(transpose ${program_transpose})
set(indices ${program_indices})
set(multi_device ${program_multi_device})
set(events ${program_events})
set(profiling ${program_profiling})
set(reduce ${program_reduce})
set(matmul_kernel ${program_matmul_kernel})
set(pi ${program_pi})
set(panel "sgemm_panel NV=2 RM=6 SKEW=1 VW=8")
set(t bad_input)
set(outside "is outside the allowed range")
set(int_limit "more than 2147483647 \\(INT_MAX: the kernels index a matrix with an int\\)")

# size_arithmetic: numbers that wrap, products that overflow.
hoc_expect_error(NAME ${t}.size_arithmetic.sgemm_shape_wraps_the_heap EXIT 2
                 MESSAGE "--shape: 4611686018427387905 ${outside} 1 to 2147483647"
                 COMMAND ${sgemm} --shape 4611686018427387905 1 4 --no-tune)
hoc_expect_error(NAME ${t}.size_arithmetic.benchmark_shapes_wrap_the_heap EXIT 2
                 MESSAGE "--shapes: '4611686018427387905x1x4' is not MxNxK: 4611686018427387905 ${outside}"
                 COMMAND ${benchmark} --shapes 4611686018427387905x1x4 --peers none)
hoc_expect_error(NAME ${t}.size_arithmetic.transpose_negative_side EXIT 2
                 MESSAGE "--shapes: '5x-18446744073709551611' is not ROWSxCOLS: -18446744073709551611 ${outside}"
                 COMMAND ${transpose} --shapes 5x-18446744073709551611)
hoc_expect_error(NAME ${t}.size_arithmetic.indices_negative_range EXIT 2
                 MESSAGE "--range: '5x-18446744073709551611' is not DIM0xDIM1: -18446744073709551611 ${outside}"
                 COMMAND ${indices} --range 5x-18446744073709551611)
hoc_expect_error(NAME ${t}.size_arithmetic.indices_negative_group EXIT 2
                 MESSAGE "--groups: '4x-18446744073709551612' is not DIM0xDIM1"
                 COMMAND ${indices} --groups 4x-18446744073709551612)
hoc_expect_error(NAME ${t}.size_arithmetic.benchmark_negative_side EXIT 2
                 MESSAGE "--shapes: '5x-18446744073709551611x4' is not MxNxK"
                 COMMAND ${benchmark} --shapes 5x-18446744073709551611x4 --peers none)
# Products beyond what the kernels can index: a command-line error naming the limit.
hoc_expect_error(NAME ${t}.size_arithmetic.transpose_product_beyond_uint EXIT 2
                 MESSAGE "65536 x 65536 = 4294967296, more than 4294967295 \\(UINT_MAX: the kernels index a matrix with a uint\\)"
                 COMMAND ${transpose} --shapes 65536x65536)
hoc_expect_error(NAME ${t}.size_arithmetic.indices_product_beyond_int EXIT 2
                 MESSAGE "--range: '20000x20000' is not DIM0xDIM1: .*more than 357913941 \\(INT_MAX / 6"
                 COMMAND ${indices} --range 20000x20000)
hoc_expect_error(NAME ${t}.size_arithmetic.warps2d_grid_beyond_uint_index EXIT 2
                 MESSAGE "--size: '65536x65536' is not WIDTHxHEIGHT: .*more than 1073741824 \\(2\\^30: the kernels index the grid with a uint\\)"
                 COMMAND ${program_warps2d} --size 65536x65536)
hoc_expect_error(NAME ${t}.size_arithmetic.smooth3d_negative_side EXIT 2
                 MESSAGE "--grid: '5x-18446744073709551611x4' is not NXxNYxNZ: -18446744073709551611 ${outside}"
                 COMMAND ${program_smooth3d} --grid 5x-18446744073709551611x4)
hoc_expect_error(NAME ${t}.size_arithmetic.multi_device_dims_beyond_int EXIT 2
                 MESSAGE "--dims, A is M x K: 46341 x 46341 = 2147488281, ${int_limit}"
                 COMMAND ${multi_device} --dims 46341 --split one)
hoc_expect_error(NAME ${t}.size_arithmetic.events_dims_beyond_int EXIT 2 MESSAGE "--dims, .*${int_limit}"
                 COMMAND ${events} --parts 4 --dims 1,2147483647,2)
hoc_expect_error(NAME ${t}.size_arithmetic.profiling_dims_beyond_int EXIT 2 MESSAGE "--dims, .*${int_limit}"
                 COMMAND ${profiling} --dims 65536,65536,1)
hoc_expect_error(NAME ${t}.size_arithmetic.sgemm_shape_beyond_int EXIT 2 MESSAGE "--shape, C is M x N: .*${int_limit}"
                 COMMAND ${sgemm} --shape 65536 65536 1 --no-tune)
hoc_expect_error(NAME ${t}.size_arithmetic.benchmark_sizes_beyond_int EXIT 2 MESSAGE "--sizes/--shapes .*${int_limit}"
                 COMMAND ${benchmark} --sizes 46341 --shapes 2x2x2 --peers none)

# error_bound: the error bounds at their edges. A correct result is accepted (it was reported wrong with a
# negative allowed difference from K = 2^24 + 1), and garbage is refused (it passed at K = 2^24,
# where the bound was infinite): a copy of the element kernel that writes 1e30.
set(garbage_dir ${CMAKE_CURRENT_BINARY_DIR}/garbage_kernels)
file(WRITE ${garbage_dir}/matmul_element.cl
     "// Made by tests/reliability/input_cases.cmake: every element of C is garbage.\n"
     "__kernel void mmul_element(const int M, const int N, const int K, __global const float* A,\n"
     "                           __global const float* B, __global float* C)\n"
     "{\n    const int j = get_global_id(0), i = get_global_id(1);\n"
     "    if (i < M && j < N)\n        C[i * N + j] = 1e30f;\n}\n")
foreach(case IN ITEMS "16777215;K_2to24_minus_1" "16777216;K_2to24" "16777217;K_2to24_plus_1")
  list(GET case 0 k)
  list(GET case 1 label)
  hoc_expect_error(NAME ${t}.error_bound.matmul_correct_at_${label} EXIT 0 NOT_OUTPUT "allowed -|allowed inf|wrong"
                   COMMAND ${matmul_kernel} --m 1 --n 1 --k ${k})
endforeach()
hoc_expect_error(NAME ${t}.error_bound.matmul_garbage_at_K_2to24 EXIT 1 MESSAGE "wrong"
                 ENV HOC_KERNEL_PATH=${garbage_dir} COMMAND ${matmul_kernel} --m 2 --n 2 --k 16777216)
# A kernel that writes zeros passes the elementwise check at K = 2^24 and 2^24 - 1 ("all 4 elements
# correct", expected about 822, allowed 7.2e6): that bound is too loose there. The normwise bound
# (hoc::matmul::normBound) refuses it at every K.
file(WRITE ${garbage_dir}/zeros/matmul_element.cl
     "// Made by tests/reliability/input_cases.cmake: C is all zeros.\n"
     "__kernel void mmul_element(const int M, const int N, const int K, __global const float* A,\n"
     "                           __global const float* B, __global float* C)\n"
     "{\n    const int j = get_global_id(0), i = get_global_id(1);\n"
     "    if (i < M && j < N)\n        C[i * N + j] = 0.0f;\n}\n")
foreach(k IN ITEMS 16777215 16777216)
  hoc_expect_error(NAME bad_input.result_check.matmul_zeros_at_K_${k} EXIT 1
                   MESSAGE "every element within its own bound, but the error's norm is [0-9.]+, more than the"
                   ENV HOC_KERNEL_PATH=${garbage_dir}/zeros COMMAND ${matmul_kernel} --m 2 --n 2 --k ${k})
endforeach()
# Pi's simple design at --steps 33554432 --iters 33554432 (2 work-items of 2^24 steps, each
# then 2^24 + 1 float additions): its bound is finite (5.6), but the program refuses to run it, since
# a bound that wide passes pi = 0 (hoc::requireDecisiveBound; before the run
# it counts work-groups of up to the device's largest: 20.8 on PoCL). 2^20 steps per work-item in
# work-groups of 16 keep the bound (0.2) below pi and run.
hoc_expect_error(NAME ${t}.error_bound.pi_simple_at_2to24_additions EXIT 2
                 MESSAGE "its check cannot tell a right result from a wrong one: the rounding error it must allow, [0-9.]+, is at least the result itself.*--iters"
                 COMMAND ${pi} --steps 33554432 --iters 33554432 --design simple --runs 1)
hoc_expect_error(NAME ${t}.error_bound.pi_simple_at_2to20_additions EXIT 0 NOT_OUTPUT "allowed inf|allowed -|WRONG|wrong"
                 COMMAND ${pi} --steps 33554432 --iters 1048576 --local 16 --design simple --runs 1)

# One exit-status rule (README, "Every program"): 2 for what the user asked, sizes the
# kernels cannot index or the device cannot hold among them, found before any OpenCL call that
# would fail on them; 3 for the OpenCL runtime or the machine. One row per case the issue found
# exiting by another rule: NAME|EXIT|MESSAGE|PROGRAM|ARGS (arguments separated by spaces).
set(int_index "the kernels index A, B and C with int, so M.K, K.N and M.N must each be between 1 and 2147483647")
set(read_size "--read-size: the read kernel reads at least 4096 floats")
set(exit_rule_cases
    "matmul_kernel_beyond_int|2|${int_index}|${matmul_kernel}|--m 65536 --n 65536 --k 1"
    "matmul_host_beyond_int|2|${int_index}|${program_matmul_host}|--m 65536 --n 65536 --k 1"
    "matmul_row_beyond_int|2|${int_index}|${program_matmul_row}|--m 65536 --n 65536 --k 1"
    "matmul_private_row_beyond_int|2|${int_index}|${program_matmul_private_row}|--m 65536 --n 65536 --k 1"
    "matmul_local_column_beyond_int|2|${int_index}|${program_matmul_local_column}|--m 65536 --n 65536 --k 1"
    "matmul_blocked_beyond_int|2|${int_index}|${program_matmul_blocked}|--m 65536 --n 65536 --k 1"
    "matmul_table_beyond_int|2|${int_index}|${program_matmul_table}|--m 65536 --n 65536 --k 1"
    "tile_order_beyond_int|2|${int_index}|${program_tile_order}|--m 65536 --n 65536 --k 1"
    "roofline_read_size_1|2|${read_size}|${program_roofline}|--read-size 1"
    "hoc_roofline_read_size_1|2|${read_size}|$<TARGET_FILE:hoc_roofline>|--read-size 1"
    "reduce_read_size_1|2|${read_size}|${reduce}|--read-size 1 --sizes 4096"
    "transpose_read_size_1|2|${read_size}|${transpose}|--read-size 1 --shapes 64x64"
    "benchmark_bandwidth_size_beyond_int|2|the vector length must be 1 to 2147483647|${benchmark}|--bandwidth-size 9223372036854775807 --sizes 40 --peers none"
    "pi_sums_beyond_the_device|2|pi, simple design: the sums of 1099511627776 work-groups needs .* MiB in one buffer, more than this device allows \\(.*CL_DEVICE_MAX_MEM_ALLOC_SIZE\\)|${pi}|--steps 1099511627776 --iters 1 --local 1"
    "pi_bound_too_wide|2|pi, simple design, 2.25 steps.*cannot tell a right result from a wrong one.*--iters.*--local.*--design tree|${pi}|--design simple --steps 33554432 --iters 33554432"
    "device_index_beyond_the_list|2|--device '99' is not a device index|${matmul_kernel}|--device 99"
    "platform_matching_nothing|2|--platform 'no-such-platform' matches no platform|${pi}|--platform no-such-platform"
    "transpose_tile_rows_beyond_the_tile|2|a tile of 4 with 8 rows of work-items \\(--tile, --tile-rows\\). need 1 <= rows <= tile|${transpose}|--tile 4 --tile-rows 8"
    "indices_group_beyond_work_item_sizes|2|work-groups of 8192x1 have 8192 work-items in dimension 0, more than this device allows \\([0-9]+, CL_DEVICE_MAX_WORK_ITEM_SIZES\\[0\\]\\)|${indices}|--range 8192x1 --groups 8192x1"
    "runner_platform_matching_nothing|2|--platform 'nomatch' matches no platform|$<TARGET_FILE:hoc_runner>|--device all --platform nomatch --course ${PROJECT_BINARY_DIR}/course.txt --out ${CMAKE_CURRENT_BINARY_DIR}/runner_never_written"
    "occupancy_array_kb_with_equals|2|a __local array of 1048576 floats needs 4194304 bytes \\(4096 KiB\\) of local memory, more than this device has|${program_occupancy}|--array-kb=4096")
foreach(row IN LISTS exit_rule_cases)
  string(REPLACE "|" ";" fields "${row}")
  list(GET fields 0 name)
  list(GET fields 1 status)
  list(GET fields 2 message)
  list(GET fields 3 program)
  list(GET fields 4 args)
  separate_arguments(args UNIX_COMMAND "${args}")
  hoc_expect_error(NAME bad_input.exit_rule.${name} EXIT ${status} MESSAGE "${message}"
                   COMMAND ${program} ${args})
endforeach()

# host_memory: host memory, checked before anything large is allocated. HOC_HOST_MEMORY_LIMIT=3G plays
# the 3 GiB container where sgemm --size 33000 was killed (exit 137) with no message.
set(host_memory "needs [0-9.]+ [GMT]iB of host memory. this machine has [0-9.]+ [GM]iB available \\(HOC_HOST_MEMORY_LIMIT of 3.0 GiB, less")
set(small_machine "HOC_HOST_MEMORY_LIMIT=3G")
hoc_expect_error(NAME ${t}.host_memory.sgemm_size_33000 EXIT 2 MESSAGE "${host_memory}" ENV ${small_machine}
                 COMMAND ${sgemm} --size 33000 --variant ${panel})
hoc_expect_error(NAME ${t}.host_memory.benchmark_size_33000 EXIT 2 MESSAGE "${host_memory}" ENV ${small_machine}
                 COMMAND ${benchmark} --sizes 33000 --shapes 2x2x2 --peers none --variant ${panel})
hoc_expect_error(NAME ${t}.host_memory.multi_device_dims_46340 EXIT 2 MESSAGE "${host_memory}|${limit_memory}"
                 ENV ${small_machine} COMMAND ${multi_device} --dims 46340 --split one)
hoc_expect_error(NAME ${t}.host_memory.events_part4 EXIT 2 MESSAGE "${host_memory}|${limit_memory}"
                 ENV ${small_machine} COMMAND ${events} --parts 4 --dims 40000)
hoc_expect_error(NAME ${t}.host_memory.transpose_large EXIT 2 MESSAGE "${host_memory}|${limit_memory}"
                 ENV ${small_machine} COMMAND ${transpose} --shapes 40000x40000)
hoc_expect_error(NAME ${t}.host_memory.HOC_HOST_MEMORY_LIMIT_not_a_size EXIT 2
                 MESSAGE "HOC_HOST_MEMORY_LIMIT \\(bytes, or a number with K, M, G or T\\): -3 ${outside}"
                 ENV HOC_HOST_MEMORY_LIMIT=-3G COMMAND ${sgemm} --size 64 --variant ${panel})

# command_line: command-line mistakes are exit 2, not 3.
hoc_expect_error(NAME ${t}.command_line.transpose_shapes_not_a_shape EXIT 2 MESSAGE "--shapes: 'abc' is not ROWSxCOLS"
                 COMMAND ${transpose} --shapes abc)
hoc_expect_error(NAME ${t}.command_line.benchmark_shapes_two_sizes EXIT 2 MESSAGE "--shapes: '30x20' is not MxNxK: 2 sizes, not 3"
                 COMMAND ${benchmark} --shapes 30x20 --peers none)
hoc_expect_error(NAME ${t}.command_line.sgemm_shape_two_sizes EXIT 2 MESSAGE "--shape"
                 COMMAND ${sgemm} --shape 37 70 --no-tune)
hoc_expect_error(NAME ${t}.command_line.sgemm_variant_no_value EXIT 2
                 MESSAGE "'BK' in variant 'sgemm_tiles BK' is not NAME=value"
                 COMMAND ${sgemm} --shape 37 70 45 --variant "sgemm_tiles BK")
hoc_expect_error(NAME ${t}.command_line.benchmark_variant_no_kernel EXIT 2 MESSAGE "is not a variant"
                 COMMAND ${benchmark} --sizes 40 --peers none --variant "RM=6")
hoc_expect_error(NAME ${t}.command_line.reduce_local_1 EXIT 2 MESSAGE "--local 1: .*work-groups of at least 2"
                 COMMAND ${reduce} --sizes 4096 --local 1 --runs 1)
hoc_expect_error(NAME ${t}.command_line.indices_range_spaces EXIT 2 MESSAGE "--range: '8 x8' is not DIM0xDIM1"
                 COMMAND ${indices} "--range=8 x8")
hoc_expect_error(NAME ${t}.command_line.smooth3d_groups_two_sizes EXIT 2 MESSAGE "--groups: '8x8' is not XxYxZ: 2 sizes, not 3"
                 COMMAND ${program_smooth3d} --groups 8x8)
hoc_expect_error(NAME ${t}.command_line.smooth3d_group_side_beyond_the_device EXIT 2
                 MESSAGE "work-groups of 1x1x10000: a work-group of 1 x 1 x 10000; this device allows at most .*\\(CL_DEVICE_MAX_WORK_ITEM_SIZES\\)"
                 COMMAND ${program_smooth3d} --grid 4x4x4 --groups 1x1x10000 --runs 1)
hoc_expect_error(NAME ${t}.command_line.warps2d_group_beyond_the_kernel EXIT 2
                 MESSAGE "work-groups of 256x256 \\(by_column\\): a work-group of 256 x 256 = 65536 work-items; kernel 'by_column' allows 1 to [0-9]+ on this device \\(CL_KERNEL_WORK_GROUP_SIZE\\)"
                 COMMAND ${program_warps2d} --size 64x64 --groups 256x256 --steps 1 --runs 1)
# hoc-runner's options (it runs nothing when its command line is refused).
# Tools/ (hoc_runner) is added after tests/; the generator expression finds it at build time.
set(runner $<TARGET_FILE:hoc_runner> --out ${CMAKE_CURRENT_BINARY_DIR}/runner_never_written)
hoc_expect_error(NAME ${t}.command_line.runner_timeout_nan EXIT 2 MESSAGE "--timeout: nan is outside the allowed range"
                 COMMAND ${runner} --timeout nan)
hoc_expect_error(NAME ${t}.command_line.runner_timeout_0 EXIT 2
                 MESSAGE "--timeout: 0 is outside the allowed range more than 0 to 604800 seconds"
                 NOT_OUTPUT "[0-9]{20}" COMMAND ${runner} --timeout 0)
hoc_expect_error(NAME ${t}.command_line.runner_device_twice EXIT 2 MESSAGE "--device: '0,0' names device 0 twice"
                 COMMAND ${runner} --device 0,0)
hoc_expect_error(NAME ${t}.command_line.runner_device_empty EXIT 2 MESSAGE "--device: '' is not 'all' or device indices"
                 COMMAND ${runner} --device @EMPTY@)
hoc_expect_error(NAME ${t}.command_line.runner_platform_empty EXIT 2 MESSAGE "--platform: '' is empty"
                 COMMAND ${runner} --platform @EMPTY@)
hoc_expect_error(NAME ${t}.command_line.runner_progress_nan EXIT 2 MESSAGE "--progress: nan is outside the allowed range"
                 COMMAND ${runner} --progress nan)

# One host-memory path. Each program adds up what it holds at once (its vectors and references, and
# on PoCL's CPU device, whose buffers are host memory too, its buffers: hoc::hostBytes) and checks it
# before allocating, with what it holds already and the OpenCL runtime's reserve
# (hoc/common/host_memory.hpp: 224 MiB, PoCL's compiler with its kernel cache empty). Each program
# with a size that scales its memory is held to HOC_HOST_MEMORY_LIMIT at the largest size its check
# accepts (peak_rss: found by bisection from the refusals' figures, then run with PoCL's kernel cache
# empty, as in a first run; label slow): LIMIT, the size's range, and the arguments with {} for the
# size; a program with two such sizes has a case for each. 528 MiB leave about 200 MiB of data beside
# the runtime and its reserve; the matmul programs' 328 MiB (about 40 MiB of data) keep their serial
# reference and kernels to seconds. The programs with no such size:
# device_info, build_log, and the pi programs (pi, pi_serial, vector_pi), whose memory does not grow
# with --steps (a partial sum per work-group: 100 MiB at 4e9 steps). A size whose check comes after
# another size's (memory_hierarchy --transfer-size) is found by running each size (a BY_RUNNING row:
# peak_rss --by-running). Not held yet: sgemm_benchmark --bandwidth-size, whose check comes after the
# kernels are built; with PoCL's cache empty the program then holds 370 MiB, the compiler's memory
# among it, and the reserve counted on top refuses every size under 528 MiB.
set(peak_rss_cases
    "vadd|553648128|1000|400000000|${program_vadd}|--size {}"
    "chained_vadd|553648128|1000|200000000|${program_chained_vadd}|--size {}"
    "vadd3|553648128|1000|300000000|${program_vadd3}|--size {}"
    "memory_objects|553648128|1000|200000000|${program_memory_objects}|--size {} --repeats 1 --flags copy"
    "overlap|553648128|200000|200000000|${program_overlap}|--size {} --chunk 100000 --slots 2 --hold 0"
    "histogram|553648128|1000|1000000000|${program_histogram}|--size {} --runs 1 --one-launch"
    "reduce|553648128|4097|400000000|${reduce}|--sizes {} --runs 1 --read-size 4096"
    "matmul_kernel|343932928|16|30000|${matmul_kernel}|--size {}"
    "divergence|553648128|1000|400000000|${program_divergence}|--size {} --steps 1 --spans 1 --runs 1"
    "occupancy|553648128|1000|400000000|${program_occupancy}|--size {} --array-kb 1 --runs 1"
    "coarsening|553648128|1000|400000000|${program_coarsening}|--size {} --factors 1 --runs 1"
    "memory_layout|553648128|1000|268435456|${program_memory_layout}|--size {} --runs 1"
    "amdahl|553648128|1000|400000000|${program_amdahl}|--size {} --matmul-size 64 --runs 1"
    "fusion|553648128|1000|400000000|${program_fusion}|--size {} --runs 1"
    "smooth3d|553648128|8|4000|${program_smooth3d}|--grid 64x64x{} --groups 8x4x4 --runs 1"
    "warps2d|553648128|8|1000000|${program_warps2d}|--size 1024x{} --steps 1 --groups 8x8 --runs 1"
    "matmul_host|343932928|16|30000|${program_matmul_host}|--size {}"
    "matmul_row|343932928|16|30000|${program_matmul_row}|--size {}"
    "matmul_local_column|343932928|16|30000|${program_matmul_local_column}|--size {}"
    "matmul_blocked|343932928|16|30000|${program_matmul_blocked}|--size {}"
    "tile_order|343932928|16|30000|${program_tile_order}|--size {} --repeats 1"
    "sgemm|343932928|16|30000|${sgemm}|--size {} --repeats 1 --variant 'sgemm_panel NV=2 RM=6 SKEW=1 VW=8'"
    "sgemm_benchmark|553648128|16|30000|${benchmark}|--sizes {} --repeats 3 --no-bandwidth --peers none --variant 'sgemm_panel NV=2 RM=6 SKEW=1 VW=8'"
    "profiling|553648128|1000|400000000|${profiling}|--size {} --kernels vadd --runs 1"
    "profiling_dims|343932928|16|30000|${profiling}|--dims {} --kernels matmul --runs 1"
    "indices|553648128|2|2500|${indices}|--range {4}x{4} --groups 4x4"
    "events|553648128|1000|400000000|${events}|--size {} --rounds 1 --hold 0 --parts 1 2 3"
    "events_dims|343932928|16|30000|${events}|--size 1000 --dims {} --parts 4"
    "multi_device|343932928|16|30000|${multi_device}|--dims {} --split one"
    "shared_context|553648128|1000|400000000|${program_shared_context}|--size {}"
    "transpose|553648128|8|10000|${transpose}|--shapes {}x{} --runs 1 --read-size 1048576"
    "memory_hierarchy|553648128|1|4096|${program_memory_hierarchy}|--size {262144} --transfer-size 1024 --strides 2 --rounds 1 --runs 1"
    "workgroup_sizes_reduce|553648128|1000|400000000|${program_workgroup_sizes}|--size {} --kernels reduce --runs 1"
    "workgroup_sizes_transpose|553648128|8|10000|${program_workgroup_sizes}|--rows {} --cols {} --kernels transpose --runs 1"
    "builtins|553648128|1000|67108864|${program_builtins}|--size {}"
    "matmul_private_row|343932928|16|30000|${program_matmul_private_row}|--size {}"
    "matmul_table|343932928|1|2000|${program_matmul_table}|--size {16} --repeats 1"
    "roofline|343932928|1|2000|${program_roofline}|--size {16} --repeats 1 --read-size 1048576"
    "memory_hierarchy_transfer|553648128|1024|400000000|${program_memory_hierarchy}|BY_RUNNING|--size 262144 --transfer-size {} --strides 2 --rounds 1 --runs 1")
# Exercise 15b's program, where Open MPI was found: started alone, MPI runs it as one rank (rank 0,
# which holds the most).
if(DEFINED program_mpi_split)
  list(APPEND peak_rss_cases "mpi_split|343932928|16|30000|${program_mpi_split}|--dims {} --parts matmul --runs 1")
endif()
foreach(row IN LISTS peak_rss_cases)
  string(REPLACE "|" ";" fields "${row}")
  list(GET fields 0 name)
  list(GET fields 1 limit)
  list(GET fields 2 low)
  list(GET fields 3 high)
  list(GET fields 4 program)
  list(GET fields -1 args)
  set(mode "")
  if(fields MATCHES ";BY_RUNNING;")
    set(mode --by-running)
  endif()
  separate_arguments(args UNIX_COMMAND "${args}")
  add_test(NAME bad_input.peak_rss.${name} COMMAND ${drivers}/peak_rss ${mode} ${limit} ${low} ${high} -- ${program} ${args})
  set_tests_properties(bad_input.peak_rss.${name} PROPERTIES LABELS "solutions;bad_input;slow" TIMEOUT 600)
  math(EXPR HOC_BAD_INPUT_COUNT "${HOC_BAD_INPUT_COUNT} + 1")
endforeach()

# A --bandwidth-size beyond what the device (or the host) holds is refused before the race, not after
# it: the tuning and the race never print.
hoc_expect_error(NAME bad_input.benchmark_bandwidth_size_beyond_the_device EXIT 2
                 MESSAGE "bandwidth test, N = 2147483647 needs .*(CL_DEVICE_GLOBAL_MEM_SIZE|CL_DEVICE_MAX_MEM_ALLOC_SIZE|host memory)"
                 NOT_OUTPUT "tuning|GFLOPS|MFLOPS" COMMAND ${benchmark} --bandwidth-size 2147483647 --sizes 40 --peers none)

# PoCL reports no device when it cannot make its kernel cache folder (a HOME the user cannot write
# in): the message says so and names the folder and the variable it came from, not "install PoCL".
# /dev/null/... cannot be made even by root.
hoc_expect_error(NAME bad_input.pocl_cache_dir_not_writable EXIT 3
                 MESSAGE "PoCL .* is installed, but reports no device when it cannot make its kernel cache folder /dev/null/pocl \\(from POCL_CACHE_DIR=/dev/null/pocl\\): /dev/null is not a folder. Set POCL_CACHE_DIR"
                 NOT_OUTPUT "apt-get install" ENV POCL_CACHE_DIR=/dev/null/pocl
                 COMMAND ${program_vadd} --size 1024)
hoc_expect_error(NAME bad_input.pocl_home_not_writable EXIT 3
                 MESSAGE "cannot make its kernel cache folder /dev/null/.cache/pocl/kcache \\(from HOME=/dev/null\\): /dev/null is not a folder"
                 NOT_OUTPUT "apt-get install" ENV HOME=/dev/null XDG_CACHE_HOME=/dev/null/none
                 COMMAND ${program_vadd} --size 1024)

# An endless kernel: the program says, after HOC_WATCHDOG_SECONDS without progress (1 s here), which
# kernel file runs and how to stop it (endless_kernel kills it after the note).
add_test(NAME bad_input.endless_kernel_is_noted
         COMMAND ${drivers}/endless_kernel ${program_vadd} --size 1024)
set_tests_properties(bad_input.endless_kernel_is_noted PROPERTIES LABELS "solutions;bad_input" TIMEOUT 300)
math(EXPR HOC_BAD_INPUT_COUNT "${HOC_BAD_INPUT_COUNT} + 1")
