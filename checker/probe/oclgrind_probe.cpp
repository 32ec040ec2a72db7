// An oclgrind plugin for the technique checks (checker/technique.py): it writes every access to local
// and global memory that a work-item of the kernel HOC_PROBE_KERNEL makes, in the order oclgrind
// executes them, to the file HOC_PROBE_OUT, one line each:
//   <kind> <local id x> <local id y> <group x> <group y> <address> <bytes>
// kind: L a load, S a store, A an atomic operation (one line, the load half of its read-modify-write)
// on local memory; l, s, a the same on global memory.
// A line "kernel <name>" starts each launch of that kernel. oclgrind --inst-counts gives totals per
// launch only; these lines say which work-item touched which local address, the evidence that one
// work-item counting alone or a tile column falling in one bank leaves.
//
// oclgrind loads it with --plugins (dlopen, then the function initializePlugins). oclgrind installs no
// headers, so the declarations below restate the part of its Plugin class that a plugin overrides, in
// the order of oclgrind 21.10's src/core/Plugin.h (the virtual functions' order is the vtable's, which
// must match); CMake builds this file only next to that version (checker/CMakeLists.txt).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace llvm {
class Instruction;
}

namespace oclgrind {
class Context;
class Kernel;
class KernelInvocation;
class Memory;
class WorkGroup;
class WorkItem;
struct TypedValue;
enum AtomicOp { AtomicAdd };
enum MessageType { DEBUG };

struct Size3 {
    size_t x, y, z;
};

class Memory {
public:
    unsigned int getAddressSpace() const;
};

class WorkItem {
public:
    Size3 getLocalID() const;
    const WorkGroup* getWorkGroup() const;
};

class WorkGroup {
public:
    Size3 getGroupID() const;
};

class Kernel {
public:
    const std::string& getName() const;
};

class KernelInvocation {
public:
    const Kernel* getKernel() const;
};

class Plugin {
public:
    Plugin(const Context* context);
    virtual ~Plugin();
    virtual void hostMemoryLoad(const Memory*, size_t, size_t) {}
    virtual void hostMemoryStore(const Memory*, size_t, size_t, const uint8_t*) {}
    virtual void instructionExecuted(const WorkItem*, const llvm::Instruction*, const TypedValue&) {}
    virtual void kernelBegin(const KernelInvocation*) {}
    virtual void kernelEnd(const KernelInvocation*) {}
    virtual void log(MessageType, const char*) {}
    virtual void memoryAllocated(const Memory*, size_t, size_t, uint64_t, const uint8_t*) {}
    virtual void memoryAtomicLoad(const Memory*, const WorkItem*, AtomicOp, size_t, size_t) {}
    virtual void memoryAtomicStore(const Memory*, const WorkItem*, AtomicOp, size_t, size_t) {}
    virtual void memoryDeallocated(const Memory*, size_t) {}
    virtual void memoryLoad(const Memory*, const WorkItem*, size_t, size_t) {}
    virtual void memoryLoad(const Memory*, const WorkGroup*, size_t, size_t) {}
    virtual void memoryMap(const Memory*, size_t, size_t, size_t, uint64_t) {}
    virtual void memoryStore(const Memory*, const WorkItem*, size_t, size_t, const uint8_t*) {}
    virtual void memoryStore(const Memory*, const WorkGroup*, size_t, size_t, const uint8_t*) {}
    virtual void memoryUnmap(const Memory*, size_t, const void*) {}
    virtual void workGroupBarrier(const WorkGroup*, uint32_t) {}
    virtual void workGroupBegin(const WorkGroup*) {}
    virtual void workGroupComplete(const WorkGroup*) {}
    virtual void workItemBegin(const WorkItem*) {}
    virtual void workItemComplete(const WorkItem*) {}
    virtual bool isThreadSafe() const;

protected:
    const Context* m_context;
};

class Context {
public:
    void registerPlugin(Plugin* plugin);
    void unregisterPlugin(Plugin* plugin);
};
}  // namespace oclgrind

namespace {

constexpr unsigned globalSpace = 1;  // oclgrind's AddrSpaceGlobal
constexpr unsigned localSpace = 3;   // oclgrind's AddrSpaceLocal

class LocalAccesses : public oclgrind::Plugin {
public:
    explicit LocalAccesses(const oclgrind::Context* context) : Plugin(context)
    {
        const char* kernel = std::getenv("HOC_PROBE_KERNEL");
        const char* out = std::getenv("HOC_PROBE_OUT");
        wanted_ = kernel ? kernel : "";
        file_ = out ? std::fopen(out, "w") : nullptr;
    }
    ~LocalAccesses() override
    {
        if (file_)
            std::fclose(file_);
    }
    LocalAccesses(const LocalAccesses&) = delete;
    LocalAccesses& operator=(const LocalAccesses&) = delete;

    void kernelBegin(const oclgrind::KernelInvocation* invocation) override
    {
        const std::string& name = invocation->getKernel()->getName();
        on_ = file_ && (wanted_.empty() || name == wanted_);
        if (on_)
            std::fprintf(file_, "kernel %s\n", name.c_str());
    }
    void kernelEnd(const oclgrind::KernelInvocation*) override
    {
        on_ = false;
        if (file_)
            std::fflush(file_);
    }
    void memoryAtomicLoad(const oclgrind::Memory* memory, const oclgrind::WorkItem* item, oclgrind::AtomicOp,
                          size_t address, size_t size) override
    {
        write('A', memory, item, address, size);
    }
    void memoryLoad(const oclgrind::Memory* memory, const oclgrind::WorkItem* item, size_t address,
                    size_t size) override
    {
        write('L', memory, item, address, size);
    }
    void memoryStore(const oclgrind::Memory* memory, const oclgrind::WorkItem* item, size_t address, size_t size,
                     const uint8_t*) override
    {
        write('S', memory, item, address, size);
    }
    // One thread: the lines of a work-item stay in its order, and no two writes meet in the file.
    bool isThreadSafe() const override { return false; }

private:
    void write(char kind, const oclgrind::Memory* memory, const oclgrind::WorkItem* item, size_t address, size_t size)
    {
        if (!on_ || !item)
            return;
        const unsigned space = memory->getAddressSpace();
        if (space == globalSpace)
            kind = static_cast<char>(kind - 'A' + 'a');
        else if (space != localSpace)
            return;
        const oclgrind::Size3 local = item->getLocalID();
        const oclgrind::Size3 group = item->getWorkGroup()->getGroupID();
        std::fprintf(file_, "%c %zu %zu %zu %zu %zu %zu\n", kind, local.x, local.y, group.x, group.y, address, size);
    }

    std::string wanted_;
    std::FILE* file_ = nullptr;
    bool on_ = false;
};

LocalAccesses* probe = nullptr;

}  // namespace

extern "C" void initializePlugins(oclgrind::Context* context)
{
    probe = new LocalAccesses(context);
    context->registerPlugin(probe);
}

extern "C" void releasePlugins(oclgrind::Context* context)
{
    context->unregisterPlugin(probe);
    delete probe;
    probe = nullptr;
}
