# The course table: how every solution program is run by the instructor (script/run, through
# build/course.txt) and checked by the reliability tests (tests/reliability/), in course order.
# One hoc_course() row per program; the keywords are explained in cmake/HocCourse.cmake. A solution
# program without a row, or a row without a program, stops the configuration.

hoc_course(Exercise00_DeviceInfo device_info)

hoc_course(Exercise01_Vadd vadd RUN_ARGS --size 16777216 QUICK_ARGS --size 1048576
           CHECK_ARGS --size 1000 SIZE_OPTIONS --size OVERSIZE_ARGS --size 1000000)
hoc_course(Exercise02_ChainedVadd chained_vadd RUN_ARGS --size 16777216 QUICK_ARGS --size 1048576
           CHECK_ARGS --size 1000 SIZE_OPTIONS --size OVERSIZE_ARGS --size 1000000)
# Part 2 of Exercise 02: builds one kernel file and prints its build log when it fails. The run and
# the oclgrind check build vadd.cl (a kernel that compiles); the kernel it ships, broken_vadd.cl,
# must fail with its log (tests/reliability: Exercise02_ChainedVadd.build_log.shows_the_broken_line).
hoc_course(Exercise02_ChainedVadd build_log RUN_ARGS --kernel vadd.cl QUICK_ARGS --kernel vadd.cl
           CHECK_ARGS --kernel vadd.cl)
hoc_course(Exercise03_Vadd3 vadd3 RUN_ARGS --size 16777216 QUICK_ARGS --size 1048576
           CHECK_ARGS --size 1000 SIZE_OPTIONS --size OVERSIZE_ARGS --size 1000000)

# The matrix-multiplication ladder.
hoc_course(Exercise04_MatmulKernel matmul_kernel RUN_ARGS --size 1024 QUICK_ARGS --size 256
           CHECK_ARGS --m 17 --n 33 --k 19 SIZE_OPTIONS --size OVERSIZE_ARGS --size 1024)
hoc_course(Exercise05_MatmulHost matmul_host RUN_ARGS --size 1024 QUICK_ARGS --size 256
           CHECK_ARGS --m 17 --n 33 --k 19 SIZE_OPTIONS --size OVERSIZE_ARGS --size 1024)
hoc_course(Exercise06_MatmulRow matmul_row RUN_ARGS --size 1024 QUICK_ARGS --size 256
           CHECK_ARGS --m 17 --n 33 --k 19 SIZE_OPTIONS --size OVERSIZE_ARGS --size 1024)
hoc_course(Exercise07_MatmulPrivateRow matmul_private_row RUN_ARGS --size 1024 QUICK_ARGS --size 256
           CHECK_ARGS --m 17 --n 33 --k 19 --chunk 8 THEN --m 17 --n 33 --k 19
                THEN --m 3 --n 2 --k 1025 THEN --m 3 --n 2 --k 5 --chunk 8
           SIZE_OPTIONS --size --chunk OVERSIZE_ARGS --size 1024)
hoc_course(Exercise08_MatmulLocalColumn matmul_local_column RUN_ARGS --size 1024 QUICK_ARGS --size 256
           CHECK_ARGS --m 17 --n 33 --k 19 --chunk 8 THEN --m 3 --n 2 --k 5 --chunk 8 THEN --m 3 --n 2 --k 1025
           SIZE_OPTIONS --size --chunk OVERSIZE_ARGS --size 1024
           LOCAL_MEMORY_ARGS --m 17 --n 33 --k 100 --chunk 100)
hoc_course(Exercise09_MatmulBlocked matmul_blocked RUN_ARGS --size 1024 QUICK_ARGS --size 256
           CHECK_ARGS --m 37 --n 20 --k 45 --tile 4 --variants blocked blocked_reqd blocked_dynamic
                THEN NO_UNINITIALIZED --m 37 --n 20 --k 45 --variants image
                THEN --m 3 --n 2 --k 3 --tile 4 --variants blocked blocked_reqd blocked_dynamic
                THEN --m 8 --n 8 --k 8 --tile 4 --variants blocked blocked_reqd blocked_dynamic
           SIZE_OPTIONS --size --tile WORKGROUP_OPTIONS --tile
           OVERSIZE_ARGS --size 1024 LOCAL_MEMORY_ARGS --size 64 --tile 8)
