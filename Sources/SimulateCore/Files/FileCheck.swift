import Foundation

/// What is at a path, found without opening it (opening a FIFO for reading waits for a writer for ever), and the
/// bytes of a regular file.
package enum FileCheck {
    /// Why the file at `path` cannot be read as a scenario or other input, or nil when it is a regular file.
    /// Symbolic links are followed; a loop of them is named as such.
    package static func problemReadingRegularFile(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return reason(errno) }
        return kindProblem(status.st_mode)
    }

    /// Why `path` cannot be read as a file or a directory of files, or nil when it can.
    package static func problemReadingFileOrDirectory(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return reason(errno) }
        if status.st_mode & S_IFMT == S_IFDIR { return nil }
        return kindProblem(status.st_mode)
    }

    /// Whether `path` is a directory (following symbolic links).
    package static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    private static func kindProblem(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "is a directory"
        case S_IFIFO: "is a FIFO (named pipe), not a regular file"
        case S_IFSOCK: "is a socket, not a regular file"
        case S_IFCHR: "is a character device, not a regular file"
        case S_IFBLK: "is a block device, not a regular file"
        default: "is not a regular file"
        }
    }

    /// The words for an `errno` from `stat`, `open` or `write`.
    package static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: "no such file or directory"
        case ELOOP: "symbolic link loop (too many levels of symbolic links)"
        case EACCES: "permission denied"
        case ENOTDIR: "a component of the path is not a directory"
        case ENAMETOOLONG: "path too long"
        default: String(cString: strerror(code)).lowercased()
        }
    }

    /// The bytes of the regular file at `path` (checked with ``problemReadingRegularFile(_:)`` first), read
    /// straight into the array; nil with `errno` set when it cannot be read whole.
    package static func readRegularFile(_ path: String) -> [UInt8]? {
        // O_NONBLOCK: should the file have been swapped for a FIFO since it was checked, opening does not wait.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0, let handle = fdopen(descriptor, "rb") else {
            if descriptor >= 0 { close(descriptor) }
            return nil
        }
        defer { fclose(handle) }
        var status = stat()
        guard fstat(fileno(handle), &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            errno = EINVAL
            return nil
        }
        let size = Int(status.st_size)
        var complete = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = size == 0 ? 0 : fread(buffer.baseAddress, 1, size, handle)
            complete = count == size
        }
        if !complete { errno = EIO }
        return complete ? bytes : nil
    }
}
