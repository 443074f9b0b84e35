import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { ConversionError, conversionMessages } from './conversion-messages';
import { inLightConversion } from './conversion-priority';
import { findOnPath } from './find-on-path';

/**
 * How LibreOffice and Ghostscript are boxed in (README "Isolation"):
 * - `bwrap`: Debian's bubblewrap, in new namespaces (no network at all, own PIDs, own IPC), seeing
 *   /usr and a few read-only files of /etc, a private /tmp and the job's own folder, nothing else;
 * - `unshare`: util-linux `unshare --net --pid` (needs root): no network, but the whole file
 *   system in view. For containers whose seccomp profile refuses bubblewrap's user namespace
 *   but that run as root;
 * - `none`: neither works (a container that forbids namespaces and is not root). The Word file
 *   was still stripped of its external links; the log says so at start.
 * Every kind runs the program under `nice -n 19` (the server's requests come first) and `prlimit`
 * (address space and CPU time) in a process group of its own (see inOwnGroup), which is killed as
 * a whole when the time is up and once the program is done.
 */
export type SandboxKind = 'bwrap' | 'unshare' | 'none';

export interface SandboxOptions {
  /** The only folder the program may write to (and, with bwrap, the only one of /tmp it sees). */
  workDir: string;
  timeoutMs: number;
  memoryMb: number;
  signal?: AbortSignal;
  sandbox: SandboxKind;
}

/**
 * The largest file LibreOffice or Ghostscript may write (prlimit --fsize): far above any PDF the
 * limits accept (DOCUMENT_MAX_PDF_MB), so it only stops a document built to fill the disk.
 */
const MAX_OUTPUT_FILE_BYTES = 256 * 1024 * 1024;

const readOnlyEtc = [
  '/etc/fonts',
  '/etc/libreoffice',
  '/etc/ld.so.cache',
  '/etc/ld.so.conf',
  '/etc/ld.so.conf.d',
  '/etc/passwd',
  '/etc/group',
  '/etc/nsswitch.conf',
  '/etc/ghostscript',
  '/etc/papersize',
  '/var/cache/fontconfig',
];

let detected: SandboxKind | undefined;

/**
 * The strongest sandbox that works on this machine, found once by running `true` in it (a
 * container may have bwrap installed and still refuse it the namespaces it needs).
 */
export function detectSandbox(): SandboxKind {
  if (detected) return detected;
  const works = (kind: SandboxKind) => {
    const [command, args] = wrap(kind, '/usr/bin/true', [], tmpdir(), 256, 0);
    return spawnSync(command, args, { stdio: 'ignore', timeout: 10_000 }).status === 0;
  };
  const PATH = process.env.PATH ?? '';
  if (findOnPath('bwrap', PATH) && works('bwrap')) detected = 'bwrap';
  else if (findOnPath('unshare', PATH) && process.getuid?.() === 0 && works('unshare'))
    detected = 'unshare';
  else detected = 'none';
  return detected;
}

let chrt: string | undefined | null = null;

/**
 * `chrt --idle 0` (util-linux) where it is found: Linux's SCHED_IDLE policy, under which a task
 * runs only when nothing else of its group wants the CPU and gives way at once when a request
 * arrives (nice 19 alone still lets it finish its time slice first: p99 latency).
 */
export function idlePolicy(): string[] {
  if (chrt === null) {
    const found = findOnPath('chrt', process.env.PATH ?? '');
    // A container may ship chrt but refuse SCHED_IDLE (seccomp): then every conversion would
    // fail to start, so the policy is tried once and left out where it is refused.
    chrt =
      found &&
      spawnSync(found, ['--idle', '0', 'true'], { stdio: 'ignore', timeout: 10_000 }).status === 0
        ? found
        : undefined;
  }
  return chrt ? ['chrt', '--idle', '0'] : [];
}

