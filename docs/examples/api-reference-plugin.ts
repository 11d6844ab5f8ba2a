/**
 * An example of an output of your own: a short markdown reference of the API, one section per
 * operation, written to `API.md` (or the file its `file` option names). Use it in a config:
 *
 *   import { defineConfig } from 'podcast-gen';
 *   import { apiReference } from './api-reference-plugin.js';
 *   export default defineConfig({ plugins: [apiReference], outputs: ['client', 'api-reference'], 'api-reference': { file: 'docs/API.md' } });
 *
 * Like every output, it reads the model only: operations, their inputs and responses, as the
 * built-in outputs see them.
 */
import { definePlugin, type ApiModel, type OperationModel } from 'podcast-gen';

type SchemaObject = OperationModel['inputSchema'];

export const apiReference = definePlugin({
  name: 'api-reference',
  options: { file: 'API.md' },
  emit(model, { options }) {
    return [{ path: options.file, content: reference(model) }];
  },
});

function reference(model: ApiModel): string {
  const lines = [`# ${text(model.title)} ${text(model.version)}`, ''];
  if (model.description) lines.push(text(model.description), '');
  if (model.servers.length > 0) lines.push(`Base URL: ${model.servers.map((s) => `\`${code(s.url)}\``).join(', ')}`, '');
  lines.push('| Operation | Method | Path | Summary |', '| --- | --- | --- | --- |');
  for (const op of model.operations)
    lines.push(`| [${text(op.operationId)}](#${anchor(op.operationId)}) | ${op.method.toUpperCase()} | \`${code(op.path)}\` | ${cell(op.summary ?? '')} |`);
  for (const op of model.operations) lines.push('', ...operationSection(op));
  return `${lines.join('\n')}\n`;
}

function operationSection(op: OperationModel): string[] {
  const lines = [`## ${text(op.operationId)}`, '', `\`${op.method.toUpperCase()} ${code(op.path)}\`${op.deprecated ? ' (deprecated)' : ''}`, ''];
  if (op.summary) lines.push(text(op.summary), '');
  if (op.description && op.description !== op.summary) lines.push(text(op.description), '');
  if (op.scopes.length > 0) lines.push(`Scopes: ${op.scopes.map((s) => `\`${code(s)}\``).join(', ')}`, '');
  if (op.input.length > 0) {
    lines.push('| Input | In | Required | Type | Description |', '| --- | --- | --- | --- | --- |');
    for (const field of op.input)
      lines.push(
        `| \`${code(field.name)}\` | ${field.in} | ${field.required ? 'yes' : 'no'} | ${cell(typeOf(field.schema))} | ${cell(field.description ?? field.schema.description ?? '')} |`,
      );
    lines.push('');
  }
  lines.push('| Response | Description |', '| --- | --- |');
  for (const response of [op.success, ...op.errors]) lines.push(`| ${response.status} | ${cell(response.description)} |`);
  return lines;
}

/** A short name for a schema's type: `string`, `integer[]`, `Avatar`, `object`. */
function typeOf(schema: SchemaObject): string {
  if (schema.$ref) return schema.$ref.slice(schema.$ref.lastIndexOf('/') + 1);
  if (schema.type === 'array') return `${schema.items ? typeOf(schema.items) : 'unknown'}[]`;
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' \\| ');
  return schema.type ?? (schema.oneOf || schema.anyOf ? 'one of several' : 'any');
}

/** Text from the document in running markdown: one line, with markdown's own characters escaped. */
function text(value: string): string {
  return value
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/([\\`*_{}[\]<>()#+!|~])/g, '\\$1');
}

/** Text in a table cell. */
function cell(value: string): string {
  return text(value);
}

/** Text in a code span: backticks cannot be escaped there, so they are left out. */
function code(value: string): string {
  return value.replace(/\s+/g, ' ').replace(/`/g, "'");
}

/** The id a markdown renderer (GitHub's) gives a heading's text. */
function anchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}
