/**
 * A stand-in for LibreOffice's `soffice` on the PATH of worker processes, so the scale tests can
 * see every conversion a worker runs and make one slow or failing on purpose. A Word document
 * carries its instructions in a plain-text entry of its zip: `job=<id>`, `sleep=<seconds>`,
 * `fail=always`. Each run appends "<worker pid> <own pid> <job> <folder>" to a log.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { docx, pdf } from '../../server/helpers/fixtures';

const script = `#!/bin/sh
outdir=""
input=""
while [ $# -gt 0 ]; do
  case "$1" in
    --outdir) outdir="$2"; shift 2 ;;
    -*) shift ;;
    *) input="$1"; shift ;;
  esac
done
job=$(grep -ao 'job=[A-Za-z0-9-]*' "$input" | head -n 1 | cut -d= -f2)
secs=$(grep -ao 'sleep=[0-9.]*' "$input" | head -n 1 | cut -d= -f2)
# LibreOffice gets no environment of the server's: the log and the PDF are beside this script.
here=$(dirname "$0")
echo "$PPID $$ $job $(dirname "$input")" >> "\${FAKE_SOFFICE_LOG:-$here/runs.log}"
if [ -n "$secs" ]; then sleep "$secs"; fi
if grep -aq 'fail=always' "$input"; then
  echo "soffice: this test document always fails" >&2
  exit 1
fi
cp "\${FAKE_SOFFICE_PDF:-$here/output.pdf}" "$outdir/document.pdf"
`;

interface SofficeRun {
  workerPid: number;
  pid: number;
  job: string;
  folder: string;
}

export interface FakeSoffice {
  /** Environment for a worker: PATH with the fake first, and where it logs and what it copies. */
  env: Record<string, string>;
  /** Every run so far, in the order they started. */
  runs(): SofficeRun[];
  remove(): void;
}

export async function installFakeSoffice(): Promise<FakeSoffice> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'admissions-fake-soffice-'));
  const command = path.join(dir, 'soffice');
  writeFileSync(command, script);
  chmodSync(command, 0o755);
  const log = path.join(dir, 'runs.log');
  const output = path.join(dir, 'output.pdf');
  writeFileSync(output, await pdf(1, 'Converted'));
  return {
    env: {
      PATH: `${dir}${path.delimiter}${process.env.PATH ?? ''}`,
      FAKE_SOFFICE_LOG: log,
      FAKE_SOFFICE_PDF: output,
      // A shell script in a test folder, which it writes to: outside any sandbox.
      CONVERSION_SANDBOX: 'none',
    },
    runs: () =>
      existsSync(log)
        ? readFileSync(log, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => {
              const [workerPid, pid, job, folder] = line.split(' ');
              return {
                workerPid: Number(workerPid),
                pid: Number(pid),
                job: job ?? '',
                folder: folder ?? '',
              };
            })
        : [],
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A Word document that tells the fake soffice which job it is and how to behave. */
export function instructedDocx(
  job: string,
  options: { sleep?: number; fail?: boolean } = {},
): Promise<Uint8Array> {
  const words = [`job=${job}`];
  if (options.sleep) words.push(`sleep=${options.sleep}`);
  if (options.fail) words.push('fail=always');
  return docx(
    [`Test document ${job}`],
    [{ name: 'docProps/test-instructions.txt', data: words.join(' ') }],
  );
}
