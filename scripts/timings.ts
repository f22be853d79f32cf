/**
 * The timing table of `npm test` (scripts/test-all.ts): each step, each e2e spec file, the slowest e2e tests and the
 * slowest unit test files, read from Playwright's and Vitest's JSON reports. Also the counts of tests passed and
 * failed, for the run's last line.
 */
import { existsSync, readFileSync } from 'node:fs';

interface StepTime {
  name: string;
  seconds: number;
  ok: boolean;
}

interface PwResult {
  duration: number;
  status: string;
}
interface PwSpec {
  title: string;
  file: string;
  line: number;
  tests: { results: PwResult[] }[];
}
interface PwSuite {
  title: string;
  file: string;
  specs?: PwSpec[];
  suites?: PwSuite[];
}
interface PwReport {
  suites: PwSuite[];
}

interface VitestReport {
  testResults: {
    name: string;
    startTime: number;
    endTime: number;
    assertionResults: { status: string }[];
  }[];
}

export interface E2eTest {
  file: string;
  title: string;
  line: number;
  ms: number;
  status: string;
  /** How many runs it took (more than one: it failed and was tried again). */
  tries: number;
}

/** Every test of a Playwright JSON report, with the duration of its last try. */
export function e2eTests(report: PwReport): E2eTest[] {
  const out: E2eTest[] = [];
  const walk = (suite: PwSuite, path: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        const last = t.results.at(-1);
        out.push({
          file: spec.file,
          title: [...path, spec.title].join(' › '),
          line: spec.line,
          ms: last?.duration ?? 0,
          status: last?.status ?? 'skipped',
          tries: t.results.length,
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report.suites) walk(suite, []);
  return out;
}

function readJson<T>(file: string): T | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export interface Counts {
  passed: number;
  failed: number;
}

/** Tests passed and failed in the reports of this run. */
export function testCounts(dir = 'reports'): Counts {
  const counts = { passed: 0, failed: 0 };
  const e2e = readJson<PwReport>(`${dir}/e2e-report.json`);
  for (const t of e2e ? e2eTests(e2e) : []) {
    if (t.status === 'passed') counts.passed++;
    else if (t.status !== 'skipped') counts.failed++;
  }
  for (const file of readJson<VitestReport>(`${dir}/unit-report.json`)?.testResults ?? []) {
    for (const a of file.assertionResults) {
      if (a.status === 'passed') counts.passed++;
      else if (a.status === 'failed') counts.failed++;
    }
  }
  return counts;
}

/** The Markdown table of a run: its steps, e2e per spec, the slowest twenty e2e tests and unit files. */
export function timingReport(steps: StepTime[], totalSeconds: number, dir = 'reports'): string {
  const lines = [
    `# Timings of \`npm test\` (${new Date().toISOString().slice(0, 16)}Z): ${Math.floor(totalSeconds / 60)} min ${totalSeconds % 60} s`,
    '',
    '| step | time | result |',
    '| --- | ---: | --- |',
    ...steps.map((r) => `| ${r.name} | ${r.seconds.toFixed(1)} s | ${r.ok ? 'passed' : 'FAILED'} |`),
  ];
  const e2e = readJson<PwReport>(`${dir}/e2e-report.json`);
  if (e2e) {
    const tests = e2eTests(e2e);
    const bySpec = new Map<string, { ms: number; n: number }>();
    for (const t of tests) {
      const spec = bySpec.get(t.file) ?? { ms: 0, n: 0 };
      spec.ms += t.ms;
      spec.n++;
      bySpec.set(t.file, spec);
    }
    const flaky = tests.filter((t) => t.tries > 1);
    lines.push(
      '',
      `## Flaky: ${flaky.length} end-to-end tests needed a second try`,
      '',
      ...flaky.map((t) => `- ${t.file}:${t.line} ${t.title} (${t.status} on try ${t.tries})`),
    );
    lines.push(
      '',
      `## End-to-end, per spec (${tests.length} tests; the two workers run specs side by side)`,
      '',
      '| spec | tests | time |',
      '| --- | ---: | ---: |',
      ...[...bySpec]
        .sort((a, b) => b[1].ms - a[1].ms)
        .map(([file, { ms, n }]) => `| ${file} | ${n} | ${s(ms)} |`),
      '',
      '## The slowest twenty end-to-end tests',
      '',
      '| test | time | result |',
      '| --- | ---: | --- |',
      ...[...tests]
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 20)
        .map((t) => `| ${t.file}:${t.line} ${t.title.replaceAll('|', '/')} | ${s(t.ms)} | ${t.status} |`),
    );
  }
  const unit = readJson<VitestReport>(`${dir}/unit-report.json`);
  if (unit) {
    const root = `${process.cwd()}/`;
    lines.push(
      '',
      '## The slowest twenty unit and service test files',
      '',
      '| file | tests | time |',
      '| --- | ---: | ---: |',
      ...[...unit.testResults]
        .sort((a, b) => b.endTime - b.startTime - (a.endTime - a.startTime))
        .slice(0, 20)
        .map(
          (f) =>
            `| ${f.name.replace(root, '')} | ${f.assertionResults.length} | ${s(f.endTime - f.startTime)} |`,
        ),
    );
  }
  return `${lines.join('\n')}\n`;
}
