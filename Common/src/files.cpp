#include "hoc/common/files.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hoc/common/errors.hpp"

namespace hoc {
namespace {

std::string folderOf(const std::string& path)
{
    const auto slash = path.rfind('/');
    if (slash == std::string::npos)
        return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

std::string kindOf(mode_t mode)
{
    if (S_ISLNK(mode))
        return "a symbolic link (not followed: name the file itself)";
    if (S_ISDIR(mode))
        return "a folder";
    if (S_ISCHR(mode) || S_ISBLK(mode))
        return "a device";
    if (S_ISFIFO(mode))
        return "a pipe";
    if (S_ISSOCK(mode))
        return "a socket";
    return "not a regular file";
}

// The first kReplaceablePrefix bytes of a regular file (all of a smaller one), read without following a
// link; false when it cannot be read. What a file is shows in its first bytes: a file named by mistake
// (a 40 GiB disk image) is never read whole to find out.
bool readPrefix(const std::string& path, std::string& text)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return false;
    text.resize(kReplaceablePrefix);
    std::size_t got = 0;
    while (got < text.size()) {
        const ssize_t n = ::read(fd, text.data() + got, text.size() - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            const int error = errno;
            ::close(fd);
            errno = error;
            return false;
        }
        if (n == 0)
            break;
        got += static_cast<std::size_t>(n);
    }
    text.resize(got);
    ::close(fd);
    return true;
}

// What is at `path` now: nothing (the file will be created), or a regular file we may replace
// (its permissions in `mode`). Anything else throws.
bool checkTarget(const std::string& path, const std::string& what, const Replaceable& replaceable, mode_t& mode)
{
    const std::string name = what + " " + path;
    if (path.empty())
        throw Failure(what + ": no file name given");
    if (path.back() == '/')
        throw Failure(name + ": names a folder, not a file");
    const std::string folder = folderOf(path);
    struct stat info{};
    if (::stat(folder.c_str(), &info) != 0 || !S_ISDIR(info.st_mode))
        throw Failure(name + ": the folder " + folder + " does not exist");
    // What the name is comes first: a device or a link is refused as such, also in a folder that
    // cannot be written (/dev in a container), where the folder's message would hide the reason.
    const bool exists = ::lstat(path.c_str(), &info) == 0;
    if (!exists && errno != ENOENT)
        throw Failure(name + ": " + std::strerror(errno));
    if (exists && !S_ISREG(info.st_mode))
        throw Failure(name + " is " + kindOf(info.st_mode) +
                      ", not a regular file; it is left as it is "
                      "(give the name of a regular file)");
    if (::access(folder.c_str(), W_OK | X_OK) != 0)
        throw Failure(name + ": cannot write in the folder " + folder + " (" + std::strerror(errno) + ")");
    if (!exists)
        return false;
    mode = info.st_mode & 07777;
    if (replaceable) {
        std::string contents;
        if (!readPrefix(path, contents))
            throw Failure(name + ": cannot read the file to check it (" + std::strerror(errno) + ")");
        if (!replaceable(contents))
            throw Failure(name + " exists and is not a file this program writes; it is left as it is "
                                 "(remove it, or give another name)");
    }
    return true;
}

// The temporary file: created beside the target, removed unless it was renamed into place.
class TempFile {
public:
    explicit TempFile(const std::string& target)
    {
        const auto slash = target.rfind('/');
        const std::string folder = slash == std::string::npos ? "" : target.substr(0, slash + 1);
        const std::string base = slash == std::string::npos ? target : target.substr(slash + 1);
        path_ = folder + "." + base + ".tmp-XXXXXX";
        fd_ = ::mkstemp(path_.data());  // O_EXCL: never an existing file or link
        if (fd_ < 0)
            path_.clear();
    }
    ~TempFile()
    {
        if (fd_ >= 0)
            ::close(fd_);
        if (!path_.empty())
            ::unlink(path_.c_str());
    }
    TempFile(const TempFile&) = delete;
    TempFile& operator=(const TempFile&) = delete;

    int fd() const { return fd_; }
    const std::string& path() const { return path_; }
    // Closes the file; false (errno set) when the close reports a write error.
    bool close()
    {
        const int fd = fd_;
        fd_ = -1;
        return ::close(fd) == 0;
    }
    void keep() { path_.clear(); }

private:
    std::string path_;
    int fd_ = -1;
};

mode_t currentUmask()
{
    const mode_t mask = ::umask(022);
    ::umask(mask);
    return mask;
}

}  // namespace

bool looksLikeJson(const std::string& contents)
{
    const auto first = contents.find_first_not_of(" \t\r\n");
    return first == std::string::npos || contents[first] == '{';
}

void checkWritable(const std::string& path, const std::string& what, const Replaceable& replaceable)
{
    mode_t mode = 0;
    checkTarget(path, what, replaceable, mode);
}

void writeFile(const std::string& path, const std::string& text, const std::string& what,
               const Replaceable& replaceable)
{
    mode_t mode = 0666 & ~currentUmask();
    checkTarget(path, what, replaceable, mode);
    const std::string name = what + " " + path;
    auto failed = [&](const std::string& step) {
        return Failure("could not write " + name + ": " + step + ": " + std::strerror(errno) +
                       " (the file is left as it was)");
    };

    TempFile temp(path);
    if (temp.fd() < 0)
        throw failed("creating a temporary file beside it");
    ::fchmod(temp.fd(), mode);
    const char* data = text.data();
    std::size_t left = text.size();
    while (left > 0) {
        const ssize_t n = ::write(temp.fd(), data, left);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (n == 0)
                errno = EIO;
            throw failed("write");
        }
        data += n;
        left -= static_cast<std::size_t>(n);
    }
    if (::fsync(temp.fd()) != 0)
        throw failed("fsync");
    if (!temp.close())
        throw failed("close");
    // Whatever appeared at the path meanwhile is refused as before (and the temporary file removed).
    checkTarget(path, what, replaceable, mode);
    if (::rename(temp.path().c_str(), path.c_str()) != 0)
        throw failed("rename");
    temp.keep();
}

}  // namespace hoc
