/**
 * Loaded before a command (`--require`), writes the CPU time of its whole process, every thread
 * included (the JIT's and the garbage collector's), to file descriptor 3 as it exits. Worker
 * threads load it too (they inherit the flag) and must not write: only the main thread does.
 * CommonJS, so that a worker thread loads it without Node's ES module loader, which an
 * `--import` would start in every thread (tens of milliseconds each, charged to the threads).
 */
const { writeSync } = require('node:fs');
const { isMainThread } = require('node:worker_threads');

if (isMainThread) {
  process.on('exit', () => {
    const { user, system } = process.cpuUsage();
    writeSync(3, String((user + system) / 1e6));
  });
}
