# The plain-make build of a course folder. Every Exercises/X/Makefile and Solutions/X/Makefile is one
# line, `include ../../Make_def_files/course.mk`; what the folder builds is its entry in course.json
# (its programs, their main files and titles, the folder's "build": sources, libraries, kernels_from,
# uses), which course_make.py writes as make variables into make-objects/course.mk (python3; written
# again when course.json changes).
#
# An exercise's programs are built from Exercises/X; a solution's from Solutions/X's files (the lesson)
# and Exercises/X's for every other file, with its kernels in Kernels/. The course libraries' sources
# (Common/src, Cli/src, and Matmul/src, Matmul/buffers/src, Measure/src, Measure/times/src, Pi/src, Pi/run/src, Mpi/src for
# the folders that use them) are compiled once into <Library>/make-objects/ (shared by every folder, rebuilt when make.def changes; `make -j`
# compiles them side by side). `make clean` removes the folder's programs, `make clean-common` the
# shared objects. A folder built with MPI (Exercise 15b) compiles with Open MPI's wrapper mpicxx,
# which runs make.def's compiler (OMPI_CXX) with MPI's include folder and libraries added.

HOC_ROOT   := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))..)
.DEFAULT_GOAL := all
HOC_FOLDER := $(notdir $(CURDIR))
HOC_KIND   := $(notdir $(abspath $(CURDIR)/..))

include $(HOC_ROOT)/make.def

HOC_COURSE_MK := $(HOC_ROOT)/Make_def_files/make-objects/course.mk
$(HOC_COURSE_MK): $(HOC_ROOT)/course.json $(HOC_ROOT)/Make_def_files/course_make.py
	@mkdir -p $(@D)
	python3 $(HOC_ROOT)/Make_def_files/course_make.py $< $@
include $(HOC_COURSE_MK)

# (Empty until make has written make-objects/course.mk and read this file again.)
ifneq ($(HOC_COURSE_FOLDERS),)
ifeq ($(filter $(HOC_FOLDER),$(HOC_COURSE_FOLDERS)),)
$(error $(HOC_FOLDER) has no entry in course.json: an exercise is its folder plus one entry there)
endif
endif
ifneq ($(filter-out Exercises Solutions,$(HOC_KIND)),)
$(error Make_def_files/course.mk builds a folder of Exercises/ or Solutions/, not $(CURDIR))
endif
ifeq ($(hoc.$(HOC_FOLDER).mpi),yes)
ifeq ($(shell command -v mpicxx),)
$(error mpicxx not found: install Open MPI with sudo apt-get install libopenmpi-dev openmpi-bin)
endif
export OMPI_CXX := $(CXX)
CXX := mpicxx
endif

# $(call hoc_room_dirs,DIR): DIR and the folders of its room that exist (given/, partN_*/, partN_*/given/;
# the shape is described in cmake/HocCourse.cmake). $(call hoc_kernel_path,DIR...): those of every DIR,
# joined by ':'.
hoc_room_dirs   = $(1) $(patsubst %/.,%,$(wildcard $(1)/given/. $(1)/part[0-9]*/. $(1)/part[0-9]*/given/.))
hoc_empty       :=
hoc_space       := $(hoc_empty) $(hoc_empty)
hoc_kernel_path = $(subst $(hoc_space),:,$(strip $(foreach d,$(1),$(call hoc_room_dirs,$(d)))))
# $(call hoc_find,Folder/path): the file as this build's kind has it (a solution's own, else the exercise's).
hoc_find = $(firstword $(wildcard $(HOC_ROOT)/$(HOC_KIND)/$(1)) $(HOC_ROOT)/Exercises/$(1))

# The course libraries: $(call hoc_library,Name) compiles Name/src/*.cpp once into Name/make-objects/.
HOC_LIBRARY_CPPFLAGS = $(foreach l,Common Cli Matmul Matmul/buffers Measure Measure/times Pi Pi/run Mpi,-I$(HOC_ROOT)/$(l)/include) $(OPENCL_CFLAGS) \
                       -DHOC_MEASURE_KERNEL_DIRS='"$(HOC_ROOT)/Kernels"'
define hoc_library
$(1)_OBJECTS := $$(patsubst $$(HOC_ROOT)/$(1)/src/%.cpp,$$(HOC_ROOT)/$(1)/make-objects/%.o,$$(wildcard $$(HOC_ROOT)/$(1)/src/*.cpp))
$$(HOC_ROOT)/$(1)/make-objects/%.o: $$(HOC_ROOT)/$(1)/src/%.cpp $$(HOC_ROOT)/make.def
	@mkdir -p $$(@D)
	$$(CXX) -std=c++17 $$(CXXFLAGS) $$(HOC_LIBRARY_CPPFLAGS) -c -o $$@ $$<
endef
$(foreach l,Common Cli Matmul Matmul/buffers Measure Measure/times Pi Pi/run Mpi,$(eval $(call hoc_library,$(l))))

# $(call hoc_program,name): the rule of one program of this folder.
define hoc_program
hoc.$(1) := hoc.$(HOC_FOLDER).$(1)
all: $(1)
$(1): $$(call hoc_find,$$($$(hoc.$(1)).main)) $$(foreach s,$$($$(hoc.$(1)).sources),$$(call hoc_find,$$(s))) \
      $$(Common_OBJECTS) $$(Cli_OBJECTS) $$(foreach l,$$($$(hoc.$(1)).libraries),$$($$(l)_OBJECTS))
	$$(CXX) -std=c++17 $$(CXXFLAGS) $$(OPENCL_CFLAGS) \
	  $$(foreach l,Common Cli $$($$(hoc.$(1)).libraries),-I$$(HOC_ROOT)/$$(l)/include) \
	  $$(if $$(filter Matmul,$$($$(hoc.$(1)).libraries)),-I$$(HOC_ROOT)/Matmul/main/include) \
	  $$(if $$(filter Measure,$$($$(hoc.$(1)).libraries)),-I$$(HOC_ROOT)/Measure/main/include) \
	  $$(addprefix -I,$$(if $$(filter Solutions,$$(HOC_KIND)),$$(call hoc_room_dirs,$$(CURDIR))) \
	    $$(foreach f,$$($$(hoc.$(1)).rooms),$$(call hoc_room_dirs,$$(HOC_ROOT)/Exercises/$$(f)))) \
	  -DHOC_KERNEL_DIRS='"$$(if $$(filter Solutions,$$(HOC_KIND)),$$(HOC_ROOT)/Kernels,$$(call \
	    hoc_kernel_path,$$(addprefix $$(HOC_ROOT)/Exercises/,$$($$(hoc.$(1)).kernel_rooms))))"' \
	  -DHOC_FOLDER='"$$(HOC_FOLDER)"' -DHOC_TITLE=$$($$(hoc.$(1)).title) \
	  -o $$@ $$^ $$(OPENCL_LIBS) $$(LDLIBS)
endef

$(foreach p,$(hoc.$(HOC_FOLDER).programs),$(eval $(call hoc_program,$(p))))

clean:
	rm -f $(hoc.$(HOC_FOLDER).programs)

clean-common:
	rm -rf $(foreach l,Common Cli Matmul Matmul/buffers Measure Measure/times Pi Pi/run Mpi,$(HOC_ROOT)/$(l)/make-objects) $(dir $(HOC_COURSE_MK))

.PHONY: all clean clean-common
