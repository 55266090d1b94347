import type { Json } from '../../http/openapi/json.js';
import { handTool } from '../assistant-server.js';
import { withMoneyConfirmation, type MoneyMoveDependencies } from '../confirmation/money-moves.js';
import type { AssistantTool, McpTool } from '../tool.js';
import { apiOperations } from './api-operations.js';
import { operationTool } from './operation-tool.js';
import { EXCLUDED_OPERATIONS, HAND_TOOL_OPERATIONS } from './tool-catalogue.js';

const cache = new WeakMap<object, McpTool[]>();

/**
 * Every tool `tools/list` gives: the hand-written ones (the spec's five and the program-running
 * ones), then one generated tool per operation of the public API that no hand-written tool answers
 * and that is not excluded with a reason. Built once per document, so an operation added to the API
 * is a tool without anything written here.
 */
export const assistantToolList = (handTools: readonly AssistantTool[], doc: Json, money: MoneyMoveDependencies): McpTool[] => {
  const cached = cache.get(doc);
  if (cached) return cached;
  const operationOf = new Map(Object.entries(HAND_TOOL_OPERATIONS).map(([operation, tool]) => [tool, operation]));
  const hand = handTools.map((tool) => handTool(tool, operationOf.get(tool.name)));
  const names = new Set(hand.map((tool) => tool.name));
  const generated: McpTool[] = [];
  for (const op of apiOperations(doc)) {
    if (op.outsideApi || EXCLUDED_OPERATIONS[op.key] !== undefined || HAND_TOOL_OPERATIONS[op.key] !== undefined) continue;
    // A readable name another tool already has gives way to the operationId's, which the document keeps unique.
    const tool = operationTool(doc, op, (name) => !names.has(name));
    names.add(tool.name);
    generated.push(tool);
  }
  const tools = withMoneyConfirmation([...hand, ...generated], money);
  cache.set(doc, tools);
  return tools;
};
