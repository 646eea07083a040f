# A slow disk for the watch-folder tests: a FUSE pass-through of SRC mounted at MOUNT that
# waits DELAY seconds on every lookup, listing, open and read (a USB stick, a network share).
# Files written into SRC directly stand for files written from another machine: the mount
# gives no change events for them. Usage: python3 slow-fs.py SRC MOUNT DELAY (foreground;
# unmount with fusermount3 -u MOUNT). Needs Debian's python3-fusepy and fuse3.
import os, sys, time, errno
from fusepy import FUSE, Operations, FuseOSError
class Slow(Operations):
    def __init__(self, root, delay): self.root, self.delay = root, delay
    def _p(self, path): return os.path.join(self.root, path.lstrip('/'))
    def _slow(self): time.sleep(self.delay)
    def getattr(self, path, fh=None):
        self._slow()
        try: st = os.lstat(self._p(path))
        except OSError as e: raise FuseOSError(e.errno)
        return {k: getattr(st, k) for k in ('st_atime','st_ctime','st_gid','st_mode','st_mtime','st_nlink','st_size','st_uid')}
    def readdir(self, path, fh):
        self._slow(); return ['.', '..'] + os.listdir(self._p(path))
    def access(self, path, mode):
        if not os.access(self._p(path), mode): raise FuseOSError(errno.EACCES)
    def open(self, path, flags): self._slow(); return os.open(self._p(path), flags)
    def create(self, path, mode, fi=None): return os.open(self._p(path), os.O_WRONLY|os.O_CREAT, mode)
    def read(self, path, size, offset, fh): self._slow(); os.lseek(fh, offset, 0); return os.read(fh, size)
    def write(self, path, data, offset, fh): os.lseek(fh, offset, 0); return os.write(fh, data)
    def truncate(self, path, length, fh=None):
        with open(self._p(path), 'r+') as f: f.truncate(length)
    def release(self, path, fh): return os.close(fh)
    def flush(self, path, fh): return None
    def mkdir(self, path, mode): return os.mkdir(self._p(path), mode)
    def rename(self, old, new): return os.rename(self._p(old), self._p(new))
    def unlink(self, path): return os.unlink(self._p(path))
    def utimens(self, path, times=None): return os.utime(self._p(path), times)
    def chmod(self, path, mode): return os.chmod(self._p(path), mode)
if __name__ == '__main__':
    FUSE(Slow(sys.argv[1], float(sys.argv[3])), sys.argv[2], foreground=True, nothreads=False)
