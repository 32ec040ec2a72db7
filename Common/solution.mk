# The plain-make build of a solution folder (Solutions/X/Makefile includes this file): the folder
# holds only the lesson's files, so the rules are the exercise's own Makefile, run with
# HOC_EXERCISE_DIR set (Common/common.mk then finds each source here first, then in Exercises/X,
# and the kernels in Kernels/).
HOC_EXERCISE_DIR := $(abspath $(CURDIR)/../../Exercises/$(notdir $(CURDIR)))
include $(HOC_EXERCISE_DIR)/Makefile
