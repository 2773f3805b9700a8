/** The worker thread `analyze` and `tree` walk on (cli/walk-threads.ts): the library's own. */
import '../walk-worker.js';
