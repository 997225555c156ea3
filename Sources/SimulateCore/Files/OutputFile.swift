import Foundation

/// A file a command writes: checked before any work starts, then replaced at once (a temporary file beside it,
/// renamed over it), so that a kill or a full disk never leaves it half written.
package struct OutputFile: Sendable, Equatable {
    /// Why it cannot be written, in words for the user.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package var path: String
        package var reason: String
        package var description: String { "cannot write \(path): \(reason)" }
    }

    package let path: String

    package init(_ path: String) { self.path = path }

    /// The problem writing here would meet, found without writing (but for root, below): the path is a
    /// directory or not a regular file, or its nearest existing folder cannot take a new file. Missing folders
    /// are made when writing.
    package func problem() -> Failure? {
        var status = stat()
        if stat(path, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: return Failure(path: path, reason: "it is a directory (give a file path)")
            default: return Failure(path: path, reason: "it exists and is not a regular file")
            }
        } else if errno == ELOOP {
            return Failure(path: path, reason: FileCheck.reason(ELOOP))
        }
        var folder = (path as NSString).deletingLastPathComponent
        if folder.isEmpty { folder = "." }
        while stat(folder, &status) != 0 {
            if errno != ENOENT { return Failure(path: path, reason: "\(folder): \(FileCheck.reason(errno))") }
            let parent = (folder as NSString).deletingLastPathComponent
            folder = parent.isEmpty ? "." : parent
        }
        if status.st_mode & S_IFMT != S_IFDIR {
            return Failure(path: path, reason: "\(folder) is not a directory")
        }
        if access(folder, W_OK) != 0 { return Failure(path: path, reason: "\(folder): permission denied") }
        // For root access(2) says yes to every folder, even where nothing can be made (/proc, /sys): make and
        // remove what writing would make first, the missing folder or a file beside the report.
        if geteuid() == 0, let failure = probe(in: folder) { return failure }
        return nil
    }

    /// Makes and removes, in `folder` (the nearest existing folder of the path), what writing would make first.
    private func probe(in folder: String) -> Failure? {
        let parent = (path as NSString).deletingLastPathComponent
        if (parent.isEmpty ? "." : parent) != folder {
            var missing = parent
            while true {
                let up = (missing as NSString).deletingLastPathComponent
                if (up.isEmpty ? "." : up) == folder { break }
                missing = up
            }
            guard mkdir(missing, 0o755) == 0 else {
                return Failure(path: path, reason: "\(missing): \(Self.reason(errno))")
            }
            rmdir(missing)
            return nil
        }
        var template = Array((folder + "/.simulate-probe.XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return Failure(path: path, reason: "\(folder): \(Self.reason(errno))") }
        close(descriptor)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        return nil
    }

    /// Whether two outputs are one file: the same path once made absolute and tidied, or the same file on disk.
    package func isSameFile(as other: OutputFile) -> Bool {
        if Self.absolute(path) == Self.absolute(other.path) { return true }
        var left = stat()
        var right = stat()
        return stat(path, &left) == 0 && stat(other.path, &right) == 0 && left.st_dev == right.st_dev
            && left.st_ino == right.st_ino
    }

    private static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return (full as NSString).standardizingPath
    }

    /// Writes `bytes` to a temporary file in the same folder and renames it over the path; makes missing folders.
    package func write(_ bytes: some Collection<UInt8>) throws(Failure) {
        if let problem = problem() { throw problem }
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw Failure(path: path, reason: "cannot make the folder \(folder)")
            }
        }
        let name = (path as NSString).lastPathComponent
        var template = Array(((folder.isEmpty ? "" : folder + "/") + "." + name + ".XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw Failure(path: path, reason: FileCheck.reason(errno)) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure: Int32?
        let copy = Array(bytes)
        copy.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        // mkstemp makes the file 0600; a report is as readable as other files are by default.
        if failure == nil, fchmod(descriptor, 0o644) != 0 { failure = errno }
        if failure == nil, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == nil { failure = errno }
        if failure == nil, rename(temporary, path) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw Failure(path: path, reason: Self.reason(failure))
        }
    }

    private static func reason(_ code: Int32) -> String {
        switch code {
        case ENOSPC: "no space left on the device"
        case EDQUOT: "disk quota exceeded"
        case EROFS: "read-only file system"
        default: FileCheck.reason(code)
        }
    }
}
