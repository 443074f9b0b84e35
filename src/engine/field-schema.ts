/**
 * One field's slice of a page's validation schema: every rule that can give that field an error
 * (its property, its `required` entries with their messages, the if/then and dependentSchemas
 * rules that require or constrain it, their conditions kept whole), and none of the other fields'.
 * Compiled at build time (scripts/build-validators.ts), it gives the field the errors the page's
 * validator gives it for the same answers, at a fraction of the cost: the form store runs it on
 * each keystroke and the page's validator after the frame (issue 43).
 */

type Json = Record<string, unknown>;

/** Keywords that carry no rule: a node holding only these is empty. */
const inert = new Set(['$schema', '$id', '$comment', 'title', 'description', 'type', 'x-page']);

/**
 * Object-level keywords this slicer narrows. A node with any other keyword (anyOf, not,
 * patternProperties...) or a whole-node errorMessage string is kept whole: its errors for the
 * field are then exactly the page's, and the other fields' errors it gives are dropped by the
 * caller, which reads only the field's.
 */
const narrowable = new Set([
  ...inert,
  'properties',
  'required',
  'errorMessage',
  'allOf',
  'if',
  'then',
  'else',
  'dependentSchemas',
  'dependentRequired',
]);

/** Inert keywords a field's validator leaves out. */
const notes = new Set(['$comment', 'title', 'description', 'x-page']);

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a node can give errors at all (it holds a keyword other than the inert ones). */
const hasRules = (node: Json): boolean => Object.keys(node).some((key) => !inert.has(key));

/** An object-level errorMessage narrowed to the field; undefined when nothing of it is left. */
function narrowMessages(messages: Json, field: string): Json | undefined {
  const result: Json = {};
  for (const [keyword, value] of Object.entries(messages)) {
    if ((keyword === 'required' || keyword === 'properties') && isObject(value)) {
      if (field in value) result[keyword] = { [field]: value[field] };
    } else result[keyword] = value;
  }
  return Object.keys(result).length ? result : undefined;
}

/** A schema that applies to the answers object, narrowed to one field's rules; null if none. */
function narrow(node: Json, field: string): Json | null {
  const keepWhole =
    Object.keys(node).some((key) => !narrowable.has(key)) ||
    (node.errorMessage !== undefined && !isObject(node.errorMessage)) ||
    (isObject(node.errorMessage) && '_' in node.errorMessage);
  if (keepWhole) return node;

  const result: Json = {};
  for (const [keyword, value] of Object.entries(node)) {
    // Words for readers only: the generated code would carry them once per field.
    if (notes.has(keyword)) continue;
    if (keyword === 'properties' && isObject(value)) {
      if (field in value) result.properties = { [field]: value[field] };
    } else if (keyword === 'required' && Array.isArray(value)) {
      if (value.includes(field)) result.required = [field];
    } else if (keyword === 'errorMessage' && isObject(value)) {
      const messages = narrowMessages(value, field);
      if (messages) result.errorMessage = messages;
    } else if (keyword === 'allOf' && Array.isArray(value)) {
      const parts = value.map((part) => (isObject(part) ? narrow(part, field) : part));
      const kept = parts.filter((part) => part !== null);
      if (kept.length) result.allOf = kept;
    } else if (keyword === 'dependentSchemas' && isObject(value)) {
      const kept: Json = {};
      for (const [name, schema] of Object.entries(value)) {
        const part = isObject(schema) ? narrow(schema, field) : schema;
        if (part !== null) kept[name] = part;
      }
      if (Object.keys(kept).length) result.dependentSchemas = kept;
    } else if (keyword === 'dependentRequired' && isObject(value)) {
      const kept: Json = {};
      for (const [name, list] of Object.entries(value))
        if (Array.isArray(list) && list.includes(field)) kept[name] = [field];
      if (Object.keys(kept).length) result.dependentRequired = kept;
    } else if (keyword === 'then' || keyword === 'else') {
      const part = isObject(value) ? narrow(value, field) : value;
      if (part !== null) result[keyword] = part;
    } else result[keyword] = value;
  }
  // An `if` whose branches are both gone constrains nothing; ajv wants a branch beside it.
  if ('if' in result && !('then' in result) && !('else' in result)) delete result.if;
  const messages = result.errorMessage;
  // ajv-errors' messages without the rules they name would be left unused.
  if (isObject(messages)) {
    if (isObject(messages.required) && !('required' in result)) delete messages.required;
    if (isObject(messages.properties) && !('properties' in result)) delete messages.properties;
    if (Object.keys(messages).length === 0) delete result.errorMessage;
  }
  const { errorMessage: _messages, ...rules } = result;
  return hasRules(rules) ? result : null;
}

/** The answer keys a page schema names: its properties and required entries, at any depth. */
export function schemaFields(schema: Json): string[] {
  const keys = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isObject(node)) return;
    if (isObject(node.properties)) for (const key of Object.keys(node.properties)) keys.add(key);
    if (Array.isArray(node.required))
      for (const key of node.required) if (typeof key === 'string') keys.add(key);
    for (const [keyword, value] of Object.entries(node))
      if (keyword !== 'properties' && keyword !== 'if') visit(value);
    if (isObject(node.dependentRequired))
      for (const list of Object.values(node.dependentRequired))
        if (Array.isArray(list)) for (const key of list) keys.add(String(key));
  };
  visit(schema);
  return [...keys].sort();
}

/**
 * The page schema narrowed to the rules that can give `field` an error, with `$id`; null when no
 * rule names the field (it can have no error).
 */
export function fieldSchema(schema: Json, field: string, id: string): Json | null {
  const narrowed = narrow(schema, field);
  return narrowed && { ...narrowed, $id: id };
}
