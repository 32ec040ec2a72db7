# The plain-make rules for Matmul, included by the Makefiles of the folders that use it, after
# Common/common.mk. Matmul is built on Common alone (its sizes and host-memory check are Common's).
# Matmul's sources are compiled once into Matmul/make-objects/, as Common's are (rebuilt when
# make.def changes); `make clean-common` removes them too.

MATMUL_ROOT    := $(HOC_ROOT)/Matmul
MATMUL_SOURCES := $(wildcard $(MATMUL_ROOT)/src/*.cpp)
MATMUL_OBJDIR  := $(MATMUL_ROOT)/make-objects
MATMUL_OBJECTS := $(patsubst $(MATMUL_ROOT)/src/%.cpp,$(MATMUL_OBJDIR)/%.o,$(MATMUL_SOURCES))

MATMUL_CPPFLAGS = -I$(MATMUL_ROOT)/include $(COMMON_CPPFLAGS)
HOC_CPPFLAGS   += -I$(MATMUL_ROOT)/include
SHARED_OBJDIRS += $(MATMUL_OBJDIR)

$(PROGRAM): $(MATMUL_OBJECTS)

$(MATMUL_OBJDIR)/%.o: $(MATMUL_ROOT)/src/%.cpp $(HOC_ROOT)/make.def | $(MATMUL_OBJDIR)
	$(CXX) -std=c++17 $(CXXFLAGS) $(MATMUL_CPPFLAGS) -c -o $@ $<

$(MATMUL_OBJDIR):
	mkdir -p $@