hoc_course(Exercise09_MatmulBlocked matmul_table RUN_ARGS --size 1024 --repeats 3 QUICK_ARGS --size 256 --repeats 2
           CHECK_ARGS --m 20 --n 17 --k 33 --repeats 1 --tile 4
                      --variants serial element row private_row local_column blocked blocked_reqd blocked_dynamic
           SIZE_OPTIONS --size --repeats --tile
           WORKGROUP_OPTIONS --tile)
# Appendix E of the slides measured: one blocked kernel, tiles loaded along rows and down columns.
hoc_course(Exercise09_MatmulBlocked tile_order RUN_ARGS --size 1024 --repeats 5 QUICK_ARGS --size 256 --repeats 3
           CHECK_ARGS --m 37 --n 20 --k 45 --tile 4 --repeats 1 THEN --m 3 --n 2 --k 3 --tile 4 --repeats 1
           SIZE_OPTIONS --size --repeats --tile
           WORKGROUP_OPTIONS --tile OVERSIZE_ARGS --size 1024 LOCAL_MEMORY_ARGS --size 64 --tile 8)

# The competition. sgemm tunes (or takes --variant), multiplies, checks; sgemm_benchmark races the
# BLAS libraries (script/run races them at one size only, for the page's BLAS line). The CHECK_ARGS runs name a variant each, so that
# oclgrind checks every kernel design without a tuning run (sgemm_tiles without its uninitialized-value
# check: oclgrind 21.10 stops at the `freeze` instruction clang makes of it).
set(tiles "sgemm_tiles BK=8 BM=32 BN=32 DB=1 SKEW=0 TM=4 TN=4 WARPX=8")
set(tiles_single "sgemm_tiles BK=4 BM=16 BN=16 DB=0 SKEW=1 TM=4 TN=4 WARPX=4")
set(panel "sgemm_panel NV=2 RM=6 SKEW=1 VW=8")
set(tiles_split "sgemm_tiles BK=4 BM=16 BN=16 DB=1 KS=3 SKEW=0 TM=4 TN=4 WARPX=4")  # split K: 3 slices
set(panel_split "sgemm_panel KC=16 NV=2 RM=6 SKEW=1 VW=8")                           # split K: slices of 16
set(panel_packed "sgemm_panel KC=16 NV=2 PA=1 PB=1 PF=1 RB=4 RM=6 SKEW=1 VW=8")      # A and B packed, bands of 4 blocks
hoc_course(Exercise09b_Competition sgemm RUN_ARGS --size 1024 QUICK_ARGS --size 256
           CHECK_ARGS NO_UNINITIALIZED --shape 37 70 45 --repeats 1 --variant ${tiles}
                THEN --shape 33 40 256 --repeats 1 --variant ${panel}
                THEN NO_UNINITIALIZED --shape 20 17 256 --repeats 1 --variant ${tiles_single}
                THEN NO_UNINITIALIZED --shape 20 17 45 --repeats 1 --variant ${tiles_split}
                THEN --shape 33 40 45 --repeats 1 --variant ${panel_split}
                THEN --shape 37 70 45 --repeats 1 --variant ${panel_packed}
           SIZE_OPTIONS --size --repeats
           OVERSIZE_ARGS --size 1024 --variant ${panel}
           LOCAL_MEMORY_ARGS --shape 37 70 45 --variant ${tiles})
hoc_course(Exercise09b_Competition sgemm_benchmark RUN_ARGS --sizes 1024 --repeats 5 --no-bandwidth
           QUICK_ARGS --sizes 256 --repeats 3 --no-bandwidth
           CHECK_ARGS NO_UNINITIALIZED --sizes 40 --shapes 30x20x50 --peers none --repeats 3 --bandwidth-size 1000 --variant ${tiles}
           SIZE_OPTIONS --repeats --bandwidth-size)

