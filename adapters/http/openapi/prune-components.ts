import type { Json } from './json.js';

/** Every `$ref` under `node`. */
const refsIn = (node: Json, found: Set<string>): Set<string> => {
  if (Array.isArray(node)) for (const item of node) refsIn(item, found);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.add(value);
      else refsIn(value, found);
    }
  }
  return found;
};

/** Drops components no operation or webhook reaches (the other surface's schemas). */
export const pruneComponents = (doc: Json, keep: readonly string[]) => {
  const components = doc.components ?? {};
  const reached = new Set<string>(keep);
  let frontier = [...refsIn({ paths: doc.paths, webhooks: doc.webhooks }, new Set()), ...keep];
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const target of frontier) {
      const match = /^#\/components\/([^/]+)\/(.+)$/.exec(target);
      if (!match) continue;
      reached.add(target);
      const component = components[match[1]!]?.[match[2]!];
      for (const inner of refsIn(component, new Set())) if (!reached.has(inner)) next.push(inner);
    }
    frontier = next;
  }
  for (const kind of Object.keys(components)) {
    if (kind === 'securitySchemes') continue;
    for (const name of Object.keys(components[kind])) {
      if (!reached.has(`#/components/${kind}/${name}`)) delete components[kind][name];
    }
    if (Object.keys(components[kind]).length === 0) delete components[kind];
  }
};
