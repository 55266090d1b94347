import { PATH_EXAMPLES, REQUEST_EXAMPLES } from './operation-examples.js';
import { OPERATION_TEXTS } from './operation-texts.js';

/** Loosely typed JSON: the document is plain data. */
type Json = any;

/** Texts and examples an operation's route did not declare itself (the route's own win). */
export const completeOperation = (op: Json, method: string, path: string): void => {
  const key = `${method.toUpperCase()} ${path}`;
  const texts = OPERATION_TEXTS[key];
  if (texts) {
    op.summary ??= texts.summary;
    op.description ??= texts.description;
  }
  const media = op.requestBody?.content?.['application/json'];
  if (media && media.example === undefined && media.examples === undefined && REQUEST_EXAMPLES[key] !== undefined) {
    media.example = REQUEST_EXAMPLES[key];
  }
  const segments = path.split('/');
  for (const param of op.parameters ?? []) {
    if (param.in !== 'path' || param.example !== undefined) continue;
    const at = segments.indexOf(`{${param.name}}`);
    const demo = at > 0 ? PATH_EXAMPLES[segments[at - 1]!] : undefined;
    if (demo) param.example = demo;
  }
};
