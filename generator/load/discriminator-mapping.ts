import { isMappingRef } from '@redocly/openapi-core';
import { escapeToken } from '../json-pointer.js';

/**
 * OpenAPI 3.0 lets a discriminator's mapping name a component schema by its bare name
 * (`Cat: Cat`) as well as by reference. redocly resolves every mapping value as a `$ref`, so a bare
 * name is reported unresolved; this rewrites bare names of existing component schemas to the
 * reference they mean (`#/components/schemas/Cat`), in place, before lint and bundling.
 * `fromJson`: no node sits in two places (no YAML alias), so none is remembered as seen, a costly
 * part of the walk spared.
 */
export function normalizeDiscriminatorMappings(document: unknown, sourceText: string, fromJson: boolean): void {
  if (!/mapping/.test(sourceText)) return;
  const schemas = (document as { components?: { schemas?: Record<string, unknown> } })?.components?.schemas;
  if (!schemas || typeof schemas !== 'object') return;
  const seen = fromJson ? undefined : new Set<object>();
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object' || seen?.has(node)) return;
    seen?.add(node);
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    const record = node as Record<string, unknown>;
    const mapping = (record.discriminator as { mapping?: unknown } | undefined)?.mapping;
    if (mapping && typeof mapping === 'object' && !Array.isArray(mapping)) {
      for (const [key, value] of Object.entries(mapping as Record<string, unknown>)) {
        if (typeof value === 'string' && !isMappingRef(value) && Object.hasOwn(schemas, value)) {
          (mapping as Record<string, unknown>)[key] = `#/components/schemas/${escapeToken(value)}`;
        }
      }
    }
    // for-in: no array of values is made for each of the document's objects.
    for (const key in record) visit(record[key]);
  };
  visit(document);
}
