/**
 * `npm run forms:preview`: serves every form page for authors at http://127.0.0.1:5180 in two
 * views: the applicant's page (/applicant/<id>: the product's own question components and
 * compiled validators, switches for "as after Submit" and for each condition's branches,
 * forms:check's findings beside the questions they name) and the specification sheet
 * (/page/<id>: all branches marked with their condition, each key's rules and exact messages).
 * Both reload when a file under forms/ or schemas/ is saved. Options:
 *   --port N        another port (default 5180)
 *   --forms DIR     another forms folder (default forms/)
 *   --schemas DIR   another schemas folder (default schemas/)
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startPreview } from './forms-preview/server';

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string', default: '5180' },
      forms: { type: 'string', default: 'forms' },
      schemas: { type: 'string', default: 'schemas' },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`forms:preview: --port ${values.port} is not a port number`);
    return 2;
  }
  let preview;
  try {
    preview = await startPreview({
      port,
      formsDir: path.resolve(values.forms),
      schemasDir: path.resolve(values.schemas),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    console.error(
      code === 'EADDRINUSE'
        ? `forms:preview: port ${port} is in use; choose another with --port`
        : `forms:preview: ${(error as Error).message}`,
    );
    return 1;
  }
  console.log(`forms:preview: ${preview.url} (Ctrl-C to stop)`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
