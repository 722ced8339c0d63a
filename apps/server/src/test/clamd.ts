import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ClamdScanner } from '../platform/malware-scanner';

/** The EICAR test file: every scanner detects it, and it does nothing. */
export const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
export const EICAR_SIGNATURE = 'Eicar-Test-Signature';
const CLAMD = '/usr/sbin/clamd';

export interface RunningClamd {
  url: string;
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/**
 * Debian's clamd (package clamav-daemon; .ci/run installs it) on a free port, with a signature
 * database of one entry made here: the MD5 of the EICAR file. No download, nothing shared.
 */
export async function startClamd(): Promise<RunningClamd> {
  if (!existsSync(CLAMD))
    throw new Error(`${CLAMD} is missing: install Debian's clamav-daemon (.ci/run does) to run this test`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sentinel-clamd-'));
  const db = path.join(dir, 'db');
  await mkdir(db);
  const md5 = createHash('md5').update(EICAR).digest('hex');
  await writeFile(path.join(db, 'eicar.hdb'), `${md5}:${EICAR.length}:${EICAR_SIGNATURE}\n`);
  const port = await freePort();
  const config = path.join(dir, 'clamd.conf');
  await writeFile(
    config,
    [
      'Foreground yes',
      `DatabaseDirectory ${db}`,
      `TCPSocket ${port}`,
      'TCPAddr 127.0.0.1',
      `LogFile ${path.join(dir, 'clamd.log')}`,
      `TemporaryDirectory ${dir}`,
      'StreamMaxLength 100M',
      'Bytecode no',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(CLAMD, [`--config-file=${config}`], { stdio: 'ignore' });
  const url = `tcp://127.0.0.1:${port}`;
  const scanner = new ClamdScanner(url, 2_000);
  const deadline = Date.now() + 60_000;
  while (!(await scanner.ping())) {
    if (child.exitCode !== null)
      throw new Error(`clamd exited with ${child.exitCode} (log: ${dir}/clamd.log)`);
    if (Date.now() > deadline) throw new Error('clamd did not answer PING within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
