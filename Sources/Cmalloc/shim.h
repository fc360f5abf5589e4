// glibc's malloc settings (malloc.h is not part of Swift's Glibc module); elsewhere these do nothing.
#ifndef SPARROW_MALLOC_SHIM_H
#define SPARROW_MALLOC_SHIM_H

#include <stdlib.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

/// Fixes the trim and mmap thresholds (in bytes), which also stops glibc from moving them on its own.
static inline void sp_malloc_thresholds(int trim, int mmap) {
#if defined(__GLIBC__)
  mallopt(M_TRIM_THRESHOLD, trim);
  mallopt(M_MMAP_THRESHOLD, mmap);
#else
  (void)trim;
  (void)mmap;
#endif
}

#endif
