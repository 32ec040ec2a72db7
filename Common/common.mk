# Rules shared by every exercise and solution Makefile (the plain-make path).
# A folder's Makefile sets PROGRAM, SOURCES and KERNEL_DIRS, then includes ../../make.def
# (a copy of one file from Make_def_files/) and this file.

HOC_ROOT       := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))..)
COMMON_SOURCES := $(wildcard $(HOC_ROOT)/Common/src/*.cpp)

HOC_CPPFLAGS = -I$(HOC_ROOT)/Common/include $(OPENCL_CFLAGS) -DHOC_KERNEL_DIRS='"$(KERNEL_DIRS)"'

all: $(PROGRAM)

$(PROGRAM): $(SOURCES) $(COMMON_SOURCES)
	$(CXX) -std=c++17 $(CXXFLAGS) $(HOC_CPPFLAGS) -o $@ $^ $(OPENCL_LIBS) $(LDLIBS)

clean:
	rm -f $(PROGRAM)

.PHONY: all clean
