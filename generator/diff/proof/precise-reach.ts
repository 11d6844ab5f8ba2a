/**
 * The places an assignment compares exactly: assigning the new payload to the old payload type (or
 * old parameter values to the new method) makes the compiler compare every property, item and map
 * value below, and a union's variants one by one where a literal value tells them apart. Where no
 * literal does, the compiler matches a variant to any that fits, so what lies inside is not looked at.
 */
import type { PlacedSchema, SchemaPlaces } from './schema-places.js';
import { unionTests } from './union-narrowing.js';

/** What one component's schema reaches exactly: its own places, and the components below. */
interface Reach {
  places: Set<string>;
  components: Set<string>;
}

export class PreciseReach {
  private readonly memo = new Map<string, Reach>();

  constructor(private readonly schemas: SchemaPlaces) {}

  /** Every place compared exactly when a value of `root` is assigned. */
  from(root: PlacedSchema): Set<string> {
    const own = this.walk(root);
    const places = new Set(own.places);
    const done = new Set<string>();
    const queue = [...own.components];
    while (queue.length > 0) {
      const name = queue.pop() as string;
      if (done.has(name)) continue;
      done.add(name);
      const reach = this.component(name);
      for (const place of reach.places) places.add(place);
      queue.push(...reach.components);
    }
    return places;
  }

  private component(name: string): Reach {
    let reach = this.memo.get(name);
    if (!reach) {
      reach = this.walk({ schema: { $ref: `#/components/schemas/${name.replace(/~/g, '~0').replace(/\//g, '~1')}` }, pointer: '' }, name);
      this.memo.set(name, reach);
    }
    return reach;
  }

  /** The places of `root`'s own tree; the components it refers to are listed, not entered (each is walked once). */
  private walk(root: PlacedSchema, self?: string): Reach {
    const reach: Reach = { places: new Set(), components: new Set() };
    const stack: PlacedSchema[] = [root];
    const seen = new Set<string>();
    while (stack.length > 0) {
      const node = stack.pop() as PlacedSchema;
      const resolved = this.schemas.resolve(node);
      for (const place of resolved.places) if (place !== '') reach.places.add(place);
      if (resolved.component !== undefined && resolved.component !== self) {
        reach.components.add(resolved.component);
        continue;
      }
      if (seen.has(resolved.pointer)) continue;
      seen.add(resolved.pointer);
      const { schema } = resolved;
      for (const property of this.schemas.properties(resolved).values()) stack.push(property.at);
      if (schema.items && typeof schema.items === 'object') stack.push({ schema: schema.items, pointer: `${resolved.pointer}/items` });
      if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
        stack.push({ schema: schema.additionalProperties, pointer: `${resolved.pointer}/additionalProperties` });
      const tests = unionTests(this.schemas, resolved);
      if (tests?.literal) for (const variant of tests.variants) stack.push(variant.member);
    }
    return reach;
  }
}
