# The plain-make rules for Cli (the command line, the file writer, the matmul programs' main),
# included by Common/common.mk for every program. Cli's sources are compiled once into
# Cli/make-objects/, as Common's are (rebuilt when make.def changes); `make clean-common` removes them too.

CLI_ROOT     := $(HOC_ROOT)/Cli
CLI_SOURCES  := $(wildcard $(CLI_ROOT)/src/*.cpp)
CLI_OBJDIR   := $(CLI_ROOT)/make-objects
CLI_OBJECTS  := $(patsubst $(CLI_ROOT)/src/%.cpp,$(CLI_OBJDIR)/%.o,$(CLI_SOURCES))

CLI_CPPFLAGS    = -I$(CLI_ROOT)/include $(COMMON_CPPFLAGS)
HOC_CPPFLAGS   += -I$(CLI_ROOT)/include
SHARED_OBJDIRS += $(CLI_OBJDIR)

$(PROGRAM): $(CLI_OBJECTS)

$(CLI_OBJDIR)/%.o: $(CLI_ROOT)/src/%.cpp $(HOC_ROOT)/make.def | $(CLI_OBJDIR)
	$(CXX) -std=c++17 $(CXXFLAGS) $(CLI_CPPFLAGS) -c -o $@ $<

$(CLI_OBJDIR):
	mkdir -p $@
