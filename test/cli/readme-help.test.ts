import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTemplates } from '../../generator/emit/templates.js';
import { ROOT } from '../helpers/paths.js';
import { runCli } from './helpers/run-cli.js';

const USAGE = join(ROOT, 'README.md');
const BLOCK = /<!-- help: (.+?) -->\n```text\n([\s\S]*?)```/g;

/**
 * The README's `--help` blocks are what the command prints, byte for byte. To refresh them after
 * changing the CLI: `UPDATE_README_HELP=1 npx vitest run test/cli/readme-help.test.ts`.
 */
describe('README usage section', () => {
  const text = readFileSync(USAGE, 'utf8');
  const blocks = [...text.matchAll(BLOCK)].map((m) => ({ args: m[1]!.split(' '), shown: m[2]! }));

  it('shows the help of podcast-gen and of every command', () => {
    expect(blocks.map((b) => b.args.join(' ')).sort()).toStrictEqual(['--help', 'check --help', 'generate --help', 'lint --help', 'mcp --help', 'mock --help']);
  });

  it('shows each help exactly as it prints', async () => {
    let updated = text;
    for (const block of blocks) {
      const run = await runCli(block.args, { cwd: ROOT });
      expect(run.code).toBe(0);
      if (process.env.UPDATE_README_HELP) updated = updated.replace(`<!-- help: ${block.args.join(' ')} -->\n\`\`\`text\n${block.shown}`, `<!-- help: ${block.args.join(' ')} -->\n\`\`\`text\n${run.stdout}`);
      else expect(block.shown, `podcast-gen ${block.args.join(' ')}`).toBe(run.stdout);
    }
    if (updated !== text) writeFileSync(USAGE, updated);
  });

  it('documents every built-in template', () => {
    for (const name of loadTemplates().names()) expect(text, name).toContain(`\`${name}\``);
  });
});
