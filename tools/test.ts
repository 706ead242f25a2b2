/**
 * `npm test` and `npm run test:full`: every check CI makes, in stages, with how long each step took.
 *
 * The static checks and the build need nothing from each other, so they share the machine's cores
 * and their outputs are printed whole as each ends. Vitest and Playwright then run one after the
 * other (each spreads over the cores itself) with their output as it comes. The first stage that
 * fails ends the run; the summary names the steps that failed.
 *
 * `--full` (npm run test:full) runs the heavy forms as well (TEST_TIER=full: the whole benchmark,
 * fuzzing at full strength, the longer soak, query plans at university size) and prints the
 * statement coverage of src/.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { repositoryRoot } from './repository-root';

export interface Step {
  name: string;
  command: string;
  args: string[];
  /** Its output as it comes (one step of a stage at most); the others' is held and printed whole as each ends. */
  live?: boolean;
}

export interface Stage {
  /** Steps that may run at once. */
  together: Step[];
}

const bin = (name: string) => path.join(repositoryRoot, 'node_modules/.bin', name);
/** TypeScript 7's native compiler checks the types; `typescript` itself is 6, whose API ESLint's parser needs (decision 35). */
const typescript7 = path.join(repositoryRoot, 'node_modules/typescript-7/bin/tsc');

/** What `npm test` runs, in order; `full` adds the heavy tier and the coverage figure. */
export function testStages(full: boolean): Stage[] {
  const vitestArgs = ['run', ...(full ? ['--coverage.enabled'] : [])];
  return [
    {
      together: [
        { name: 'types: web app', command: typescript7, args: ['-p', 'src/web/tsconfig.json'] },
        { name: 'types: web tests', command: typescript7, args: ['-p', 'test/web/tsconfig.json'] },
        { name: 'types: server, tools, tests', command: typescript7, args: ['-p', 'tsconfig.json'] },
        { name: 'build', command: 'npm', args: ['run', '--silent', 'build'] },
        { name: 'lint', command: bin('eslint'), args: ['.'] },
        { name: 'format', command: bin('prettier'), args: ['--check', '--log-level', 'warn', '.'] },
      ],
    },
    // One after the other: side by side on two cores, each slowed the other past its time limits.
    { together: [{ name: 'vitest', command: bin('vitest'), args: vitestArgs, live: true }] },
    { together: [{ name: 'playwright', command: bin('playwright'), args: ['test'], live: true }] },
  ];
}

interface Outcome {
  step: Step;
  code: number;
  seconds: number;
}

function run(step: Step, env: NodeJS.ProcessEnv): Promise<Outcome> {
  const holdOutput = !step.live;
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, {
      cwd: repositoryRoot,
      env,
      stdio: holdOutput ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    const finish = (code: number) => {
      const seconds = (performance.now() - started) / 1000;
      if (holdOutput) {
        console.log(`--- ${step.name} (${code === 0 ? 'passed' : `failed, exit ${code}`})`);
        const text = Buffer.concat(output).toString().trimEnd();
        if (text) console.log(text);
      }
      resolve({ step, code, seconds });
    };
    child.on('error', (err) => {
      output.push(Buffer.from(`${err.message}\n`));
      finish(127);
    });
    child.on('close', (code, signal) => finish(code ?? (signal ? 128 : 1)));
  });
}

/** Runs the steps at most `limit` at a time, longest-running first as listed. */
async function runTogether(steps: Step[], env: NodeJS.ProcessEnv, limit: number): Promise<Outcome[]> {
  const queue = [...steps];
  const outcomes: Outcome[] = [];
  const lanes = Array.from({ length: Math.min(limit, steps.length) }, async () => {
    for (let step = queue.shift(); step; step = queue.shift()) outcomes.push(await run(step, env));
  });
  await Promise.all(lanes);
  return outcomes;
}

function report(outcomes: Outcome[], started: number): void {
  console.log('\nStep times:');
  for (const { step, code, seconds } of outcomes)
    console.log(`  ${step.name.padEnd(30)} ${seconds.toFixed(0).padStart(5)} s${code === 0 ? '' : '  FAILED'}`);
  console.log(`  ${'total'.padEnd(30)} ${((performance.now() - started) / 1000).toFixed(0).padStart(5)} s`);
}

async function main(): Promise<number> {
  const full = process.argv.includes('--full');
  const env = { ...process.env, ...(full ? { TEST_TIER: 'full' } : {}) };
  const started = performance.now();
  const outcomes: Outcome[] = [];
  console.log(full ? 'npm run test:full: every check, with the heavy tier' : 'npm test: every check');
  for (const stage of testStages(full)) {
    const names = stage.together.map((step) => step.name).join(', ');
    console.log(`\n==> ${names}`);
    const ended = await runTogether(stage.together, env, os.availableParallelism());
    outcomes.push(...ended);
    const failed = ended.filter((outcome) => outcome.code !== 0);
    if (failed.length > 0) {
      report(outcomes, started);
      console.log(`\nFailed: ${failed.map((outcome) => outcome.step.name).join(', ')}`);
      return 1;
    }
  }
  report(outcomes, started);
  return 0;
}

process.exitCode = await main();
