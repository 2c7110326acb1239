// Whether this machine runs code built for the x86-64-v3 level (Haswell and
// later, Zen and later): what CellRasterAVX2 is compiled for. Read once by
// CellRaster, which calls those kernels only when this says yes.
#ifndef CL_CPU_FEATURES_H
#define CL_CPU_FEATURES_H

#if defined(__x86_64__)
#include <cpuid.h>

/// 1 when the processor has AVX, AVX2, FMA, F16C, BMI1, BMI2, LZCNT and
/// MOVBE (the instructions `-target-cpu haswell` lets the compiler use) and
/// the operating system saves the 256-bit registers across switches
/// (XCR0 bits 1 and 2), else 0.
static inline int cl_cpu_runs_x86_64_v3(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    const unsigned fma = 1u << 12, movbe = 1u << 22, osxsave = 1u << 27, avx = 1u << 28, f16c = 1u << 29;
    if ((c & (fma | movbe | osxsave | avx | f16c)) != (fma | movbe | osxsave | avx | f16c)) return 0;
    unsigned xcr0_low, xcr0_high;
    __asm__ volatile("xgetbv" : "=a"(xcr0_low), "=d"(xcr0_high) : "c"(0));
    if ((xcr0_low & 6u) != 6u) return 0;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    const unsigned bmi1 = 1u << 3, avx2 = 1u << 5, bmi2 = 1u << 8;
    if ((b & (bmi1 | avx2 | bmi2)) != (bmi1 | avx2 | bmi2)) return 0;
    if (!__get_cpuid(0x80000001u, &a, &b, &c, &d)) return 0;
    const unsigned lzcnt = 1u << 5;
    return (c & lzcnt) ? 1 : 0;
}
#else
static inline int cl_cpu_runs_x86_64_v3(void) { return 0; }
#endif

/// Tells the processor the caller is in a spin-wait loop (x86 `pause`, ARM
/// `yield`): the core draws less power and leaves more to a sibling thread
/// while it waits. A no-op elsewhere.
static inline void cl_cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ volatile("yield");
#endif
}

/// How many CPUs this process' affinity mask allows (0 when it cannot be
/// read): sched_getaffinity, which glibc declares only under _GNU_SOURCE.
static inline int cl_cpu_affinity_count(void) {
    extern int sched_getaffinity(int pid, unsigned long size, void *mask);
    unsigned long mask[1024 / (8 * sizeof(unsigned long))] = {0};
    if (sched_getaffinity(0, sizeof mask, mask) != 0) return 0;
    int n = 0;
    for (unsigned i = 0; i < sizeof mask / sizeof mask[0]; i++) n += __builtin_popcountl(mask[i]);
    return n;
}

/// A hint to bring the cache line at `p` in for writing soon (never
/// faults, whatever the address): Swift has no spelling for it.
static inline void cl_cpu_prefetch_write(const void *p) { __builtin_prefetch(p, 1, 3); }

#endif