# Pi, and pi with vectors. pi_serial uses no OpenCL (HOST_ONLY: it runs without a platform). The pi
# checks ask for 64 steps per work-item in work-groups of 16 (the default is one work-item for 20000
# steps), so that the work-group sum of every design, and the tree of steps 2 to 4, really runs.
# Vector pi likewise: 20 work-groups of 16, 64 steps per work-item (its default is 2 groups of 256).
hoc_course(Exercise10_Pi pi RUN_ARGS --steps 1073741824 QUICK_ARGS --steps 16777216
           CHECK_ARGS --steps 20000 --runs 1 --iters 64 --local 16
                THEN --steps 20000 --runs 1 --iters 64 --local 16 --design simple_tree
                THEN --steps 20000 --runs 1 --iters 64 --local 16 --design counted_x
           SIZE_OPTIONS --steps --runs --local --iters WORKGROUP_OPTIONS --local
           LOCAL_MEMORY_ARGS --steps 100000 --design tree --local 128)
hoc_course(Exercise10_Pi pi_serial HOST_ONLY RUN_ARGS --steps 16777216 QUICK_ARGS --steps 1048576)
hoc_course(ExerciseA_VectorPi vector_pi RUN_ARGS --steps 1073741824 QUICK_ARGS --steps 16777216
           CHECK_ARGS --steps 20000 --runs 1 --local 16 SIZE_OPTIONS --steps --runs --local WORKGROUP_OPTIONS --local
           LOCAL_MEMORY_ARGS --steps 100000 --local 128)
# More built-ins (given): conversions with saturation and rounding, swizzles, __constant, native_ math.
# The swizzles part without the uninitialized-value check: oclgrind 21.10 crashes (a segmentation
# fault) in that check on the swizzles kernel, which runs clean with every other check.
hoc_course(ExerciseA_VectorPi builtins RUN_ARGS --size 1000000 QUICK_ARGS --size 100000
           CHECK_ARGS --size 1000 --terms 5 --parts conversions constant native
                THEN NO_UNINITIALIZED --parts swizzles
           SIZE_OPTIONS --size --terms)

# Profiling, memory objects, work-item indices, events and queues, several devices.
hoc_course(Exercise11_Profiling profiling RUN_ARGS --size 16777216 --dims 1024 QUICK_ARGS --size 1048576 --dims 256
           CHECK_ARGS --size 1000 --dims 17 --runs 1 SIZE_OPTIONS --size --runs OVERSIZE_ARGS --size 1000000)
hoc_course(Exercise12_MemoryObjects memory_objects RUN_ARGS --size 16777216 --repeats 5 QUICK_ARGS --size 1048576 --repeats 3
           CHECK_ARGS --size 1000 --repeats 1 SIZE_OPTIONS --size --repeats OVERSIZE_ARGS --size 1000000)
hoc_course(Exercise13_WorkItemIndices indices RUN_ARGS --range 8x8 --groups 4x4,2x4 QUICK_ARGS --range 8x8 --groups 4x4,2x4
           CHECK_ARGS --range 8x8 --groups 4x4,2x4)
# oclgrind checks Exercise 14's part 4 only: parts 1-3 flush a queue whose kernel waits for a user
# event the host sets afterwards, and oclgrind runs a flushed queue to the end before returning (it
# would wait forever); their kernels are checked alone instead (tests/reliability/kernels). Without
# the uninitialized-value check: oclgrind 21.10 does not mark what async_work_group_strided_copy
# writes to local memory as initialized.
hoc_course(Exercise14_EventsQueues events RUN_ARGS --size 1048576 --dims 512 QUICK_ARGS --size 262144 --dims 256
           CHECK_ARGS NO_UNINITIALIZED --parts 4 --dims 17 --local 16 SIZE_OPTIONS --size --local
           WORKGROUP_OPTIONS --local OVERSIZE_ARGS --size 1000000)
hoc_course(Exercise15_MultipleDevices multi_device RUN_ARGS --dims 1024 --split all QUICK_ARGS --dims 256 --split subdevices
           CHECK_ARGS --dims 17 --split one SIZE_OPTIONS --parts)
# Part 2: two devices sharing one context, linked by an event. The oclgrind check
# runs without the hold (oclgrind runs a flushed queue to its end at once: a held gate would never open).
hoc_course(Exercise15_MultipleDevices shared_context RUN_ARGS --size 16777216 QUICK_ARGS --size 1048576
           CHECK_ARGS --size 1000 --hold 0 SIZE_OPTIONS --size OVERSIZE_ARGS --size 1000000)
