import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { parseYaml } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { loadTemplates } from '../../generator/emit/templates.js';
import { ROOT, SPEC } from '../helpers/paths.js';
import { runCli } from './helpers/run-cli.js';

const DOCS = join(ROOT, 'docs');
const CLI_DOC = join(DOCS, 'cli.md');
const BLOCK = /<!-- help: (.+?) -->\n```text\n([\s\S]*?)```/g;

/**
 * docs/cli.md's `--help` blocks are what the command prints, byte for byte. To refresh them after
 * changing the CLI: `UPDATE_DOCS_HELP=1 npx vitest run test/cli/docs-help.test.ts`.
 */
describe('docs/cli.md', () => {
  const text = readFileSync(CLI_DOC, 'utf8');
  const blocks = [...text.matchAll(BLOCK)].map((m) => ({ args: m[1]!.split(' '), shown: m[2]! }));

  it('shows the help of podcast-gen and of every command', () => {
    expect(blocks.map((b) => b.args.join(' ')).sort()).toStrictEqual([
      '--help',
      'check --help',
      'diff --help',
      'generate --help',
      'lint --help',
      'mcp --help',
      'mock --help',
      'verify --help',
    ]);
  });

  it('shows each help exactly as it prints', async () => {
    let updated = text;
    for (const block of blocks) {
      const run = await runCli(block.args, { cwd: ROOT });
      expect(run.code).toBe(0);
      if (process.env.UPDATE_DOCS_HELP)
        updated = updated.replace(
          `<!-- help: ${block.args.join(' ')} -->\n\`\`\`text\n${block.shown}`,
          `<!-- help: ${block.args.join(' ')} -->\n\`\`\`text\n${run.stdout}`,
        );
      else expect(block.shown, `podcast-gen ${block.args.join(' ')}`).toBe(run.stdout);
    }
    if (updated !== text) writeFileSync(CLI_DOC, updated);
  });
});

describe('docs/plugins-and-templates.md', () => {
  const text = readFileSync(join(DOCS, 'plugins-and-templates.md'), 'utf8');

  it('documents every built-in template', () => {
    for (const name of loadTemplates().names()) expect(text, name).toContain(`\`${name}\``);
  });

  it('names no template that is not built in (partials aside)', () => {
    const named = [...text.matchAll(/`([a-z][\w.-]*\.hbs)`/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((name) => !loadTemplates().names().includes(name))).toStrictEqual([]);
  });
});

describe('docs/open-points.md', () => {
  /** JSON pointers of the places of the podcast document that carry `x-assumed`. */
  function assumedPlaces(): string[] {
    const places: string[] = [];
    const walk = (node: unknown, pointer: string): void => {
      if (!node || typeof node !== 'object') return;
      if (!Array.isArray(node) && 'x-assumed' in node) places.push(`#${pointer}`);
      for (const [key, value] of Object.entries(node)) walk(value, `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`);
    };
    walk(parseYaml(readFileSync(SPEC, 'utf8')), '');
    return places.sort();
  }

  it('lists every x-assumed choice of the document in its table, and no other place', () => {
    const text = readFileSync(join(DOCS, 'open-points.md'), 'utf8');
    const section = text.slice(text.indexOf('## Choices made'), text.indexOf('\n## ', text.indexOf('## Choices made') + 1));
    const listed = [...section.matchAll(/^\|.*?`(#\/[^`]+)`/gm)].map((m) => m[1]!).sort();
    expect(assumedPlaces().length).toBeGreaterThan(0);
    expect(listed).toStrictEqual(assumedPlaces());
  });
});

describe('README.md and docs/', () => {
  const pages = [
    join(ROOT, 'README.md'),
    ...readdirSync(DOCS)
      .filter((f) => f.endsWith('.md'))
      .map((f) => join(DOCS, f)),
  ];

  /** GitHub's heading anchors: lower case, punctuation dropped, each space a `-`, repeats numbered. */
  function anchorsOf(markdown: string): Set<string> {
    const seen = new Map<string, number>();
    const anchors = new Set<string>();
    for (const [, heading] of markdown.replace(/```[\s\S]*?```/g, '').matchAll(/^#{1,6} (.+)$/gm)) {
      const slug = heading!
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/ /g, '-');
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    return anchors;
  }

  it('link only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const page of pages) {
      const markdown = readFileSync(page, 'utf8');
      for (const [, target] of markdown.replace(/```[\s\S]*?```/g, '').matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target!)) continue;
        const [file, anchor] = target!.split('#') as [string, string | undefined];
        const path = file === '' ? page : join(dirname(page), file);
        const where = `${relative(ROOT, page)}: ${target}`;
        if (!existsSync(path)) broken.push(`${where} (no such file)`);
        else if (anchor && path.endsWith('.md') && statSync(path).isFile() && !anchorsOf(readFileSync(path, 'utf8')).has(anchor))
          broken.push(`${where} (no such heading)`);
      }
    }
    expect(broken).toStrictEqual([]);
  });

  it('never call the interface description "the seed"', () => {
    for (const page of pages) expect(readFileSync(page, 'utf8'), relative(ROOT, page)).not.toMatch(/\bseed/i);
  });
});
