import { execFileSync } from 'node:child_process';

const shape = /^[A-Za-z0-9._:+-]{1,64}$/;

/**
 * The build's id, written into the client bundle and sent with its error reports, so a report
 * names the code that failed: BUILD_ID when the build is given one (an image built without the
 * .git folder: `--build-arg BUILD_ID=$(git rev-parse --short HEAD)`), else the git commit (with
 * "-dirty" for uncommitted changes), else the time of the build.
 */
export function buildId(env: Record<string, string | undefined> = process.env): string {
  const given = env.BUILD_ID ?? '';
  if (given) {
    if (!shape.test(given)) {
      throw new Error(
        `BUILD_ID must be 1 to 64 letters, digits or ".", "_", ":", "+", "-", got "${given}".`,
      );
    }
    return given;
  }
  try {
    const git = (args: string[]) =>
      execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const commit = git(['rev-parse', '--short=12', 'HEAD']);
    return git(['status', '--porcelain']) ? `${commit}-dirty` : commit;
  } catch {
    return `built-${new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z')}`;
  }
}
