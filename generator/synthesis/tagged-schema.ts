/**
 * A schema with the discriminator tag the generated types give it (model/discriminator-tags.ts), so
 * that a value made from it carries the tag that selects its branch.
 */
import type { DiscriminatorTag } from '../model/discriminator-tags.js';
import type { SchemaObject } from '../model/types.js';

/** Marks the property {@link withTag} writes: its enum is the types' tag, not the document's own. */
export const TAG_MARK = 'x-fixture-tag';

/** `schema` with its tag: a required property whose enum is the tag's values (as openapi-typescript patches it). */
export function withTag(schema: SchemaObject, tag: DiscriminatorTag): SchemaObject {
  const property: SchemaObject = { type: 'string', enum: tag.values, [TAG_MARK]: true };
  if (schema.allOf)
    return { ...schema, allOf: [...schema.allOf, { type: 'object', required: [tag.propertyName], properties: { [tag.propertyName]: property } }] };
  const required = schema.required?.includes(tag.propertyName) ? schema.required : [...(schema.required ?? []), tag.propertyName];
  return { ...schema, required, properties: { ...schema.properties, [tag.propertyName]: property } };
}
