import { isValidElement, type Child, type JSXNode } from 'hono/jsx';

/**
 * The nodes as they will render: arrays flattened, fragments opened, and components (a row of its
 * own, `<ConversionCells>`) called now, so that their cells can be labelled too. An async component
 * is left as it is (its cells show unlabelled).
 */
const expanded = (children: Child): Child[] => {
  if (Array.isArray(children)) return children.flatMap((c) => expanded(c as Child));
  if (!isValidElement(children)) return [children];
  const node = children as JSXNode;
  if (node.tag === '') return expanded(node.children as Child);
  if (typeof node.tag === 'function') {
    const props: Record<string, unknown> = { ...node.props };
    if (node.children.length > 0) props.children = node.children.length === 1 ? node.children[0] : node.children;
    const out = (node.tag as (p: Record<string, unknown>) => unknown)(props);
    return out instanceof Promise ? [node] : expanded(out as Child);
  }
  return [node];
};

const span = (cell: JSXNode) => Math.max(1, Number((cell.props as { colspan?: unknown }).colspan ?? 1) || 1);

/**
 * The rows with each cell given its column's heading as `data-label`, so that on a narrow screen a
 * row reads as a card of labelled values (the stylesheet shows the label before the value). Raw HTML
 * rows are left as they are.
 */
export const labelCells = (rows: Child | undefined, labels: readonly string[]): Child[] => {
  const out = expanded(rows);
  for (const row of out) {
    if (!isValidElement(row) || (row as JSXNode).tag !== 'tr') continue;
    const tr = row as JSXNode;
    tr.children = expanded(tr.children as Child);
    let column = 0;
    for (const cell of tr.children) {
      if (!isValidElement(cell)) continue;
      const node = cell as JSXNode;
      if (node.tag !== 'td' && node.tag !== 'th') continue;
      const label = labels[column];
      const props = node.props as Record<string, unknown>;
      if (label && props['data-label'] === undefined && span(node) === 1) node.props = { ...props, 'data-label': label };
      column += span(node);
    }
  }
  return out;
};
