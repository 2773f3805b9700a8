// Imported into a child process (node --import), it writes the process's peak memory, in bytes,
// as the last line of stderr when the process exits, however it exits: the command's own count
// (dist/cli/peak-memory.js), which leaves out the memory of the process that started this one.
import { writeSync } from 'node:fs';
import { peakMemory } from '../dist/cli/peak-memory.js';

process.on('exit', () => writeSync(2, `max-rss ${peakMemory()}\n`));
