// drizzle's row mapping, worked out once per prepared statement instead of once per row (decision 093).
// drizzle maps every row by walking its selection again: an `is()` class check and a path iterator per column
// per row, which on the 50-tile layout cost as much as the rest of the request's JavaScript. The statements
// every request runs (the session check, the layout) map their rows with this instead: the same objects, the
// same keys in the same order, the same decoders, the same left-join nulls.
import { Column, SQL, Subquery, getTableName, is, type Table } from 'drizzle-orm';

/** One selected column as drizzle orders it (`orderSelectedFields`): where it goes, and what decodes it. */
interface SelectedField {
  path: string[];
  field: unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** pg's table of value parsers, as a query's config may carry its own */
interface TypeParsers {
  getTypeParser(typeId: number, format?: string): unknown;
}

/** The parts of a drizzle prepared query this reads and sets (drizzle's own, not in its types). */
interface PreparedInternals {
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
  /** node-postgres only: the config handed to pg on every execution */
  queryConfig?: { types?: TypeParsers };
}

/**
 * A parser table that answers as `types` does, from memory after the first ask: pg asks the table once per
 * column on every execution, and drizzle's table tests nine type ids and makes a new function for each
 * timestamp column each time it is asked. A type's parser never changes while the process runs.
 */
function rememberedParsers(types: TypeParsers): TypeParsers {
  const known = { text: new Map<number, unknown>(), binary: new Map<number, unknown>() };
  return {
    getTypeParser(typeId, format = 'text') {
      const byType = format === 'binary' ? known.binary : known.text;
      let parser = byType.get(typeId);
      if (parser === undefined) {
        parser = types.getTypeParser(typeId, format);
        byType.set(typeId, parser);
      }
      return parser;
    },
  };
}

/** The decoder drizzle's mapResultRow picks for a field. */
function decoderOf(field: unknown): Decoder {
  type WithDecoder = { decoder: Decoder };
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as WithDecoder).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: WithDecoder } })._.sql.decoder;
  return (field as { sql: WithDecoder }).sql.decoder;
}

interface Step {
  /** objects to create before this column's value, in order: [slot, parent slot, key] */
  opens: [number, number, string][];
  slot: number;
  key: string;
  decoder: Decoder;
}

/**
 * A mapper equal to drizzle's `mapResultRow` over `fields` for every row: nested objects are created when
 * their first column comes, as drizzle does, so keys keep drizzle's order; a top-level object whose first
 * column is null and whose columns all come from one table that `joinsNotNullableMap` does not call
 * not-nullable (a left join that found nothing) becomes null, as in drizzle.
 */
export function compileRowMapper(
  fields: SelectedField[],
  joinsNotNullableMap?: Record<string, boolean>,
): (rows: unknown[][]) => Record<string, unknown>[] {
  const slots = new Map<string, number>([['', 0]]);
  const steps: Step[] = fields.map(({ path, field }) => {
    const opens: Step['opens'] = [];
    let parent = 0;
    for (let depth = 0; depth < path.length - 1; depth++) {
      const prefix = path.slice(0, depth + 1).join('\u0000');
      let slot = slots.get(prefix);
      if (slot === undefined) {
        slot = slots.size;
        slots.set(prefix, slot);
        opens.push([slot, parent, path[depth]!]);
      }
      parent = slot;
    }
    return { opens, slot: parent, key: path[path.length - 1]!, decoder: decoderOf(field) };
  });
  // drizzle's left-join rule, decided per object once: [object key, column index of its first column]
  const nullable: [string, number][] = [];
  if (joinsNotNullableMap) {
    const objects = new Map<string, { first: number; table: string | false }>();
    fields.forEach(({ path, field }, index) => {
      if (path.length !== 2 || !is(field, Column)) return;
      const table = getTableName(field.table as Table);
      const seen = objects.get(path[0]!);
      if (!seen) objects.set(path[0]!, { first: index, table });
      else if (seen.table !== table) seen.table = false;
    });
    for (const [key, { first, table }] of objects)
      if (table !== false && !joinsNotNullableMap[table]) nullable.push([key, first]);
  }
  const slotCount = slots.size;
  return (rows) =>
    rows.map((row) => {
      const objects: Record<string, unknown>[] = new Array<Record<string, unknown>>(slotCount);
      const root: Record<string, unknown> = {};
      objects[0] = root;
      for (let i = 0; i < steps.length; i++) {
        const step = steps[i]!;
        for (const [slot, parent, key] of step.opens) objects[parent]![key] = objects[slot] = {};
        const raw = row[i];
        objects[step.slot]![step.key] = raw === null ? null : step.decoder.mapFromDriverValue(raw);
      }
      for (const [key, first] of nullable) if (row[first] === null) root[key] = null;
      return root;
    });
}

/**
 * Makes a prepared select map its rows with a mapper compiled from its selection (compileRowMapper), and on
 * node-postgres pick its value parsers from memory (rememberedParsers), for the statements on every request's
 * path. Returns the same prepared statement.
 */
export function withCompiledRows<Q>(prepared: Q): Q {
  const internals = prepared as PreparedInternals;
  if (!internals.fields || internals.customResultMapper)
    throw new Error('withCompiledRows: not a prepared select of drizzle');
  internals.customResultMapper = compileRowMapper(internals.fields, internals.joinsNotNullableMap);
  const config = internals.queryConfig;
  if (config?.types) config.types = rememberedParsers(config.types);
  return prepared;
}
