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
  const tools = withMoneyConfirmation([
    ...handTools.map((tool) => handTool(tool, operationOf.get(tool.name))),
    ...apiOperations(doc)
      .filter((op) => !op.outsideApi && EXCLUDED_OPERATIONS[op.key] === undefined && HAND_TOOL_OPERATIONS[op.key] === undefined)
      .map((op) => operationTool(doc, op)),
  ], money);
  const names = new Set<string>();
  for (const tool of tools) {
    if (names.has(tool.name)) throw new Error(`two assistant tools are named ${tool.name}`);
    names.add(tool.name);
  }
  cache.set(doc, tools);
  return tools;
};
