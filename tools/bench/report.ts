/** The benchmark's verdicts and what it prints: the table, memory, Lighthouse, the targets. */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { mib } from '../soak/report';
import type { LighthouseScores } from './lighthouse';
import type { ScenarioResult } from './load';

const MIB = 1024 * 1024;

/** The targets (docs: issue 8, Performance). */
const TARGETS = {
  postgres: { readShareOfCeiling: 0.35, readP99Ms: 25, submitP99Ms: 50, serverRssBytes: 300 * MIB },
  pglite: { readP99Ms: 100 },
  lighthouse: { performance: 95, accessibility: 100, bestPractices: 100 },
} as const;

export interface TargetCheck {
  target: string;
  actual: string;
  pass: boolean;
}

export interface LoggingCost {
  scenario: string;
  /** Requests per second and p99 with the server at LOG_LEVEL=info (the measured run) and at debug (a line per request). */
  info: { requestsPerSecond: number; p99Ms: number };
  debug: { requestsPerSecond: number; p99Ms: number };
  /** The share of the default level's throughput a line per request costs, in percent. */
  costPercent: number;
}

export function evaluateTargets(
  engine: 'pglite' | 'postgres',
  scenarios: ScenarioResult[],
  serverRssPeakBytes: number | null,
  lighthouse: LighthouseScores[] | null,
): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const reads = scenarios.filter((scenario) => scenario.kind === 'read');
  if (engine === 'postgres') {
    const { readShareOfCeiling, readP99Ms, submitP99Ms, serverRssBytes } = TARGETS.postgres;
    for (const read of reads) {
      const share = read.ratioToCeiling ?? 0;
      checks.push({
        target: `${read.name}: at least ${percent(readShareOfCeiling)} of hello-world req/s`,
        actual: percent(share),
        pass: share >= readShareOfCeiling,
      });
      checks.push({
        target: `${read.name}: p99 under ${readP99Ms} ms`,
        actual: `${read.latencyMs.p99} ms`,
        pass: read.latencyMs.p99 < readP99Ms,
      });
    }
    for (const write of scenarios.filter((scenario) => scenario.kind === 'write')) {
      checks.push({
        target: `${write.name}: p99 under ${submitP99Ms} ms`,
        actual: `${write.latencyMs.p99} ms`,
        pass: write.latencyMs.p99 < submitP99Ms,
      });
    }
    checks.push({
      target: `Server memory under load below ${mib(serverRssBytes)} RSS`,
      actual: serverRssPeakBytes === null ? 'not measured' : mib(serverRssPeakBytes),
      pass: serverRssPeakBytes !== null && serverRssPeakBytes < serverRssBytes,
    });
  } else {
    for (const read of reads) {
      const { readP99Ms } = TARGETS.pglite;
      checks.push({
        target: `${read.name}: p99 under ${readP99Ms} ms`,
        actual: `${read.latencyMs.p99} ms`,
        pass: read.latencyMs.p99 < readP99Ms,
      });
    }
  }
  for (const page of lighthouse ?? []) {
    const { performance, accessibility, bestPractices } = TARGETS.lighthouse;
    checks.push({
      target: `Lighthouse ${page.name}: performance at least ${performance}`,
      actual: String(page.performance),
      pass: page.performance >= performance,
    });
    checks.push({
      target: `Lighthouse ${page.name}: accessibility ${accessibility}`,
      actual: String(page.accessibility),
      pass: page.accessibility >= accessibility,
    });
    checks.push({
      target: `Lighthouse ${page.name}: best practices ${bestPractices}`,
      actual: String(page.bestPractices),
      pass: page.bestPractices >= bestPractices,
    });
  }
  return checks;
}

export function printScenarioTable(scenarios: ScenarioResult[]): void {
  const columns = (cells: (string | number)[]) =>
    `  ${String(cells[0]).padEnd(30)}${cells
      .slice(1)
      .map((cell) => String(cell).padStart(12))
      .join('')}`;
  console.log(columns(['scenario', 'req/s', '% of hello', 'p50 ms', 'p99 ms', 'errors', 'RSS MiB']));
  for (const scenario of scenarios) {
    console.log(
      columns([
        scenario.name,
        scenario.requestsPerSecond,
        scenario.ratioToCeiling === null ? '-' : percent(scenario.ratioToCeiling),
        scenario.latencyMs.p50,
        scenario.latencyMs.p99,
        scenario.errors,
        scenario.rssPeakBytes === null ? '-' : (scenario.rssPeakBytes / MIB).toFixed(0),
      ]),
    );
  }
}

export function printLighthouse(scores: LighthouseScores[]): void {
  const columns = (cells: (string | number)[]) =>
    `  ${String(cells[0]).padEnd(42)}${cells
      .slice(1)
      .map((cell) => String(cell).padStart(15))
      .join('')}`;
  console.log(columns(['page', 'performance', 'accessibility', 'best practices']));
  for (const page of scores)
    console.log(
      columns([
        `${page.name} (${page.path.replace(/[0-9a-f-]{36}/, ':id')})`,
        page.performance,
        page.accessibility,
        page.bestPractices,
      ]),
    );
}

export function printTargets(checks: TargetCheck[], judged: boolean): void {
  for (const check of checks) {
    const verdict = judged ? (check.pass ? 'PASS' : 'FAIL') : check.pass ? 'met ' : 'not met';
    console.log(`  ${verdict.padEnd(7)} ${check.target} (${check.actual})`);
  }
}

function percent(fraction: number): string {
  return `${(fraction * 100).toFixed(fraction < 0.1 ? 1 : 0)}%`;
}

export function machineDescription(): {
  cpuModel: string;
  cores: number;
  memoryBytes: number;
  os: string;
  node: string;
} {
  return {
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    cores: os.availableParallelism(),
    memoryBytes: os.totalmem(),
    os: `${distribution() ?? os.type()} (${os.type()} ${os.release()}, ${os.arch()})`,
    node: process.version,
  };
}

function distribution(): string | undefined {
  try {
    return /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1];
  } catch {
    return undefined;
  }
}