/** The command line that runs `command args` in the sandbox, limited by prlimit. */
function wrap(
  kind: SandboxKind,
  command: string,
  args: string[],
  workDir: string,
  memoryMb: number,
  cpuSeconds: number,
): [string, string[]] {
  // At the lowest CPU priority: on a busy machine, answering HTTP comes before converting.
  const limited = [
    'nice',
    '-n',
    '19',
    // A light job's program waits for no heavy one (conversion-priority.ts).
    ...(inLightConversion() ? [] : idlePolicy()),
    'prlimit',
    `--as=${memoryMb * 1024 * 1024}`,
    // No file it writes may grow past this: a crafted document cannot fill the disk.
    `--fsize=${MAX_OUTPUT_FILE_BYTES}`,
    ...(cpuSeconds > 0 ? [`--cpu=${cpuSeconds}`] : []),
    '--',
    command,
    ...args,
  ];
  if (kind === 'none') return [limited[0]!, limited.slice(1)];
  if (kind === 'unshare') {
    return ['unshare', ['--net', '--pid', '--fork', '--kill-child', '--', ...limited]];
  }
  const binds: string[] = ['--ro-bind', '/usr', '/usr'];
  for (const link of ['bin', 'lib', 'lib64', 'sbin']) {
    binds.push('--symlink', `usr/${link}`, `/${link}`);
  }
  for (const file of readOnlyEtc) if (existsSync(file)) binds.push('--ro-bind', file, file);
  // A command outside /usr (a stand-in in a test folder) must be visible to be run.
  if (!command.startsWith('/usr/')) binds.push('--ro-bind', command, command);
  return [
    'bwrap',
    [
      '--unshare-all',
      '--die-with-parent',
      ...binds,
      '--proc',
      '/proc',
      '--dev',
      '/dev',
      '--tmpfs',
      '/tmp',
      '--bind',
      workDir,
      workDir,
      '--chdir',
      workDir,
      '--clearenv',
      '--setenv',
      'PATH',
      '/usr/bin:/bin',
      '--setenv',
      'HOME',
      workDir,
      '--setenv',
      'LANG',
      'C.UTF-8',
      ...limited,
    ],
  ];
}

/** Makes itself a process group leader, then runs the command line it is given. */
const SETPGRP = 'setpgrp(0, 0); exec { $ARGV[0] } @ARGV or die "exec $ARGV[0]: $!\n"';

let perl: string | undefined | null = null;

/**
 * The command line that runs `program argv` in a process group of its own, and whether it must be
 * detached for that. Node can only give a child its own group with a new session (setsid), and
 * where Linux schedules by autogroup (`kernel.sched_autogroup_enabled`, the default outside a
 * cgroup with its own CPU controller) CPU is shared between sessions first and by nice only within
 * one: in a session of its own, LibreOffice under `nice -n 19` got as much CPU as the whole server
 * (`npm run bench -- --only isolation`). So Perl (`perl-base`, in every Debian) starts the group,
 * in the server's session; without Perl the program is detached as before.
 */
function inOwnGroup(program: string, argv: string[]): [string, string[], boolean] {
  if (perl === null) perl = findOnPath('perl', process.env.PATH ?? '');
  return perl ? [perl, ['-e', SETPGRP, program, ...argv], false] : [program, argv, true];
}

/** Process groups running now (tests check that none outlives its job). */
const runningGroups = new Set<number>();

/**
 * Runs a program in the sandbox and resolves when it exits with 0; rejects with its exit status
 * and the end of its stderr otherwise, and with ConversionError (tooSlow) when it runs past the
 * timeout. Its whole process group (LibreOffice's soffice.bin included) is killed then, and in
 * any case once it is done, so nothing it started outlives it.
 */
export function runSandboxed(
  command: string,
  args: string[],
  options: SandboxOptions,
): Promise<void> {
  const cpuSeconds = Math.ceil(options.timeoutMs / 1000) + 5;
  const [program, argv] = wrap(
    options.sandbox,
    command,
    args,
    options.workDir,
    options.memoryMb,
    cpuSeconds,
  );
  return new Promise<void>((resolve, reject) => {
    if (options.signal?.aborted) return reject(new ConversionError(conversionMessages.tooSlow));
    const [launcher, launcherArgs, detached] = inOwnGroup(program, argv);
    const child = spawn(launcher, launcherArgs, {
      cwd: options.workDir,
      detached,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: options.workDir, LANG: 'C.UTF-8' },
    });
    const pgid = child.pid;
    if (pgid) runningGroups.add(pgid);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-2000);
    });
    let timedOut = false;
    const killGroup = () => {
      if (!pgid) return;
      try {
        process.kill(-pgid, 'SIGKILL');
      } catch {
        // the group is gone already, or not made yet (Perl had not run): the launcher alone
        child.kill('SIGKILL');
      }
    };
    const stop = () => {
      timedOut = true;
      killGroup();
    };
    const timer = setTimeout(stop, options.timeoutMs);
    options.signal?.addEventListener('abort', stop, { once: true });
    child.on('error', (error) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', stop);
      if (pgid) runningGroups.delete(pgid);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', stop);
      killGroup();
      if (pgid) runningGroups.delete(pgid);
      if (timedOut) return reject(new ConversionError(conversionMessages.tooSlow));
      if (code === 0) return resolve();
      reject(new Error(`${command} exited with ${code ?? signal}: ${stderr.trim()}`));
    });
  });
}
