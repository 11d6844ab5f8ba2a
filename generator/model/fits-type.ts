import type { SchemaObject } from './types.js';

/** True when a JSON value has the given schema type (no type: any). */
export function fitsType(value: unknown, type: SchemaObject['type']): boolean {
  switch (type) {
    case undefined:
      return true;
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    default:
      return typeof value === type;
  }
}
