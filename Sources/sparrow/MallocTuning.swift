import Cmalloc

/// glibc hands freed memory at the top of a thread's arena back to the kernel as soon as it passes
/// 128 KB. SQLite allocates and frees a page cache for every temporary b-tree (each `IN (…)` list, each
/// sort), so one timeline call returned memory and faulted it back in several times, with a TLB
/// shootdown on every core each time: over a third of the call went to the kernel. Fixed thresholds
/// keep freed memory in the process for reuse.
enum MallocTuning {
  static func apply() {
    sp_malloc_thresholds(16 << 20, 4 << 20)
  }
}
