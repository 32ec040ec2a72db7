# Rules shared by every exercise and solution Makefile (the plain-make path).
# An exercise's Makefile sets PROGRAM, SOURCES (paths relative to its folder: given/main.cpp ...) and
# KERNEL_DIRS (usually $(call hoc_kernel_path,$(CURDIR) ...): every folder of those rooms), then includes ../../make.def
# (a copy of one file from Make_def_files/) and this file. A solution's Makefile includes
# solution.mk, which sets HOC_EXERCISE_DIR and reads the exercise's Makefile: the solution's own
# files (the lesson) are found in its folder, every other file in Exercises/X, kernels in Kernels/.
# Every program's main.cpp parses its command line with Cli, so this file includes Cli/cli.mk (Cli's
# objects and include folder; a further program of a folder lists $(COMMON_OBJECTS) $(CLI_OBJECTS)).
# A folder that uses Matmul (or Measure) also includes ../../Matmul/matmul.mk (../../Measure/measure.mk)
# after this file.
#
# Common's sources are compiled once into Common/make-objects/, Cli's into Cli/make-objects/ (shared
# by every folder, rebuilt when make.def changes); `make -j` compiles them side by side. A folder's
# `make clean` removes its program only; `make clean-common` removes the shared objects (Cli's,
# Matmul's and Measure's too where used).

HOC_ROOT       := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))..)
COMMON_SOURCES := $(wildcard $(HOC_ROOT)/Common/src/*.cpp)
COMMON_OBJDIR  := $(HOC_ROOT)/Common/make-objects
COMMON_OBJECTS := $(patsubst $(HOC_ROOT)/Common/src/%.cpp,$(COMMON_OBJDIR)/%.o,$(COMMON_SOURCES))

ifdef HOC_EXERCISE_DIR
KERNEL_DIRS := $(HOC_ROOT)/Kernels
HOC_KIND    := Solutions
else
HOC_EXERCISE_DIR := $(CURDIR)
HOC_KIND         := Exercises
endif
# $(call hoc_room_dirs,DIR): DIR and the folders of its room that exist (given/, partN_*/, partN_*/given/;
# the shape is described in cmake/HocCourse.cmake). $(call hoc_kernel_path,DIR...): those of every DIR, joined by ':'.
hoc_room_dirs   = $(1) $(patsubst %/.,%,$(wildcard $(1)/given/. $(1)/part[0-9]*/. $(1)/part[0-9]*/given/.))
hoc_empty       :=
hoc_space       := $(hoc_empty) $(hoc_empty)
hoc_kernel_path = $(subst $(hoc_space),:,$(strip $(foreach d,$(1),$(call hoc_room_dirs,$(d)))))
# $(call hoc_find,file.cpp): the path of a file of this folder (a solution's own, else the exercise's).
hoc_find = $(firstword $(wildcard $(CURDIR)/$(1)) $(HOC_EXERCISE_DIR)/$(1))
# $(call hoc_folder_sources,Exercise05_MatmulHost): that folder's .cpp files (in every folder of its
# room) but given/main.cpp, as this build's kind has them (for programs that link other exercises'
# host code, e.g. matmul_table). $(call hoc_folder_includes,Folder...): -I for every folder of their rooms.
hoc_folder_sources = $(foreach f,$(filter-out given/main.cpp,$(patsubst $(HOC_ROOT)/Exercises/$(1)/%,%,\
                       $(wildcard $(addsuffix /*.cpp,$(call hoc_room_dirs,$(HOC_ROOT)/Exercises/$(1)))))),\
                       $(firstword $(wildcard $(HOC_ROOT)/$(HOC_KIND)/$(1)/$(f)) $(HOC_ROOT)/Exercises/$(1)/$(f)))
hoc_folder_includes = $(addprefix -I,$(foreach f,$(1),$(call hoc_room_dirs,$(HOC_ROOT)/Exercises/$(f))))

COMMON_CPPFLAGS = -I$(HOC_ROOT)/Common/include $(OPENCL_CFLAGS)
HOC_CPPFLAGS    = $(COMMON_CPPFLAGS) $(addprefix -I,$(call hoc_room_dirs,$(CURDIR)) $(call hoc_room_dirs,$(HOC_EXERCISE_DIR))) -DHOC_KERNEL_DIRS='"$(KERNEL_DIRS)"'
SOURCE_PATHS    = $(foreach s,$(SOURCES),$(call hoc_find,$(s)))
SHARED_OBJDIRS  = $(COMMON_OBJDIR)

all: $(PROGRAM)

include $(HOC_ROOT)/Cli/cli.mk

# $^: the sources and every object the program depends on (Cli's, and Matmul's where matmul.mk adds them).
$(PROGRAM): $(SOURCE_PATHS) $(COMMON_OBJECTS)
	$(CXX) -std=c++17 $(CXXFLAGS) $(HOC_CPPFLAGS) -o $@ $^ $(OPENCL_LIBS) $(LDLIBS)

$(COMMON_OBJDIR)/%.o: $(HOC_ROOT)/Common/src/%.cpp $(HOC_ROOT)/make.def | $(COMMON_OBJDIR)
	$(CXX) -std=c++17 $(CXXFLAGS) $(COMMON_CPPFLAGS) -c -o $@ $<

$(COMMON_OBJDIR):
	mkdir -p $@

clean:
	rm -f $(PROGRAM)

clean-common:
	rm -rf $(SHARED_OBJDIRS)

.PHONY: all clean clean-common
