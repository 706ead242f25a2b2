import { spawn } from 'node:child_process';
import path from 'node:path';

export interface ToolRun {
  code: number | null;
  /** Everything it wrote to stdout and stderr. */
  output: string;
}

/**
 * Runs one of the repository's tools (tools/<name>.ts) as a person runs it, with a deadline:
 * past it the tool gets SIGTERM (it then stops its servers and still reports), and SIGKILL if
 * that does not end it. Nothing from this environment (an exported DATABASE_URL, say) may
 * point it elsewhere.
 */
export function runTool(script: string, args: string[], deadlineMs: number): Promise<ToolRun> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(script), ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TMPDIR: process.env.TMPDIR ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const terminate = setTimeout(() => child.kill('SIGTERM'), deadlineMs);
    const kill = setTimeout(() => child.kill('SIGKILL'), deadlineMs + 20_000);
    child.once('exit', (code) => {
      clearTimeout(terminate);
      clearTimeout(kill);
      resolve({ code, output });
    });
  });
}

export interface NpmScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `npm run <script> -- <args>` as an operator runs it, with only the given environment (a
 * DATABASE_URL of the test runner must not leak in). npm runs the command in processes of its
 * own, so a command that overruns is killed with its whole process group.
 */
export function runNpmScript(
  script: 'backup' | 'restore' | 'storage:copy',
  args: string[],
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<NpmScriptRun> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
