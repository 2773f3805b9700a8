/**
 * The thread of a proof of `codebreaker optimal` that runs on worker threads: its planner and
 * job queue (proof-run.ts says why they leave the main thread). It runs the one proof the main
 * thread sends, stops when the main thread sets the shared stop flag, and tells the main thread
 * everything it would have printed or thrown.
 */
import { parentPort } from 'node:worker_threads';
import type { Io } from './io.js';
import {
  type ProofMessage,
  type ProofStart,
  packOutcome,
  proofFailure,
  runProof,
} from './proofs/proof-run.js';

const port = parentPort;
if (!port) throw new Error('proof-worker runs only as a worker thread');
const send = (message: ProofMessage): void => port.postMessage(message);
port.once('message', async ({ request, stop, errIsTerminal }: ProofStart) => {
  const io: Io = {
    out: () => {
      throw new Error('a proof prints on standard output only from the main thread');
    },
    err: (text) => send({ kind: 'err', text }),
    errIsTerminal,
  };
  try {
    const result = await runProof(request, io, {
      started: () => send({ kind: 'started' }),
      progress: (progress, workers) => {
        send({ kind: 'progress', progress, workers });
        return Atomics.load(stop, 0) !== 0;
      },
    });
    send({ kind: 'done', outcome: packOutcome(result) });
  } catch (error) {
    const failure = proofFailure(error);
    if (!failure) throw error;
    send({ kind: 'failed', failure });
  }
});
