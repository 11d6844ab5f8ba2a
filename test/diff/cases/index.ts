import type { DiffCase } from '../helpers.js';
import { composition } from './composition.js';
import { enumsAndConstraints } from './enums-constraints.js';
import { extensions } from './extensions.js';
import { generatedSurfaces } from './generated-surfaces.js';
import { lifecycle } from './lifecycle.js';
import { otherKeywords } from './other-keywords.js';
import { parameters } from './parameters.js';
import { pathsAndOperations } from './paths-operations.js';
import { readAndWriteOnly } from './read-write-only.js';
import { requestBodies } from './request-bodies.js';
import { requiredAndNullable } from './required-nullable.js';
import { responses } from './responses.js';
import { securityServersTags } from './security-servers-tags.js';
import { versions } from './versions.js';

/** The catalogue by category (issue 32's list). */
export const CATALOGUE: Record<string, DiffCase[]> = {
  'paths and operations': pathsAndOperations,
  parameters,
  'request bodies': requestBodies,
  'responses, headers and media types': responses,
  'enums and constraints': enumsAndConstraints,
  'required and nullable': requiredAndNullable,
  composition,
  'read and write only': readAndWriteOnly,
  'security, servers, tags': securityServersTags,
  extensions,
  'generated surfaces': generatedSurfaces,
  'versions 3.1 and 3.2': versions,
  'deprecation, sunset and stability': lifecycle,
  'keywords without a rule of their own': otherKeywords,
};
