/**
 * `npm test` and `npm run test:full`: every check CI makes, in stages, with how long each step took.
 *
 * The build comes first: both test runners use it. Vitest then runs with its output as it comes,
 * and the static checks (types, ESLint, Prettier) run beside it at the lowest CPU priority: Vitest
 * spends a tenth of its time waiting on child processes and PostgreSQL, and the checks take those
 * idle cores without slowing a test (the scheduler gives them a core only when nothing else wants
 * it). Their outputs are printed whole once Vitest has ended. Playwright runs last, alone: its
 * timing limits are tight and it keeps both cores busy. The first stage that fails ends the run;
 * the summary names the steps that failed.
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
  /** Steps run beside `together` at the lowest CPU priority, on the cores it leaves idle; the stage waits for them too. */
  meanwhile?: Step[];
}

const bin = (name: string) => path.join(repositoryRoot, 'node_modules/.bin', name);
/** TypeScript 7's native compiler checks the types; `typescript` itself is 6, whose API ESLint's parser needs (decision 35). */
const typescript7 = path.join(repositoryRoot, 'node_modules/typescript-7/bin/tsc');

/** What `npm test` runs, in order; `full` adds the heavy tier and the coverage figure. */
export function testStages(full: boolean): Stage[] {
  const vitestArgs = ['run', ...(full ? ['--coverage.enabled'] : [])];
  return [
    { together: [{ name: 'build', command: 'npm', args: ['run', '--silent', 'build'] }] },
    {
      together: [{ name: 'vitest', command: bin('vitest'), args: vitestArgs, live: true }],
      meanwhile: [
        { name: 'lint', command: bin('eslint'), args: ['.'] },
        { name: 'types: web app', command: typescript7, args: ['-p', 'src/web/tsconfig.json'] },
        { name: 'types: web tests', command: typescript7, args: ['-p', 'test/web/tsconfig.json'] },
        { name: 'types: server, tools, tests', command: typescript7, args: ['-p', 'tsconfig.json'] },
        { name: 'format', command: bin('prettier'), args: ['--check', '--log-level', 'warn', '.'] },
      ],
    },
    // Alone: beside Vitest on two cores, each slowed the other past its time limits.
    { together: [{ name: 'playwright', command: bin('playwright'), args: ['test'], live: true }] },
  ];
}

interface Outcome {
  step: Step;
  code: number;
  seconds: number;
  /** What a step without live output wrote, to print whole. */
  output: string;
}

/** `nice` starts the program at the lowest priority, so every thread it creates inherits it. */
const lowestPriority = (step: Step): Step =>
  process.platform === 'win32' ? step : { ...step, command: 'nice', args: ['-n', '19', step.command, ...step.args] };

function run(step: Step, env: NodeJS.ProcessEnv, lowPriority: boolean): Promise<Outcome> {
  const holdOutput = !step.live;
  const { command, args } = lowPriority ? lowestPriority(step) : step;
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: repositoryRoot,
      env,
      stdio: holdOutput ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    const finish = (code: number) => {
      const seconds = (performance.now() - started) / 1000;
      resolve({ step, code, seconds, output: Buffer.concat(output).toString().trimEnd() });
    };
    child.on('error', (err) => {
      output.push(Buffer.from(`${err.message}\n`));
      finish(127);
    });
    child.on('close', (code, signal) => finish(code ?? (signal ? 128 : 1)));
  });
}

function printHeldOutput({ step, code, output }: Outcome): void {
  if (step.live) return;
  console.log(`--- ${step.name} (${code === 0 ? 'passed' : `failed, exit ${code}`})`);
  if (output) console.log(output);
}

/**
 * Runs the steps at most `limit` at a time, longest-running first as listed; `printEach` prints a
 * step's held output as it ends (else the caller prints it).
 */
async function runTogether(
  steps: Step[],
  env: NodeJS.ProcessEnv,
  options: { limit: number; lowPriority: boolean; printEach: boolean },
): Promise<Outcome[]> {
  const queue = [...steps];
  const outcomes: Outcome[] = [];
  const lanes = Array.from({ length: Math.min(options.limit, steps.length) }, async () => {
    for (let step = queue.shift(); step; step = queue.shift()) {
      const outcome = await run(step, env, options.lowPriority);
      if (options.printEach) printHeldOutput(outcome);
      outcomes.push(outcome);
    }
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
    const meanwhile = stage.meanwhile ?? [];
    const names = stage.together.map((step) => step.name).join(', ');
    console.log(
      `\n==> ${names}${meanwhile.length ? ` (meanwhile, at low priority: ${meanwhile.map((step) => step.name).join(', ')})` : ''}`,
    );
    const limit = os.availableParallelism();
    const [foreground, beside] = await Promise.all([
      runTogether(stage.together, env, { limit, lowPriority: false, printEach: true }),
      runTogether(meanwhile, env, { limit, lowPriority: true, printEach: false }),
    ]);
    beside.forEach(printHeldOutput);
    const ended = [...foreground, ...beside];
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
