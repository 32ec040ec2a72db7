# Rules shared by every exercise and solution Makefile (the plain-make path).
# A folder's Makefile sets PROGRAM, SOURCES and KERNEL_DIRS, then includes ../../make.def
# (a copy of one file from Make_def_files/) and this file (and ../../Matmul/matmul.mk where it
# uses Matmul).
#
# Common's sources are compiled once into Common/make-objects/ (shared by every folder, rebuilt
# when make.def changes); `make -j` compiles them side by side. A folder's `make clean` removes its
# program only; `make clean-common` removes the shared objects (Matmul's too where it is used).

HOC_ROOT       := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))..)
COMMON_SOURCES := $(wildcard $(HOC_ROOT)/Common/src/*.cpp)
COMMON_OBJDIR  := $(HOC_ROOT)/Common/make-objects
COMMON_OBJECTS := $(patsubst $(HOC_ROOT)/Common/src/%.cpp,$(COMMON_OBJDIR)/%.o,$(COMMON_SOURCES))

COMMON_CPPFLAGS = -I$(HOC_ROOT)/Common/include $(OPENCL_CFLAGS)
HOC_CPPFLAGS    = $(COMMON_CPPFLAGS) -DHOC_KERNEL_DIRS='"$(KERNEL_DIRS)"'
SHARED_OBJDIRS  = $(COMMON_OBJDIR)

all: $(PROGRAM)

# $^: the sources and every object the program depends on (Matmul's too, where matmul.mk adds them).
$(PROGRAM): $(SOURCES) $(COMMON_OBJECTS)
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
