# The plain-make rules for Measure (the profiling timeline, the copy yardstick, the two roofs), included by the
# Makefiles of the folders that use it, after Common/common.mk; built on Common alone. Its sources are compiled once into
# Measure/make-objects/, as Common's are (rebuilt when make.def changes); `make clean-common`
# removes them too.

MEASURE_ROOT    := $(HOC_ROOT)/Measure
MEASURE_SOURCES := $(wildcard $(MEASURE_ROOT)/src/*.cpp)
MEASURE_OBJDIR  := $(MEASURE_ROOT)/make-objects
MEASURE_OBJECTS := $(patsubst $(MEASURE_ROOT)/src/%.cpp,$(MEASURE_OBJDIR)/%.o,$(MEASURE_SOURCES))

MEASURE_CPPFLAGS = -I$(MEASURE_ROOT)/include $(COMMON_CPPFLAGS)
HOC_CPPFLAGS    += -I$(MEASURE_ROOT)/include
SHARED_OBJDIRS  += $(MEASURE_OBJDIR)

$(PROGRAM): $(MEASURE_OBJECTS)

$(MEASURE_OBJDIR)/%.o: $(MEASURE_ROOT)/src/%.cpp $(HOC_ROOT)/make.def | $(MEASURE_OBJDIR)
	$(CXX) -std=c++17 $(CXXFLAGS) $(MEASURE_CPPFLAGS) -DHOC_MEASURE_KERNEL_DIRS='"$(HOC_ROOT)/Kernels"' -c -o $@ $<

$(MEASURE_OBJDIR):
	mkdir -p $@
