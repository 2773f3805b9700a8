// Imported into a child process (node --import), it writes the process's peak memory, in bytes,
// as the last line of stderr when the process exits, however it exits.
import { writeSync } from 'node:fs';

process.on('exit', () => writeSync(2, `max-rss ${process.resourceUsage().maxRSS * 1024}\n`));