# Exercise 15b is started by mpirun (its tests are in tests/mpi); script/run and the checks here start
# it alone, which MPI runs as one rank. Only where MPI was found (cmake/HocDependencies.cmake).
if(HOC_MPI)
  hoc_course(Exercise15b_Mpi mpi_split RUN_ARGS --steps 1073741824 --dims 1024 QUICK_ARGS --steps 16777216 --dims 256
             CHECK_ARGS --steps 4096 --runs 1 --dims 17,33,19 SIZE_OPTIONS --steps --runs
             OVERSIZE_ARGS --dims 1024 --parts matmul LOCAL_MEMORY_ARGS --steps 100000 --parts pi)
endif()

# Reduction and transpose. One size per reduce oclgrind run: with two sizes in one process, oclgrind
# 21.10 reports values of the second size's input (written through a mapped pointer) as
# uninitialized, although each size alone is clean and the program finds every sum correct.
# --read-size 4096: the read kernel's narrowest candidate only; oclgrind 21.10's uninitialized-value
# check crashes on its vector candidates (as on roofline_read.cl's own check, tests/reliability).
hoc_course(Exercise16_Reduction reduce RUN_ARGS --runs 5 QUICK_ARGS --sizes 4096 1048576 16777216 --runs 3
           CHECK_ARGS --sizes 4097 --runs 1 --local 64 --read-size 4096 THEN --sizes 1000 --runs 1 --local 48
           SIZE_OPTIONS --sizes --runs --local --read-size WORKGROUP_OPTIONS --local
           OVERSIZE_ARGS --sizes 1000000 LOCAL_MEMORY_ARGS --sizes 4096 --local 128)
hoc_course(Exercise17_Transpose transpose RUN_ARGS --runs 5 QUICK_ARGS --shapes 1024x1024 1000x3000 --runs 3
           CHECK_ARGS --shapes 33x17 40x24 --runs 1 --tile 8 --tile-rows 2 SIZE_OPTIONS --tile --tile-rows --runs --read-size
           WORKGROUP_OPTIONS --tile OVERSIZE_ARGS --shapes 1024x1024
           LOCAL_MEMORY_ARGS --shapes 64x64 --tile 16 --tile-rows 1 --kernels transpose_tiled transpose_padded)
# Overlapping copies and kernels: a SAXPY in chunks, one queue against three linked by events.
# NO_UNINITIALIZED: oclgrind reports every y[i] of parts 1 and 2 as "uninitialized value written"
# (shown once oclgrind_check kept every context's findings, not only the last one's); the host fills
# X and Y through a mapped CL_MEM_ALLOC_HOST_PTR buffer, which oclgrind 21.10 likely does not see as
# a write (as with the fills above). The results are checked exactly by the program.
hoc_course(Exercise19_Overlap overlap RUN_ARGS --size 16777216 --chunk 1048576 --rounds 16
           QUICK_ARGS --size 4194304 --chunk 262144 --rounds 16
           CHECK_ARGS NO_UNINITIALIZED --size 1000 --chunk 300 --slots 2 --rounds 3 --hold 0 SIZE_OPTIONS --size --chunk --slots --rounds
           OVERSIZE_ARGS --size 1000000)

# Atomics and the order of work-groups. The oclgrind checks run the three correct designs (the
# last-group design races on purpose: the checker test oclgrind.checker.histogram_last_group_broken
# expects oclgrind to report it); 1000 bytes in 4 work-groups of 16, so that groups share hot bins.
# One histogram per process (--one-launch, and the two-kernel design alone): as with reduce above,
# oclgrind 21.10 reports the second histogram's partial rows in one process as uninitialized,
# although each run alone is clean and the bins come out right.
hoc_course(Exercise18_Atomics histogram RUN_ARGS --size 16777216 --runs 5 QUICK_ARGS --size 1048576 --runs 3
           CHECK_ARGS --size 1000 --groups 4 --local 16 --runs 1 --one-launch --kernels global local
                THEN --size 1000 --groups 4 --local 16 --runs 1 --one-launch --kernels two-kernels
           SIZE_OPTIONS --size --local --groups --runs WORKGROUP_OPTIONS --local
           OVERSIZE_ARGS --size 2000000 LOCAL_MEMORY_ARGS --size 1000 --kernels local)

