import { readFileSync } from 'node:fs';

/**
 * The most memory this process has held, in bytes: all its threads, as the kernel counts its
 * resident pages.
 *
 * On Linux it is the high-water mark of the process's own address space (`VmHWM` in
 * /proc/self/status). `getrusage`'s maxRSS (`process.resourceUsage().maxRSS`) will not do there:
 * it keeps, across the `exec` that starts a program, the resident size of the process that
 * started it, and Node starts a child from its own address space (vfork). A proof of Hit & Blow
 * started by a process holding 512 MiB said 522 MiB by maxRSS; it holds 54. Elsewhere, and if
 * /proc cannot be read, maxRSS.
 */
export function peakMemory(): number {
  try {
    const status = readFileSync('/proc/self/status', 'latin1');
    const kib = /^VmHWM:\s*(\d+) kB$/m.exec(status)?.[1];
    if (kib !== undefined) return Number(kib) * 1024;
  } catch {
    // No /proc: the rusage figure below.
  }
  return process.resourceUsage().maxRSS * 1024;
}
