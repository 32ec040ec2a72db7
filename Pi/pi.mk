# The plain-make rules for Pi (the pi programs' references and error bounds), included by the Makefiles
# of the folders that use it, after Common/common.mk; built on Common alone. Its sources are compiled
# once into Pi/make-objects/, as Common's are (rebuilt when make.def changes); `make clean-common`
# removes them too. A further program of a folder lists $(PI_OBJECTS) with its sources.

PI_ROOT    := $(HOC_ROOT)/Pi
PI_SOURCES := $(wildcard $(PI_ROOT)/src/*.cpp)
PI_OBJDIR  := $(PI_ROOT)/make-objects
PI_OBJECTS := $(patsubst $(PI_ROOT)/src/%.cpp,$(PI_OBJDIR)/%.o,$(PI_SOURCES))

PI_CPPFLAGS     = -I$(PI_ROOT)/include $(COMMON_CPPFLAGS)
HOC_CPPFLAGS    += -I$(PI_ROOT)/include
SHARED_OBJDIRS  += $(PI_OBJDIR)

$(PROGRAM): $(PI_OBJECTS)

$(PI_OBJDIR)/%.o: $(PI_ROOT)/src/%.cpp $(HOC_ROOT)/make.def | $(PI_OBJDIR)
	$(CXX) -std=c++17 $(CXXFLAGS) $(PI_CPPFLAGS) -c -o $@ $<

$(PI_OBJDIR):
	mkdir -p $@