# The roofline by hand (the ladder's counts against the measurement; the
# oclgrind run takes the roofs as given, so that only the ladder's kernels run there), and one table of
# pi, reduction and transpose over work-group sizes.
hoc_course(Exercise20_Roofline roofline RUN_ARGS --size 1024 --repeats 3 QUICK_ARGS --size 256 --repeats 2
           CHECK_ARGS --m 17 --n 33 --k 19 --tile 4 --repeats 1 --bandwidth 10 --peak 100
           SIZE_OPTIONS --size --repeats --tile --read-size WORKGROUP_OPTIONS --tile OVERSIZE_ARGS --size 1024)
hoc_course(Exercise21_WorkGroupSize workgroup_sizes RUN_ARGS --runs 3 QUICK_ARGS --steps 4194304 --size 4194304 --rows 1024 --cols 1024 --runs 2
           CHECK_ARGS --steps 4096 --size 1000 --rows 33 --cols 17 --runs 1
           SIZE_OPTIONS --steps --size --rows --cols --runs OVERSIZE_ARGS --size 1000000 --kernels reduce)

# Work-item divergence: the same two paths, branched per work-item and per block of `span` work-items.
# NO_UNINITIALIZED: LLVM turns the grouped kernel's gid / span and gid % span into a division and a
# freeze instruction, which oclgrind 21.10's uninitialized-value check stops at ("Unsupported
# instruction: freeze"); the program checks every element exactly.
hoc_course(Exercise22_Divergence divergence RUN_ARGS --size 524288 --steps 256 --spans 1 16 32 64 --runs 3
           QUICK_ARGS --size 65536 --steps 64 --spans 1 32 --runs 2
           CHECK_ARGS NO_UNINITIALIZED --size 1000 --steps 3 --spans 1 7 32 --local 16 --runs 1
           SIZE_OPTIONS --size --steps --local --spans --runs WORKGROUP_OPTIONS --local OVERSIZE_ARGS --size 1048576)
# Occupancy: work-groups per compute unit worked out from the kernel's footprint, against GB/s measured
# as the kernel's __local array grows.
hoc_course(Exercise23_Occupancy occupancy RUN_ARGS --runs 5 QUICK_ARGS --size 4194304 --array-kb 1 16 32 --runs 3
           CHECK_ARGS --size 1000 --local 16 --array-kb 1 2 --runs 1
           SIZE_OPTIONS --size --local --array-kb --runs --cu-work-items --cu-groups --cu-local-bytes --cu-registers
           WORKGROUP_OPTIONS --local OVERSIZE_ARGS --size 1048576 LOCAL_MEMORY_ARGS --size 1000 --local 16 --array-kb 1)

# Memory layout: one particle step over an array of structures and over a structure of arrays.
hoc_course(Exercise24_MemoryLayout memory_layout RUN_ARGS --size 4194304 --runs 5 QUICK_ARGS --size 1048576 --runs 3
           CHECK_ARGS --size 1000 --local 16 --runs 1
           SIZE_OPTIONS --size --local --runs WORKGROUP_OPTIONS --local OVERSIZE_ARGS --size 1048576)

# Amdahl's law: vadd and matmul timed as whole programs (writes, kernel, read) and as the kernel alone.
hoc_course(Exercise25_Amdahl amdahl RUN_ARGS --size 16777216 --matmul-size 1024 --runs 5
           QUICK_ARGS --size 1048576 --matmul-size 256 --runs 3
           CHECK_ARGS --size 1000 --matmul-size 17 --runs 1
           SIZE_OPTIONS --size --matmul-size --runs OVERSIZE_ARGS --size 1000000)

# Kernels handed out finished: the same file in the exercise's folder and in Kernels/ (checked).
hoc_given_kernels(Exercise01_Vadd/vadd.cl Exercise02_ChainedVadd/part2_build_log/given/broken_vadd.cl
                  Exercise09_MatmulBlocked/part4_tile_order/given/matmul_tile_order.cl
                  Exercise11_Profiling/given/matmul_element.cl Exercise14_EventsQueues/given/events_queues.cl
                  Exercise19_Overlap/given/saxpy.cl ExerciseA_VectorPi/part2_builtins/given/builtins.cl
                  Exercise23_Occupancy/given/occupancy.cl Exercise25_Amdahl/given/matmul_blocked.cl
                  Exercise15_MultipleDevices/part2_shared_context/given/two_devices.cl)
