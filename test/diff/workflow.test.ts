import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseYaml } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';

interface Step {
  name?: string;
  uses?: string;
  with?: Record<string, unknown>;
  if?: string;
  env?: Record<string, string>;
  run?: string;
}

/** The ready workflow's pull-request job (docs/diff.md): the report against the base branch, posted, failing on a breaking change. */
describe('the change-report job of .github/workflows/podcast-gen.yml', () => {
  const workflow = parseYaml(readFileSync(join(ROOT, '.github', 'workflows', 'podcast-gen.yml'), 'utf8')) as {
    jobs: Record<string, { if?: string; permissions?: Record<string, string>; steps: Step[] }>;
  };
  const job = workflow.jobs['change-report']!;

  it('runs on pull requests, with the history to read the base branch and leave to comment', () => {
    expect(job.if).toBe("github.event_name == 'pull_request'");
    expect(job.permissions).toStrictEqual({ contents: 'read', 'pull-requests': 'write' });
    expect(job.steps.find((s) => s.uses?.startsWith('actions/checkout@'))?.with).toStrictEqual({ 'fetch-depth': 0 });
  });

  it("compares with the base branch only when the document changed, posts the markdown report, and ends with diff's exit code", () => {
    const report = job.steps.find((s) => s.run?.includes('podcast-gen diff'))!;
    expect(report.if).toBe("steps.document.outputs.changed == 'true'");
    expect(report.env?.BASE).toBe('${{ github.base_ref }}');
    const lines = report.run!.split('\n').map((line) => line.trim());
    expect(lines).toContain('npx podcast-gen diff "git:origin/$BASE" --format markdown > change-report.md || status=$?');
    expect(lines).toContain('cat change-report.md >> "$GITHUB_STEP_SUMMARY"');
    expect(lines.some((line) => line.startsWith('gh pr comment "$PR" --body-file change-report.md --edit-last --create-if-none'))).toBe(true);
    expect(lines.filter(Boolean).at(-1)).toBe('exit "$status"');
    // The base ref reaches the shell as a variable, never spliced into the script.
    expect(report.run).not.toContain('${{');
  });
});
